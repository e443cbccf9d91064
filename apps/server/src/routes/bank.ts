import { bankCalls as calls } from '@bank/shared';
import { getBankSettings, updateBankSettings } from '../domain/bank/bank-settings.js';
import { rescheduleBank } from '../domain/schedules/index.js';
import { actorOf } from '../plugins/auth.js';
import { registerRoute, type RoutePlugin } from './register.js';

export const bankRoutes: RoutePlugin = async (app, { db }) => {
  registerRoute(app, calls.get, (request) => getBankSettings(db, actorOf(request), request.params.bankId));

  registerRoute(app, calls.update, (request) =>
    updateBankSettings(db, actorOf(request), request.body, rescheduleBank),
  );
};
