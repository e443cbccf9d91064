import type { Database, Tx } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { describeFailure, recordFailure, type ItemFailure } from './record-failure.js';
import { isTransient } from './transient.js';

/** A background job that works through items one at a time (due schedules, expired requests). */
export interface ItemJob<T, R> {
  /** Its name, as job_failures records it. */
  job: string;
  /**
   * Takes the next item to work on, locked in `tx` (`FOR UPDATE SKIP LOCKED`, so several processes
   * share the work), leaving out the keys given; null when none is left.
   */
  next(tx: Tx, leaveOut: string[]): Promise<T | null>;
  keyOf(item: T): string;
  bankOf(item: T): number | null;
  /** Does the item's work, in a savepoint of the transaction that took it: all of it, or none. */
  work(tx: Tx, item: T): Promise<R>;
  /** What staff are told when the item fails with an error that is not a refusal of its own. */
  failedReason: string;
  /**
   * What a failure does to the item itself, in the same transaction as its record, after its work
   * rolled back: a schedule stops, and says why. Without it the item is only recorded; a job whose
   * failed items stay due leaves them out of `next` (record-failure.ts `notFailed`).
   */
  stop?(tx: Tx, item: T, failure: ItemFailure): Promise<void>;
}

export type ItemOutcome<T, R> =
  | { kind: 'done'; item: T; result: R }
  | { kind: 'failed'; item: T; failure: ItemFailure }
  /** The database's passing trouble (or a failure that could not be recorded): tried again next pass. */
  | { kind: 'deferred'; item: T; error: unknown };

/** A bound on one pass: an item that a bug left due after its work is not run for ever. */
const ITEMS_PER_PASS = 10_000;

/** One item: taken, worked in a savepoint, or its failure recorded in its place. */
async function runOne<T, R>(tx: Tx, job: ItemJob<T, R>, item: T, now: Date): Promise<ItemOutcome<T, R>> {
  try {
    return { kind: 'done', item, result: await tx.transaction((savepoint) => job.work(savepoint, item)) };
  } catch (error) {
    // The whole transaction is the database's to retry or give up; this item is not to blame.
    if (isTransient(error)) throw error;
    const failure = describeFailure(job.job, job.keyOf(item), job.bankOf(item), error, job.failedReason);
    await recordFailure(tx, failure, now);
    await job.stop?.(tx, item, failure);
    return { kind: 'failed', item, failure };
  }
}

/**
 * Works through a job's items, each isolated: one item per transaction, its work in a savepoint.
 * An item whose work throws is rolled back to that savepoint, and its failure is recorded, and
 * whatever the job does about it (a schedule stops) written, in the same transaction: the others
 * run on, and the job does not try it again at every pass. An error that is the database's passing
 * trouble (a restart, a lock or statement timeout, a deadlock) leaves the item for the next pass.
 * Only when no item can even be taken does the pass fail: the database itself is in trouble.
 */
export async function runItems<T, R>(
  db: Database,
  job: ItemJob<T, R>,
  now: Date,
): Promise<ItemOutcome<T, R>[]> {
  const outcomes: ItemOutcome<T, R>[] = [];
  // Items that failed or were deferred in this pass: not taken again until the next one.
  const leaveOut: string[] = [];
  while (outcomes.length < ITEMS_PER_PASS) {
    // The item this pass's transaction took, if it got that far (at most one).
    const taken: T[] = [];
    let outcome: ItemOutcome<T, R> | null;
    try {
      outcome = await inTransaction(db, async (tx) => {
        taken.length = 0;
        const item = await job.next(tx, leaveOut);
        if (item === null) return null;
        taken.push(item);
        return runOne(tx, job, item, now);
      });
    } catch (error) {
      if (taken.length === 0) throw error;
      outcome = { kind: 'deferred', item: taken[0]!, error };
    }
    if (outcome === null) break;
    if (outcome.kind !== 'done') leaveOut.push(job.keyOf(outcome.item));
    outcomes.push(outcome);
  }
  return outcomes;
}
