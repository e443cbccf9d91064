import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { jobFailures } from '../../db/schema.js';
import { pgError } from '../../db/pg-error.js';
import { AppError } from '../errors.js';

export interface ItemFailure {
  job: string;
  item: string;
  bankId: number | null;
  /** What staff are shown: a refusal's own message, else the job's words for a failure. */
  reason: string;
  /** The error itself, for the operator (the log has it too). */
  detail: string;
}

const REASON_MAX = 500;
const DETAIL_MAX = 2000;

/**
 * The error as the operator needs it: PostgreSQL's code and constraint if any, then each message
 * from the root cause out (Drizzle wraps the database's answer in a "Failed query" error).
 */
function detailOf(error: unknown): string {
  const messages: string[] = [];
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++)
    messages.unshift(e instanceof Error ? `${e.name}: ${e.message}` : String(e));
  const pg = pgError(error);
  const code = pg ? `[${pg.code}${pg.constraint ? ` ${pg.constraint}` : ''}] ` : '';
  return (code + messages.join(' <- ')).slice(0, DETAIL_MAX);
}

/** A failed item, described: a refusal (AppError) says why in its own words. */
export function describeFailure(
  job: string,
  item: string,
  bankId: number | null,
  error: unknown,
  failedReason: string,
): ItemFailure {
  const reason = error instanceof AppError ? error.message : failedReason;
  return { job, item, bankId, reason: reason.slice(0, REASON_MAX), detail: detailOf(error) };
}

/** Records an item's failure (replacing an earlier one of the same item), in the caller's transaction. */
export async function recordFailure(tx: Tx, failure: ItemFailure, at: Date): Promise<void> {
  await tx
    .insert(jobFailures)
    .values({ ...failure, failedAt: at })
    .onConflictDoUpdate({
      target: [jobFailures.job, jobFailures.item],
      set: { bankId: failure.bankId, reason: failure.reason, detail: failure.detail, failedAt: at },
    });
}

/**
 * For a job whose failed items stay due (a request that could not expire still waits): a
 * condition that leaves out the items of `job` whose key is `key` with a recorded failure.
 */
export const notFailed = (job: string, key: SQL): SQL =>
  sql`not exists (select 1 from ${jobFailures} where ${jobFailures.job} = ${job} and ${jobFailures.item} = ${key})`;
