import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { branch, createBranchBody, positiveId, updateBranchBody } from '@bank/shared';
import { createBranch } from '../domain/branches/create-branch.js';
import { deleteBranch } from '../domain/branches/delete-branch.js';
import { listBranches } from '../domain/branches/list-branches.js';
import { updateBranch } from '../domain/branches/update-branch.js';
import { actorOf } from '../plugins/auth.js';
import type { RouteDeps } from './deps.js';

export const branchRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  app.get(
    '/teller/branches/:bankId',
    {
      config: { tier: 'teller' },
      schema: {
        tags: ['branches'],
        params: z.object({ bankId: positiveId }),
        response: { 200: z.array(branch) },
      },
    },
    (request) => listBranches(db, actorOf(request), request.params.bankId),
  );

  app.post(
    '/admin/branches/create',
    {
      config: { tier: 'admin' },
      schema: { tags: ['branches'], body: createBranchBody, response: { 201: branch } },
    },
    async (request, reply) => reply.code(201).send(await createBranch(db, actorOf(request), request.body)),
  );

  app.put(
    '/admin/branches/update',
    {
      config: { tier: 'admin' },
      schema: { tags: ['branches'], body: updateBranchBody, response: { 200: branch } },
    },
    (request) => updateBranch(db, actorOf(request), request.body),
  );

  app.delete(
    '/admin/branches/:branchId/delete',
    {
      config: { tier: 'admin' },
      schema: { tags: ['branches'], params: z.object({ branchId: positiveId }), response: { 204: z.null() } },
    },
    async (request, reply) => {
      await deleteBranch(db, actorOf(request), request.params.branchId);
      return reply.code(204).send(null);
    },
  );
};
