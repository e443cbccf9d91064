import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { fromCents, type BatchDetail, type BatchSummary } from '@bank/shared';
import type { Executor } from '../../../db/client.js';
import { accounts, batches, branches, transactions, users } from '../../../db/schema.js';
import { assertOwnBank } from '../../access.js';
import type { Actor } from '../../actor.js';
import { notFound } from '../../errors.js';

/**
 * A payday's count and total as its live payments make them: an admin may since have deleted a
 * payment (it leaves every balance, so it leaves the payday) or changed its amount. The batch row
 * keeps the payday as it was written (what its audit line says); the list shows what it is now,
 * worked out here rather than kept in step by every correction, so no later way of changing a
 * payment can leave it stale. Reversed payments stay in it: their reversal is another payday.
 */
const livePayments = sql`${transactions.batchId} = ${batches.id} and ${transactions.deletedAt} is null`;
const liveCountColumn =
  sql<number>`(select count(*)::int from ${transactions} where ${livePayments})`.mapWith(Number);
const liveTotalColumn = sql<number>`(
  select coalesce(sum(${transactions.amountCents}), 0) from ${transactions} where ${livePayments}
)`.mapWith(Number);
/** How many of the payday's transactions have been reversed since. */
const reversedCountColumn = sql<number>`(
  select count(*)::int from ${transactions} where ${livePayments} and ${transactions.reversedBy} is not null
)`.mapWith(Number);

/** The names a summary gives of a payday's students (the rest are counted, not named). */
const NAMES_SHOWN = 5;

/**
 * The payday's live items, as SQL over them with their account, owner and branch: each summary's
 * lists are read from these (through the batch index), in item order.
 */
const items = (where: SQL) => sql`
  from ${transactions} t
  join ${accounts} a on a.account_number = t.account_number
  join ${users} u on u.id = a.user_id
  join ${branches} br on br.id = a.branch_id
  where t.batch_id = ${batches.id} and t.deleted_at is null and ${where}`;

/** A JSON array from SQL (an empty one for none), read as the list it is, as text by both drivers. */
const jsonList = <T>(query: SQL) =>
  sql<T[]>`coalesce((${query})::text, '[]')`.mapWith((text: string) => JSON.parse(text) as T[]);

/** The classes the payday paid: each branch of its students once, by name. */
const branchesColumn = jsonList<{ branchId: number; branchName: string }>(sql`
  select json_agg(json_build_object('branchId', id, 'branchName', name) order by lower(name), id)
  from (select distinct br.id, br.name ${items(sql`true`)}) paid`);

/** The first names of its students (a reversal's: whom it undid), in item order. */
const namesColumn = jsonList<string>(sql`
  select json_agg(name order by id) from (select u.name, t.id ${items(sql`true`)} order by t.id limit ${NAMES_SHOWN}) firsts`);

/** The first names of those whose payments have been reversed since. */
const reversedNamesColumn = jsonList<string>(sql`
  select json_agg(name order by id) from (select u.name, t.id ${items(sql`t.reversed_by is not null`)} order by t.id limit ${NAMES_SHOWN}) firsts`);

/** The list is for finding a recent payday again, not an archive: the newest this many. */
const NEWEST_PAYDAYS = 1000;

/** The bank's paydays that match, newest first, as summaries. */
async function selectBatches(db: Executor, where: SQL | undefined, limit: number): Promise<BatchSummary[]> {
  const rows = await db
    .select({
      batch: batches,
      createdBy: users.username,
      count: liveCountColumn,
      totalCents: liveTotalColumn,
      createdByName: users.name,
      reversedCount: reversedCountColumn,
      branches: branchesColumn,
      names: namesColumn,
      reversedNames: reversedNamesColumn,
    })
    .from(batches)
    .innerJoin(users, eq(users.id, batches.createdBy))
    .where(where)
    .orderBy(desc(batches.createdAt), desc(batches.id))
    .limit(limit);
  return rows.map(
    ({
      batch,
      createdBy,
      createdByName,
      count,
      totalCents,
      reversedCount,
      branches,
      names,
      reversedNames,
    }) => ({
      batchId: batch.id,
      kind: batch.kind,
      memo: batch.memo,
      count,
      total: fromCents(totalCents),
      createdBy,
      createdByName,
      createdAt: batch.createdAt.toISOString(),
      reversalOf: batch.reversalOf,
      reversedCount,
      branches,
      names,
      reversedNames,
    }),
  );
}

/** GET /teller/batches/{bankId}: the bank's paydays, newest first (the newest 1000). */
export async function listBatches(db: Executor, actor: Actor, bankId: number): Promise<BatchSummary[]> {
  assertOwnBank(actor, bankId);
  return selectBatches(db, eq(batches.bankId, bankId), NEWEST_PAYDAYS);
}

/**
 * GET /teller/batches/{bankId}/{batchId}: one payday of the bank and its live payments (a deleted
 * one is out of every balance, so out of this list too), in item order, each with its student:
 * what an admin chooses from to reverse some of them. Another bank's payday is a 404.
 */
export async function getBatch(
  db: Executor,
  actor: Actor,
  bankId: number,
  batchId: string,
): Promise<BatchDetail> {
  assertOwnBank(actor, bankId);
  const [summary] = await selectBatches(db, and(eq(batches.bankId, bankId), eq(batches.id, batchId)), 1);
  if (!summary) throw notFound();
  const rows = await db
    .select({
      row: transactions,
      accountType: accounts.type,
      branchId: accounts.branchId,
      username: users.username,
      name: users.name,
    })
    .from(transactions)
    .innerJoin(accounts, eq(accounts.accountNumber, transactions.accountNumber))
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(and(eq(transactions.batchId, batchId), isNull(transactions.deletedAt)))
    .orderBy(asc(transactions.id));
  const payments = rows.map(({ row, accountType, branchId, username, name }) => ({
    transactionId: row.id,
    accountId: row.accountNumber,
    accountType,
    branchId,
    username,
    name,
    amount: fromCents(row.amountCents),
    status: row.status,
    reversedBy: row.reversedBy,
  }));
  return { ...summary, payments };
}
