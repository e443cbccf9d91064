import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditPageQuery, auditRecord } from '@bank/shared';
import { listAudit } from '../domain/audit/list-audit.js';
import { actorOf } from '../plugins/auth.js';
import type { RouteDeps } from './deps.js';

/** Beyond the spec: the admin's "Activity" view of transaction edits and deletes. */
export const auditRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  app.get(
    '/admin/audit',
    {
      config: { tier: 'admin' },
      schema: {
        tags: ['audit'],
        summary: "Audit records of the admin's bank, newest first; X-Next-Cursor when more exist",
        querystring: auditPageQuery,
        response: { 200: z.array(auditRecord) },
      },
    },
    async (request, reply) => {
      const page = await listAudit(db, actorOf(request), request.query);
      if (page.nextCursor) reply.header('X-Next-Cursor', page.nextCursor);
      return page.records;
    },
  );
};
