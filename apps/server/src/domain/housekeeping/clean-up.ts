import { lt, or } from 'drizzle-orm';
import { limits } from '@bank/shared';
import type { Executor } from '../../db/database.js';
import { idempotencyKeys, sessions } from '../../db/schema.js';

const ago = (now: Date, seconds: number) => new Date(now.getTime() - seconds * 1000);

/**
 * Deletes what no longer serves anyone: Idempotency-Key answers older than a week (a client
 * retries within seconds or minutes, not days) and sessions that expired or were revoked more
 * than a day ago. Plain deletes, safe to run from several processes at once.
 */
export async function cleanUp(
  db: Executor,
  now: Date,
): Promise<{ idempotencyKeys: number; sessions: number }> {
  const keys = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, ago(now, limits.idempotencyKeyTtlSeconds)))
    .returning({ key: idempotencyKeys.key });
  const sessionCutoff = ago(now, limits.deadSessionRetentionSeconds);
  const dead = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, sessionCutoff), lt(sessions.revokedAt, sessionCutoff)))
    .returning({ id: sessions.id });
  return { idempotencyKeys: keys.length, sessions: dead.length };
}
