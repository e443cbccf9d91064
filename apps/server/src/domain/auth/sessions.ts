import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { Batcher, GROUP_LIMITS } from '../../db/batcher.js';
import { sessions, users } from '../../db/schema.js';
import type { Actor } from '../actor.js';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new random token (256 bits); only its hash is stored. */
export async function createSession(db: Executor, userId: number, ttlSeconds: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})`,
  });
  return token;
}

/** A signed-in actor, and whether they still have to replace a temporary password. */
export type SignedIn = Actor & { mustChangePassword: boolean };

type ActorRow = SignedIn & { tokenHash: string };

/** The live sessions among these token hashes, with their users (one query for a group of requests). */
function actorsQuery(db: Executor) {
  return db
    .select({
      tokenHash: sessions.tokenHash,
      id: users.id,
      username: users.username,
      role: users.role,
      bankId: users.bankId,
      branchId: users.branchId,
      sessionId: sessions.id,
      mustChangePassword: users.mustChangePassword,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        sql`${sessions.tokenHash} = any(${sql.placeholder('tokenHashes')}::text[])`,
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        isNull(users.deletedAt),
      ),
    )
    .prepare('actors_for_tokens');
}

/**
 * Every API request asks this. The requests that arrive while a lookup is under way are looked up
 * together by the next one (db/batcher.ts), by a statement prepared once per database (issue 13):
 * under load a request pays a share of one round trip, neither parse nor plan.
 */
const lookups = new WeakMap<Executor, Batcher<string, ActorRow | null>>();

function lookupsOf(db: Executor) {
  let batcher = lookups.get(db);
  if (!batcher) {
    const query = actorsQuery(db);
    batcher = new Batcher(async (hashes) => {
      const rows = (await query.execute({ tokenHashes: `{${hashes.join(',')}}` })) as ActorRow[];
      const byHash = new Map(rows.map((row) => [row.tokenHash, row]));
      return hashes.map((hash) => byHash.get(hash) ?? null);
    }, GROUP_LIMITS);
    lookups.set(db, batcher);
  }
  return batcher;
}

/** The actor behind a bearer token, or null when the token is unknown, expired, revoked or its user deleted. */
export async function actorForToken(db: Executor, token: string): Promise<SignedIn | null> {
  const row = await lookupsOf(db).add(hashToken(token));
  if (!row) return null;
  const { tokenHash: _, ...actor } = row;
  return actor;
}

export async function revokeSession(db: Executor, sessionId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(eq(sessions.id, sessionId));
}

/** Revokes every session of a user, except `keepSessionId` (the one changing its password). */
export async function revokeUserSessions(
  db: Executor,
  userId: number,
  keepSessionId?: number,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId),
      ),
    );
}
