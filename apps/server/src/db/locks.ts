import { sql } from 'drizzle-orm';
import { queryRows, type Executor, type Tx } from './database.js';

/**
 * Every advisory lock of the bank, in one place. The keys are constants of this bank's own that
 * every process sharing a database uses; no other code names a key.
 *
 * LOCK ORDER. A process that holds one of these and takes another always takes them in this
 * order (outermost first), so no two processes can wait for each other in a circle:
 *
 *   0. running lock: session-level, each on a connection of its own (db/running-mark.ts). Every
 *      bank process on PostgreSQL holds it shared for as long as it runs; restore takes it
 *      exclusive with a try, never waiting, and refuses while anyone holds it.
 *   1. startup lock: session-level, on a connection of its own, only while a process starts
 *      (migrations and the database functions, then the demo bank). Nothing else waits for it.
 *   2. month-end lock of one account (interest, statement, closing the account).
 *   3. posting lock: exclusive for posting and for anything that posts (interest), shared for
 *      what must read every posting committed so far (statements).
 *   4. sign-in locks: the username's, then the address's, only around counting one sign-in
 *      attempt (nothing else is held then).
 *   5. row locks: the bank row (admin changes), then an Idempotency-Key row, then a store order
 *      (deciding it) or the ordering Student's user row (an item with a per-student limit), or an
 *      auction (a bid, its end, its cancel: domain/auctions/), or a schedule's row (claiming an
 *      occurrence) or a schedule run's row (a step of it: domain/schedules/run-steps.ts), then
 *      accounts in ascending account number (one `SELECT … ORDER BY account_number FOR …`, also for
 *      every account of a class payday, the at most 50 of a schedule run's step, and in the
 *      transfer group's function), then a schedule run's payday row (only its steps write it after
 *      they created it), then a store
 *      item's row (an order takes one from its stock as its last write, a release gives it back
 *      after its account: domain/store/; no path holds an item and writes transaction rows),
 *      then transaction rows.
 *      An account row is locked in one of three strengths (domain/ledger/locked-accounts.ts):
 *      - FOR NO KEY UPDATE to move money (transfers, deposits, withdrawals, paydays, holds): new
 *        pending rows and balances; it excludes every other of these on the account.
 *      - FOR UPDATE to rewrite rows already written (edits, deletes, reversals, closing): it also
 *        excludes posting. Every change to an existing transaction row but posting's holds its
 *        account so.
 *      - FOR KEY SHARE, posting's claim: a posting step claims the accounts of its rows with SKIP
 *        LOCKED, after the posting lock. It conflicts only with FOR UPDATE, so a transfer and a
 *        posting step never wait for each other, and while a step holds it nobody changes the
 *        account's posted rows or the rows the step posts.
 *      Changing a job's holders (domain/economy/job-holders.ts) locks the job row, then the
 *      holders' user rows in ascending id (FOR NO KEY UPDATE, so sign-ins and rows that reference a
 *      user go on), and no account: two changes of one Student's jobs take turns for their 3 slots.
 *      One exception: a group written together claims its keys after its other locks. A transfer
 *      group (db/functions/ledger_transfer_group.sql) writes its keys, with their answers, after
 *      its accounts; an order group (store_order_group) locks its Students' rows (ascending id),
 *      its accounts (ascending number) and its items with stock (ascending id) first, then
 *      claims each order's key; a bid group (auction_bid_group) locks its auctions
 *      (ascending id) and every account it may touch (ascending number) first, then claims each
 *      bid's key. The same key at once on another path is the only wait the other way round;
 *      PostgreSQL breaks that cycle as a deadlock, and the broken transaction runs again (both
 *      retry), so it costs a retry, never a wrong answer.
 *
 * Locks 2 and 3 are transaction-level (`pg_advisory_xact_lock*`): they end with the transaction,
 * also when the process dies, and they go together with `inTransaction` (db/transaction.ts),
 * which retries a transaction PostgreSQL broke up as a deadlock.
 */
export const LOCK_KEYS = {
  /** Migrations and the demo bank: one starting process at a time. */
  startup: 7_310_001,
  /** Posting: one poster at a time across every server process and the operator tool. */
  posting: 7_310_002,
  /** Month-end work on one account: (class, hashtext(account number)). */
  monthEndClass: 7_310_005,
  /** Sign-in attempts of one username: (class, hashtext(username key)). */
  signInUserClass: 7_310_006,
  /** Sign-in attempts from one client address: (class, hashtext(address)). */
  signInAddressClass: 7_310_007,
  /** A bank process runs on this database: shared by each for its lifetime, exclusive for restore. */
  running: 7_310_008,
} as const;

/** Waits for the posting lock until the end of the transaction. */
export async function waitForPostingLock(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEYS.posting})`);
}

/** Takes the posting lock if nobody holds it; false when another process is posting. */
export async function tryPostingLock(tx: Tx): Promise<boolean> {
  const [row] = await queryRows<{ locked: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(${LOCK_KEYS.posting}) as locked`,
  );
  return row?.locked === true;
}

/**
 * Waits until no posting is under way and keeps new ones out until the end of the transaction:
 * from here on this transaction sees every posting committed so far, and none is half done.
 */
export async function waitForPostingsToSettle(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${LOCK_KEYS.posting})`);
}

/** Serialises month-end work on one account across every process, for the rest of the transaction. */
export async function lockAccountForMonthEnd(tx: Tx, accountNumber: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEYS.monthEndClass}, hashtext(${accountNumber}))`);
}

/**
 * Serialises counting sign-in attempts for one username or one client address, for the rest of
 * the transaction, so parallel guesses are counted one after another (domain/auth/throttle.ts).
 */
export async function lockSignInKey(tx: Executor, kind: 'user' | 'address', value: string): Promise<void> {
  const lockClass = kind === 'user' ? LOCK_KEYS.signInUserClass : LOCK_KEYS.signInAddressClass;
  await tx.execute(sql`select pg_advisory_xact_lock(${lockClass}, hashtext(${value}))`);
}
