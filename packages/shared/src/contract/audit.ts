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
    query: auditPageQuery,
    response: { 200: z.array(auditRecord) },
  }),
};
