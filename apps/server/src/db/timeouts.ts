import { sql } from 'drizzle-orm';
import type { Tx } from './database.js';

export interface DatabaseTimeouts {
  /** Longest a statement runs before PostgreSQL cancels it (`statement_timeout`). */
  statementMs: number;
  /** Longest a statement waits for a lock (`lock_timeout`), a row's or an advisory one. */
  lockMs: number;
  /** Longest a caller waits for a connection: a new one to open, or a busy pool to free one. */
  connectMs: number;
}

/**
 * Every connection to PostgreSQL has these (db/client.ts), so no request waits without end: not
 * for a row lock an open psql session holds, nor for a statement stuck behind a long job, nor for
 * a server that no longer answers. A request runs a few statements, so a statement's limit stays
 * well inside the HTTP request timeout (limits.requestTimeoutMs), and the caller gets 503 with
 * Retry-After instead of a dropped connection. The lock wait is shorter still: transfers are
 * written one group at a time (db/batcher.ts), so one group waiting on a lock holds up every
 * transfer of the process, and normal waits (a payday, a posting step) end in well under it.
 */
export const DATABASE_TIMEOUTS: DatabaseTimeouts = {
  statementMs: 15_000,
  lockMs: 5_000,
  connectMs: 10_000,
};

/**
 * For work that legitimately takes longer than a request, in its own transaction only
 * (allowLongJob): migrations (their DDL waits for every statement under way on a table), a
 * backup or restore (the whole database in one snapshot or one transaction), month-end (it waits
 * for postings and for another process's work on the same account), and a starting process
 * waiting for another one's migrations. Still bounded: a job that waits longer is stuck.
 */
export const LONG_JOB_TIMEOUTS: Pick<DatabaseTimeouts, 'statementMs' | 'lockMs'> = {
  statementMs: 15 * 60_000,
  lockMs: 5 * 60_000,
};

/**
 * Lengthens the lock and statement timeout to LONG_JOB_TIMEOUTS until `tx` ends (SET LOCAL:
 * the pooled connection has the usual ones again afterwards). On the embedded database the
 * settings change nothing (PGlite does not enforce them) and do no harm.
 */
export async function allowLongJob(tx: Tx): Promise<void> {
  await tx.execute(
    sql`select set_config('statement_timeout', ${String(LONG_JOB_TIMEOUTS.statementMs)}, true),
               set_config('lock_timeout', ${String(LONG_JOB_TIMEOUTS.lockMs)}, true)`,
  );
}
