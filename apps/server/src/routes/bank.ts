import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bankSettings, positiveId, updateBankBody } from '@bank/shared';
import { getBankSettings, updateBankSettings } from '../domain/bank/bank-settings.js';
import { actorOf } from '../plugins/auth.js';
import type { RouteDeps } from './deps.js';

export const bankRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  app.get(
    '/user/bank/:bankId',
    {
      config: { tier: 'user' },
      schema: { tags: ['bank'], params: z.object({ bankId: positiveId }), response: { 200: bankSettings } },
    },
    (request) => getBankSettings(db, actorOf(request), request.params.bankId),
  );

  app.put(
    '/admin/bank/update',
    {
      config: { tier: 'admin' },
      schema: { tags: ['bank'], body: updateBankBody, response: { 200: bankSettings } },
    },
    (request) => updateBankSettings(db, actorOf(request), request.body),
  );
};
