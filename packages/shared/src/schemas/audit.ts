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

/**
 * What an audit record is of: an admin's edit or delete of a transaction (with `before` and
 * `after`), a reversal of a transaction or a payday, and every change and run of a schedule.
 */
export const AUDIT_ACTIONS = [
  'update',
  'delete',
  'reverse',
  'batch.reverse',
  'schedule.create',
  'schedule.update',
  'schedule.pause',
  'schedule.resume',
  'schedule.delete',
  'schedule.run',
  'request.approve',
  'request.reject',
  'request.cancel',
  'request.expire',
  'order.fulfil',
  'order.refund',
  'order.cancel',
  'order.expire',
  'auction.end',
  'auction.cancel',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * One audit record: who (`actor`: null for a schedule's own run, done by the bank), when, and what.
 * An edit or delete carries the transaction `before` and `after`; every other record a `summary`
 * for a person and the ids of what it touched.
 */
export const auditRecord = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  actor: z.string().nullable(),
  transactionId: z.number().int().nullable(),
  before: auditSnapshot.nullable(),
  after: auditSnapshot.nullable(),
  summary: z.string().nullable(),
  scheduleId: z.number().int().nullable(),
  batchId: z.string().nullable(),
});
export type AuditRecord = z.infer<typeof auditRecord>;

export const auditPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(limits.transactionPageMax).default(100),
  /** The last record's id: at most 15 digits, so it is exact as a number (below 2^53). */
  cursor: z
    .string()
    .regex(/^[0-9]{1,15}$/, messages.pageCursorInvalid)
    .optional()
    .describe('X-Next-Cursor of the previous page: the id of its last record'),
});
