import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { account, accountNumber, createAccountBody, pathText, positiveId } from '@bank/shared';
import { closeAccount } from '../domain/accounts/close-account.js';
import { createAccount } from '../domain/accounts/create-account.js';
import { listBankAccounts, listUserAccounts } from '../domain/accounts/list-accounts.js';
import { actorOf } from '../plugins/auth.js';
import type { RouteDeps } from './deps.js';

export const accountRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  app.get(
    '/user/accounts/user/:username',
    {
      config: { tier: 'user' },
      schema: {
        tags: ['accounts'],
        params: z.object({ username: pathText('User Id') }),
        response: { 200: z.array(account) },
      },
    },
    (request) => listUserAccounts(db, actorOf(request), request.params.username),
  );

  app.get(
    '/teller/accounts/bank/:bankId',
    {
      config: { tier: 'teller' },
      schema: {
        tags: ['accounts'],
        params: z.object({ bankId: positiveId }),
        response: { 200: z.array(account) },
      },
    },
    (request) => listBankAccounts(db, actorOf(request), request.params.bankId),
  );

  app.post(
    '/admin/accounts/create',
    {
      config: { tier: 'admin' },
      schema: { tags: ['accounts'], body: createAccountBody, response: { 201: account } },
    },
    async (request, reply) => reply.code(201).send(await createAccount(db, actorOf(request), request.body)),
  );

  app.delete(
    '/admin/accounts/:accountId/delete',
    {
      config: { tier: 'admin' },
      schema: {
        tags: ['accounts'],
        summary: 'Closes the account (kept for history); only when empty with nothing pending',
        params: z.object({ accountId: accountNumber }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await closeAccount(db, actorOf(request), request.params.accountId);
      return reply.code(204).send(null);
    },
  );
};
