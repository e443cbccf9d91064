import { accountCalls as calls } from '@bank/shared';
import { closeAccount } from '../domain/accounts/close-account.js';
import { createAccount } from '../domain/accounts/create-account.js';
import { listBankAccounts, listUserAccounts } from '../domain/accounts/list-accounts.js';
import { actorOf } from '../plugins/auth.js';
import { sendPage } from './page.js';
import { registerRoute, type RoutePlugin } from './register.js';

export const accountRoutes: RoutePlugin = async (app, { db, clock }) => {
  registerRoute(app, calls.ofUser, (request) =>
    listUserAccounts(db, actorOf(request), request.params.username),
  );

  registerRoute(app, calls.ofBank, async (request, reply) =>
    sendPage(reply, await listBankAccounts(db, actorOf(request), request.params.bankId, request.query)),
  );

  registerRoute(app, calls.create, async (request, reply) =>
    reply.code(201).send(await createAccount(db, actorOf(request), request.body, clock.now())),
  );

  registerRoute(app, calls.close, async (request, reply) => {
    await closeAccount(db, actorOf(request), request.params.accountId, clock.now());
    return reply.code(204).send(null);
  });
};
