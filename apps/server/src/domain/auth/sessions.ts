import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { Batcher, GROUP_LIMITS } from '../../db/batcher.js';
import { sessions, users } from '../../db/schema.js';
import type { Actor } from '../actor.js';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new random token (256 bits); only its hash is stored. */
export async function createSession(
  db: Executor,
  userId: number,
  ttlSeconds: number,
  /** Opened with a temporary password: its new password may be chosen without typing it again, this long. */
  temporaryProofSeconds?: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})`,
    ...(temporaryProofSeconds === undefined
      ? {}
      : { temporaryProofExpiresAt: sql`now() + make_interval(secs => ${temporaryProofSeconds})` }),
  });
  return token;
}

/** How long after signing in with a temporary password the new one may be chosen without it. */
export const TEMPORARY_PROOF_SECONDS = 15 * 60;

/**
 * Whether the session holds a live proof that its user just typed their temporary password
 * (docs/security.md): then the new password is chosen without typing it a second time.
 */
export async function hasTemporaryProof(db: Executor, sessionId: number): Promise<boolean> {
  const [found] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), gt(sessions.temporaryProofExpiresAt, sql`now()`)));
  return found !== undefined;
}

/** The proof is good for one password change: a second one asks for the current password. */
export async function endTemporaryProof(db: Executor, sessionId: number): Promise<void> {
  await db.update(sessions).set({ temporaryProofExpiresAt: null }).where(eq(sessions.id, sessionId));
}

/** A signed-in actor, and whether they still have to replace a temporary password. */
export type SignedIn = Actor & { mustChangePassword: boolean };

type ActorRow = SignedIn & { tokenHash: string };

/**
 * The live sessions among these token hashes, with their users (one query for a group of requests).
 * The transfer group's SQL function (ledger_transfer_group, its step 0) checks a remembered session
 * by the same rule.
 */
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

/**
 * The sessions this process looked up lately, per database, for the one call that checks its
 * session itself: a transfer names its session and its group checks it in the statement that
 * writes it (ledger_transfer_group), so a transfer needs no look-up of its own. Every other call looks
 * its session up. Bounded (the oldest forgotten first) and short-lived: how long is elapsed time
 * on this process's monotonic timer (performance.now), not the bank's clock, because it measures
 * a cache's age, not a moment of the bank's (a clock set back for a test must not keep a session).
 */
const REMEMBER_MS = 60_000;
const REMEMBER_AT_MOST = 10_000;
const memories = new WeakMap<Executor, Map<string, { actor: SignedIn; until: number }>>();

function memoryOf(db: Executor) {
  let memory = memories.get(db);
  if (!memory) memories.set(db, (memory = new Map()));
  return memory;
}

function remember(db: Executor, hash: string, actor: SignedIn) {
  const memory = memoryOf(db);
  memory.delete(hash);
  memory.set(hash, { actor, until: performance.now() + REMEMBER_MS });
  if (memory.size > REMEMBER_AT_MOST) memory.delete(memory.keys().next().value!);
}

/** The actor behind a bearer token, or null when the token is unknown, expired, revoked or its user deleted. */
export async function actorForToken(db: Executor, token: string): Promise<SignedIn | null> {
  const hash = hashToken(token);
  const row = await lookupsOf(db).add(hash);
  if (!row) {
    memoryOf(db).delete(hash);
    return null;
  }
  const { tokenHash: _, ...actor } = row;
  remember(db, hash, actor);
  return actor;
}

/**
 * The actor this process remembers for a token (looked up in the last minute), not checked
 * again: only for a call whose own statement checks the session (see above); null if none.
 */
export function rememberedActor(db: Executor, token: string): SignedIn | null {
  const memory = memoryOf(db);
  const hash = hashToken(token);
  const entry = memory.get(hash);
  if (entry && entry.until > performance.now()) return entry.actor;
  memory.delete(hash);
  return null;
}

/**
 * A statement that checks its session found it no longer what the server remembered (signed out,
 * revoked, expired, its user deleted or changed): nothing was done; look the session up again.
 */
export class SessionNotCurrent extends Error {}

/** Forgets what this process remembered of a token's session (it turned out not to be current). */
export function forgetToken(db: Executor, token: string): void {
  memoryOf(db).delete(hashToken(token));
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
