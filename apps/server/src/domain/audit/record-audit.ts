import { formatCents, type AuditAction } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';

/** An amount in an audit line: "$1,234.50". */
export const dollars = (cents: number) => `$${formatCents(cents)}`;

export interface AuditEvent {
  bankId: number;
  /** Who did it; null for what the bank did by itself (a schedule's own run). */
  actorUserId: number | null;
  action: Exclude<AuditAction, 'update' | 'delete'>;
  at: Date;
  /** One line for a person: what happened, with the names and amounts that matter. */
  summary: string;
  transactionId?: number | null;
  scheduleId?: number | null;
  batchId?: string | null;
}

/**
 * Writes one record to the audit log, in the caller's transaction: the record and what it records
 * commit together or not at all. (Edits and deletes of a transaction keep their before and after:
 * writeAudit in domain/ledger/corrections/change-transaction.ts.)
 */
export async function recordAudit(tx: Executor, event: AuditEvent): Promise<void> {
  await tx.insert(auditLog).values({
    bankId: event.bankId,
    actorUserId: event.actorUserId,
    action: event.action,
    at: event.at,
    summary: event.summary,
    transactionId: event.transactionId ?? null,
    scheduleId: event.scheduleId ?? null,
    batchId: event.batchId ?? null,
  });
}
