import { desc, eq, sql } from 'drizzle-orm';
import { fromCents, type BatchSummary } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { batches, transactions, users } from '../../db/schema.js';
import { assertOwnBank } from '../access.js';
import type { Actor } from '../actor.js';

/** How many of the payday's transactions have been reversed since. */
const reversedCountColumn = sql<number>`(
  select count(*)::int from ${transactions}
  where ${transactions.batchId} = ${batches.id} and ${transactions.reversedBy} is not null
)`.mapWith(Number);

/** The list is for finding a recent payday again, not an archive: the newest this many. */
const NEWEST_PAYDAYS = 1000;

/** GET /teller/batches/{bankId}: the bank's paydays, newest first (the newest 1000). */
export async function listBatches(db: Executor, actor: Actor, bankId: number): Promise<BatchSummary[]> {
  assertOwnBank(actor, bankId);
  const rows = await db
    .select({ batch: batches, createdBy: users.username, reversedCount: reversedCountColumn })
    .from(batches)
    .innerJoin(users, eq(users.id, batches.createdBy))
    .where(eq(batches.bankId, bankId))
    .orderBy(desc(batches.createdAt), desc(batches.id))
    .limit(NEWEST_PAYDAYS);
  return rows.map(({ batch, createdBy, reversedCount }) => ({
    batchId: batch.id,
    kind: batch.kind,
    memo: batch.memo,
    count: batch.itemCount,
    total: fromCents(batch.totalCents),
    createdBy,
    createdAt: batch.createdAt.toISOString(),
    reversalOf: batch.reversalOf,
    reversedCount,
  }));
}
