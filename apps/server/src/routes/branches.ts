import { branchCalls as calls } from '@bank/shared';
import { createBranch } from '../domain/branches/create-branch.js';
import { deleteBranch } from '../domain/branches/delete-branch.js';
import { listBranches } from '../domain/branches/list-branches.js';
import { updateBranch } from '../domain/branches/update-branch.js';
import { actorOf } from '../plugins/auth.js';
import { registerRoute, type RoutePlugin } from './register.js';

export const branchRoutes: RoutePlugin = async (app, { db }) => {
  registerRoute(app, calls.list, (request) => listBranches(db, actorOf(request), request.params.bankId));

  registerRoute(app, calls.create, async (request, reply) =>
    reply.code(201).send(await createBranch(db, actorOf(request), request.body)),
  );

  registerRoute(app, calls.update, (request) => updateBranch(db, actorOf(request), request.body));

  registerRoute(app, calls.delete, async (request, reply) => {
    await deleteBranch(db, actorOf(request), request.params.branchId);
    return reply.code(204).send(null);
  });
};
