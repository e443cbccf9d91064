import { auditCalls as calls } from '@bank/shared';
import { listAudit } from '../domain/audit/list-audit.js';
import { actorOf } from '../plugins/auth.js';
import { registerRoute, type RoutePlugin } from './register.js';

/** Beyond the spec: the admin's "Activity" view of transaction edits and deletes. */
export const auditRoutes: RoutePlugin = async (app, { db }) => {
  registerRoute(app, calls.list, async (request, reply) => {
    const page = await listAudit(db, actorOf(request), request.query);
    if (page.nextCursor) reply.header('X-Next-Cursor', page.nextCursor);
    return page.records;
  });
};
