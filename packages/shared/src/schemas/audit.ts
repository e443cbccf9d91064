import { z } from 'zod';
import { limits } from '../constants.js';
import { messages } from '../messages.js';

/** What a transaction looked like before or after an admin's change, in currency units. */
export const auditSnapshot = z.object({
  accountId: z.string(),
  type: z.string(),
  description: z.string(),
  amount: z.number(),
  transactionDate: z.string(),
  status: z.string(),
  deleted: z.boolean(),
});

/** One audit record of a transaction edit or delete: who, when, before, after. */
export const auditRecord = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.enum(['update', 'delete']),
  actor: z.string(),
  transactionId: z.number().int(),
  before: auditSnapshot,
  after: auditSnapshot.nullable(),
});
export type AuditRecord = z.infer<typeof auditRecord>;

export const auditPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(limits.transactionPageMax).default(100),
  cursor: z
    .string()
    .regex(/^[0-9]{1,19}$/, messages.pageCursorInvalid)
    .optional(),
});
