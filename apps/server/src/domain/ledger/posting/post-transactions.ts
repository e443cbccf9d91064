import { and, asc, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../../../db/database.js';
import { accounts, transactions } from '../../../db/schema.js';
import { inTransaction } from '../../../db/transaction.js';
import { lockAccounts } from '../locked-accounts.js';
import { tryPostingLock, waitForPostingLock } from '../../../db/locks.js';
import { postRows } from '../post-rows.js';
import type { Clock } from '../../../clock.js';

export interface PostingOptions {
  /** The posting moment: posted_date of every row posted, and (unless `all`) the due cut-off. */
  now: Date;
  /** Only this bank's transactions (the admin's end-of-day run); every bank by default. */
  bankId?: number;
  /** Every pending transaction, due or not (the admin's "post now"). */
  all?: boolean;
  /** Wait for another poster to finish instead of leaving the work to it (the admin's call). */
  wait?: boolean;
  /**
   * Post at this clock's time read once the posting lock is held, never earlier than `now` (the
   * server's job and the admin's call). A month-end that ran while this run waited for the lock
   * then never misses a row stamped inside its month (posting and statements: db/locks.ts).
   */
  live?: Clock;
}

export interface PostingResult {
  posted: number;
  /** True when another process held the posting lock and this run did nothing more. */
  skipped: boolean;
}

/** Due rows one database transaction posts at most; bounds lock time and memory. */
const ROWS_PER_BATCH = 1000;

function dueRows(options: PostingOptions): SQL {
  return and(
    eq(transactions.status, 'pending'),
    isNull(transactions.deletedAt),
    options.all ? undefined : lte(transactions.transactionDate, options.now),
  )!;
}

/** The earliest due rows (by transaction_date, id), one batch of them: their accounts and the last row's id. */
async function nextBatch(
  tx: Tx,
  options: PostingOptions,
): Promise<{ accountNumbers: string[]; lastId: number } | null> {
  const rows = await tx
    .select({ id: transactions.id, accountNumber: transactions.accountNumber })
    .from(transactions)
    .innerJoin(accounts, eq(accounts.accountNumber, transactions.accountNumber))
    .where(
      and(dueRows(options), options.bankId === undefined ? undefined : eq(accounts.bankId, options.bankId)),
    )
    .orderBy(asc(transactions.transactionDate), asc(transactions.id))
    .limit(ROWS_PER_BATCH);
  const last = rows.at(-1);
  if (!last) return null;
  return { accountNumbers: [...new Set(rows.map((r) => r.accountNumber))], lastId: last.id };
}

/** One batch in one database transaction; null when another process holds the posting lock. */
async function postBatch(tx: Tx, options: PostingOptions): Promise<{ posted: number; more: boolean } | null> {
  if (options.wait) await waitForPostingLock(tx);
  else if (!(await tryPostingLock(tx))) return null;
  if (options.live)
    options = { ...options, now: new Date(Math.max(options.live.now().getTime(), options.now.getTime())) };
  const batch = await nextBatch(tx, options);
  if (!batch) return { posted: 0, more: false };
  // Accounts first, then their rows: the order every money movement and edit locks in. Under
  // the account locks, re-read the rows up to the batch's last one: that is the batch, as it is now.
  const locked = await lockAccounts(tx, batch.accountNumbers);
  const rows = await tx
    .select()
    .from(transactions)
    .where(
      and(
        dueRows(options),
        inArray(transactions.accountNumber, batch.accountNumbers),
        sql`(${transactions.transactionDate}, ${transactions.id}) <= (select c.transaction_date, c.id from ${transactions} c where c.id = ${batch.lastId})`,
      ),
    )
    .orderBy(asc(transactions.transactionDate), asc(transactions.id))
    .for('update');
  return { posted: await postRows(tx, options.now, locked, rows), more: true };
}

/**
 * The posting process (API.md "The ledger rules"): posts every pending transaction whose
 * transactionDate has passed (or, with `all`, every pending one), in (transaction_date, id) order,
 * each with its account's running posted balance. Runs under an advisory lock, so only one
 * process posts at a time; the work is split into database transactions of at most
 * ROWS_PER_BATCH rows, taken in posting order.
 */
export async function postTransactions(db: Executor, options: PostingOptions): Promise<PostingResult> {
  let posted = 0;
  for (;;) {
    const batch = await inTransaction(db, (tx) => postBatch(tx, options));
    if (batch === null) return { posted, skipped: true };
    posted += batch.posted;
    if (!batch.more) return { posted, skipped: false };
  }
}
