import { sql } from 'drizzle-orm';
import { queryRows, type Executor, type Tx } from '../../../db/database.js';
import { tryPostingLock, waitForPostingLock } from '../../../db/locks.js';
import { inTransaction } from '../../../db/transaction.js';
import { claimAccountForPosting } from '../locked-accounts.js';
import { postPendingRows } from '../post-rows.js';
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

/**
 * Due rows one step reads and posts at most: a step is one short database transaction, so the
 * posting lock (which statements and interest wait for) is never held for long, a step fits well
 * inside a statement timeout, and on the embedded database (one connection) a transfer waits for
 * at most one step.
 */
export const ROWS_PER_STEP = 500;

/** What a run posts: rows due by the cut-off (every pending one with none) that existed when it began. */
interface RunBounds {
  dueBy: Date | null;
  maxId: number;
}

interface DueRow {
  id: number;
  accountNumber: string;
  claimed: boolean;
}

/**
 * The earliest due rows, in posting order (transaction_date, id), at most ROWS_PER_STEP, each
 * with whether this step claimed its account: accounts another transaction holds to rewrite
 * their rows are skipped (SKIP LOCKED), never waited for; their rows are taken on a later step.
 */
async function nextDueRows(tx: Tx, options: PostingOptions, bounds: RunBounds): Promise<DueRow[]> {
  const inBank =
    options.bankId === undefined
      ? sql``
      : sql`and t.account_number in (select b.account_number from accounts b where b.bank_id = ${options.bankId})`;
  const isDue = bounds.dueBy
    ? sql`and t.transaction_date <= ${bounds.dueBy.toISOString()}::timestamptz`
    : sql``;
  return queryRows<DueRow>(
    tx,
    sql`with due as (
          select t.id, t.account_number, t.transaction_date
          from transactions t
          where t.status = 'pending' and t.deleted_at is null and t.id <= ${bounds.maxId} ${isDue} ${inBank}
          order by t.transaction_date, t.id
          limit ${ROWS_PER_STEP}
        ), claimed as (
          select a.account_number from accounts a
          where a.account_number in (select account_number from due)
          order by a.account_number
          for key share of a skip locked
        )
        select d.id::bigint as "id", d.account_number as "accountNumber",
               d.account_number in (select account_number from claimed) as "claimed"
        from due d
        order by d.transaction_date, d.id`,
  );
}

/**
 * The rows of this step: those of the accounts it claimed; when another transaction holds every
 * one of them, the earliest row's account, waited for (a correction is short), so a run always
 * moves on.
 */
async function claimedRows(tx: Tx, due: DueRow[]): Promise<number[]> {
  const claimed = due.filter((row) => row.claimed);
  if (claimed.length > 0) return claimed.map((row) => Number(row.id));
  const first = due[0]!.accountNumber;
  await claimAccountForPosting(tx, first);
  return due.filter((row) => row.accountNumber === first).map((row) => Number(row.id));
}

/** The moment rows are posted at, and the run's cut-off: the live clock's time, never before `now`. */
const postingMoment = (options: PostingOptions): Date =>
  options.live ? new Date(Math.max(options.live.now().getTime(), options.now.getTime())) : options.now;

/** One step in one database transaction; null when another process holds the posting lock. */
async function postStep(
  tx: Tx,
  options: PostingOptions,
  bounds: RunBounds,
): Promise<{ posted: number; more: boolean } | null> {
  if (options.wait) await waitForPostingLock(tx);
  else if (!(await tryPostingLock(tx))) return null;
  const now = postingMoment(options);
  const due = await nextDueRows(tx, options, bounds);
  if (due.length === 0) return { posted: 0, more: false };
  return { posted: await postPendingRows(tx, now, await claimedRows(tx, due), bounds.dueBy), more: true };
}

/** The run's bounds: the cut-off, and the newest row when it began (rows written later wait for the next run). */
async function runBounds(db: Executor, options: PostingOptions): Promise<RunBounds> {
  const [row] = await queryRows<{ maxId: number | null }>(
    db,
    sql`select max(id)::bigint as "maxId" from transactions`,
  );
  const dueBy = options.all ? null : postingMoment(options);
  return { dueBy, maxId: Number(row?.maxId ?? 0) };
}

/**
 * The posting process (API.md "The ledger rules"): posts every pending transaction whose
 * transactionDate has passed (or, with `all`, every pending one), each with its account's running
 * posted balance, in posting order. Runs under an advisory lock, so only one process posts at a
 * time, in steps of at most ROWS_PER_STEP rows, each its own short database transaction that
 * takes the earliest due rows (transaction_date, id) of the accounts it can claim at once. An
 * account's rows post in that order; an account a correction held is posted on a later step,
 * after rows due later on other accounts. Transfers and every other money movement never wait
 * for a step, nor a step for them: the claim conflicts only with rewriting written rows
 * (db/locks.ts). A run posts the rows that existed when it began, so under a steady flow of new
 * transfers it ends.
 */
export async function postTransactions(db: Executor, options: PostingOptions): Promise<PostingResult> {
  const bounds = await runBounds(db, options);
  let posted = 0;
  for (;;) {
    const step = await inTransaction(db, (tx) => postStep(tx, options, bounds));
    if (step === null) return { posted, skipped: true };
    posted += step.posted;
    if (!step.more) return { posted, skipped: false };
  }
}
