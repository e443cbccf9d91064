import { and, desc, eq, lt } from 'drizzle-orm';
import { fromCents, type AuditRecord } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { transactionAudit, users } from '../../db/schema.js';
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

const toSnapshot = (s: StoredSnapshot) => ({
  accountId: s.accountId,
  type: s.type,
  description: s.description,
  amount: fromCents(s.amountCents),
  transactionDate: s.transactionDate,
  status: s.status,
  deleted: s.deletedAt !== null,
});

export interface AuditPage {
  records: AuditRecord[];
  nextCursor: string | null;
}

/** The admin's own bank's audit records of transaction edits and deletes, newest first, keyset-paged. */
export async function listAudit(
  db: Executor,
  actor: Actor,
  page: { limit: number; cursor?: string | undefined },
): Promise<AuditPage> {
  const rows = await db
    .select({ audit: transactionAudit, actor: users.username })
    .from(transactionAudit)
    .innerJoin(users, eq(users.id, transactionAudit.actorUserId))
    .where(
      and(
        eq(transactionAudit.bankId, actor.bankId),
        page.cursor ? lt(transactionAudit.id, Number(page.cursor)) : undefined,
      ),
    )
    .orderBy(desc(transactionAudit.id))
    .limit(page.limit + 1);
  const records = rows.slice(0, page.limit).map(({ audit, actor: username }) => ({
    id: audit.id,
    at: audit.at.toISOString(),
    action: audit.action,
    actor: username,
    transactionId: audit.transactionId,
    before: toSnapshot(audit.before as StoredSnapshot),
    after: audit.after ? toSnapshot(audit.after as StoredSnapshot) : null,
  }));
  const more = rows.length > page.limit;
  return { records, nextCursor: more ? String(records.at(-1)!.id) : null };
}
