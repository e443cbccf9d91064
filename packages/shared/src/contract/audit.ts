import { z } from 'zod';
import { auditPageQuery, auditRecord } from '../schemas/audit.js';
import { route } from './route.js';

/** Beyond the spec: the admin's "Activity" view of transaction edits and deletes. */
export const auditCalls = {
  list: route({
    method: 'GET',
    path: '/admin/audit',
    tier: 'admin',
    tags: ['audit'],
    summary: "Audit records of the admin's bank, newest first; X-Next-Cursor when more exist",
    query: auditPageQuery,
    response: { 200: z.array(auditRecord) },
  }),
};
