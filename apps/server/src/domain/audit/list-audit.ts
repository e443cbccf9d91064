import { and, desc, eq, lt } from 'drizzle-orm';
import { fromCents, type AuditRecord } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { auditLog, users } from '../../db/schema.js';
import type { Actor } from '../actor.js';

/** The shape writeAudit (domain/ledger) stores: exact cents and ISO dates. */
interface StoredSnapshot {
  accountId: string;
  type: string;
  description: string;
  amountCents: number;
  transactionDate: string;
  status: string;
  deletedAt: string | null;
}

const toSnapshot = (s: StoredSnapshot | null) =>
  s && {
    accountId: s.accountId,
    type: s.type,
    description: s.description,
    amount: fromCents(s.amountCents),
    transactionDate: s.transactionDate,
    status: s.status,
    deleted: s.deletedAt !== null,
  };

export interface AuditPage {
  records: AuditRecord[];
  nextCursor: string | null;
}

/**
 * The admin's own bank's audit log, newest first, keyset-paged: transaction edits and deletes
 * (before and after), reversals, and schedule changes and runs (a summary line each).
 */
export async function listAudit(
  db: Executor,
  actor: Actor,
  page: { limit: number; cursor?: string | undefined },
): Promise<AuditPage> {
  const rows = await db
    .select({ audit: auditLog, actor: users.username })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(
      and(eq(auditLog.bankId, actor.bankId), page.cursor ? lt(auditLog.id, Number(page.cursor)) : undefined),
    )
    .orderBy(desc(auditLog.id))
    .limit(page.limit + 1);
  const records = rows.slice(0, page.limit).map(({ audit, actor: username }) => ({
    id: audit.id,
    at: audit.at.toISOString(),
    action: audit.action,
    actor: username,
    transactionId: audit.transactionId,
    before: toSnapshot(audit.before as StoredSnapshot | null),
    after: toSnapshot(audit.after as StoredSnapshot | null),
    summary: audit.summary,
    scheduleId: audit.scheduleId,
    batchId: audit.batchId,
  }));
  const more = rows.length > page.limit;
  return { records, nextCursor: more ? String(records.at(-1)!.id) : null };
}
