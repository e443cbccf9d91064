import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from './database.js';

/** PostgreSQL's "try again" answers: serialization failure and deadlock detected. */
const RETRYABLE_CODES = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 5;

/** The SQLSTATE of a database error, looking through the wrappers drizzle puts around it. */
export function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export function isRetryable(error: unknown): boolean {
  const code = sqlState(error);
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
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !isRetryable(error)) throw error;
      await pause(5 * attempt + Math.random() * 20 * attempt);
    }
  }
}
