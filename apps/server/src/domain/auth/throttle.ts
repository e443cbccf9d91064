import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import { limits } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { loginFailures } from '../../db/schema.js';

/**
 * Throttling of failed sign-ins, kept in the database so that every server process sees the same
 * counts. Returns how many seconds the caller must wait, or 0 when it may try.
 */
export async function loginRetryAfterSeconds(
  db: Executor,
  usernameKey: string,
  address: string,
): Promise<number> {
  const windowStart = sql`now() - make_interval(secs => ${limits.loginFailureWindowSeconds})`;
  const rows = await db
    .select({
      byUsername: sql<number>`count(*) filter (where ${loginFailures.usernameKey} = ${usernameKey})`.mapWith(
        Number,
      ),
      byAddress: sql<number>`count(*) filter (where ${loginFailures.address} = ${address})`.mapWith(Number),
      oldest: sql<string | null>`extract(epoch from min(${loginFailures.at}))::float8`,
    })
    .from(loginFailures)
    .where(
      and(
        gt(loginFailures.at, windowStart),
        or(eq(loginFailures.usernameKey, usernameKey), eq(loginFailures.address, address)),
      ),
    );
  const row = rows[0];
  if (!row) return 0;
  if (row.byUsername < limits.loginFailuresPerUsername && row.byAddress < limits.loginFailuresPerAddress)
    return 0;
  const oldestSeconds = Number(row.oldest ?? Date.now() / 1000);
  const waitSeconds = Math.ceil(oldestSeconds + limits.loginFailureWindowSeconds - Date.now() / 1000);
  return Math.max(1, waitSeconds);
}

export async function recordLoginFailure(db: Executor, usernameKey: string, address: string): Promise<void> {
  await db.insert(loginFailures).values({ usernameKey, address });
  // Keep the table small: failures older than the window no longer count.
  await db
    .delete(loginFailures)
    .where(lt(loginFailures.at, sql`now() - make_interval(secs => ${limits.loginFailureWindowSeconds})`));
}

export async function clearLoginFailures(db: Executor, usernameKey: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.usernameKey, usernameKey));
}
