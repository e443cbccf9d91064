import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
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

function actorQuery(db: Executor) {
  return db
    .select({
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
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        isNull(users.deletedAt),
      ),
    )
    .limit(1)
    .prepare('actor_for_token');
}

/**
 * Every API request asks this: built once per database and prepared on the server (issue 13), so
 * a request pays neither the query builder nor PostgreSQL's parse and plan again.
 */
const preparedActorQueries = new WeakMap<Executor, ReturnType<typeof actorQuery>>();

/** The actor behind a bearer token, or null when the token is unknown, expired, revoked or its user deleted. */
export async function actorForToken(db: Executor, token: string): Promise<SignedIn | null> {
  let query = preparedActorQueries.get(db);
  if (!query) {
    query = actorQuery(db);
    preparedActorQueries.set(db, query);
  }
  const [row] = await query.execute({ tokenHash: hashToken(token) });
  return row ?? null;
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
