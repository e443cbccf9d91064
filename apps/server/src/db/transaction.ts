import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from './database.js';
import { pgErrorCode, pgErrorCodes } from './pg-error.js';

/** PostgreSQL's "try again" answers: serialization failure and deadlock detected. */
const RETRYABLE_CODES = new Set<string>([pgErrorCodes.serializationFailure, pgErrorCodes.deadlockDetected]);
const MAX_ATTEMPTS = 5;

export function isRetryable(error: unknown): boolean {
  const code = pgErrorCode(error);
  return code !== undefined && RETRYABLE_CODES.has(code);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` in one database transaction: every write of the server that is more than one
 * statement goes through here. Given an open transaction it joins it (the caller owns commit and
 * retry); given the database it opens one and, when PostgreSQL answers with a serialization
 * failure or a deadlock, rolls back and runs the whole of `work` again, a few times, with jitter.
 * `work` must use only the `tx` it is given: on PGlite (one connection) touching the outer
 * database inside a transaction waits for that transaction forever. Locks are taken in the order
 * written down in locks.ts.
 */
export async function inTransaction<T>(db: Executor, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (is(db, PgTransaction)) return work(db as Tx);
  return retryingConflicts(() => db.transaction(work));
}

/**
 * Runs `attempt` again, a few times with jitter, while PostgreSQL answers it with a serialization
 * failure or a deadlock. `attempt` must be one whole transaction: `inTransaction` above, or a
 * single statement that is its own transaction (the transfer function, ledger/transfer.ts).
 */
export async function retryingConflicts<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (tries >= MAX_ATTEMPTS || !isRetryable(error)) throw error;
      await pause(5 * tries + Math.random() * 20 * tries);
    }
  }
}
