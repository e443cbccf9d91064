import { and, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import { limits, messages } from '@bank/shared';
import type { SignInLimits } from '../../config.js';
import type { Database, Executor } from '../../db/client.js';
import { lockSignInKey } from '../../db/locks.js';
import { loginFailures } from '../../db/schema.js';
import { AppError } from '../errors.js';

/**
 * The sign-in limits (API.md "Sessions"), kept in the database so that every server process sees
 * the same counts. A password is checked only after an attempt has been reserved: under a lock on
 * the username and one on the client address, the three counts are read and, if none is reached,
 * the attempt is written down as a failure in advance. Parallel guesses therefore queue on the lock
 * and the sixth sees five reservations; none can slip past the count. A success then takes its
 * reservation back. The transaction is short (no password hashing inside it), so on the embedded
 * database, where every transaction runs on one connection, nothing waits on scrypt.
 */
export interface AttemptKey {
  /** The username as typed, lower-cased: unknown usernames are counted too. */
  usernameKey: string;
  address: string;
}

export class LoginThrottledError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'RATE_LIMITED', messages.loginThrottled, undefined, {
      reason: 'LOGIN_THROTTLED',
      headers: { 'Retry-After': String(retryAfterSeconds) },
    });
  }
}

const windows = limits.loginFailureWindowSeconds;
const longestWindow = Math.max(windows.perUserAddress, windows.perUser, windows.perAddress);
const since = (seconds: number) => sql`now() - make_interval(secs => ${seconds})`;

/** Each limit: which failures it counts, over which window, up to which number. */
function limitsFor(key: AttemptKey, settings: SignInLimits) {
  const sameUser = eq(loginFailures.usernameKey, key.usernameKey);
  const sameAddress = eq(loginFailures.address, key.address);
  return [
    { match: and(sameUser, sameAddress)!, window: windows.perUserAddress, max: settings.perUserAddress },
    { match: sameUser, window: windows.perUser, max: settings.perUser },
    { match: sameAddress, window: windows.perAddress, max: settings.perAddress },
  ];
}

/**
 * Reserves one password check for this username and address, or throws LoginThrottledError with
 * the seconds until the tightest reached limit lets an attempt through again. Returns the
 * reservation, to be released on success.
 */
export async function reserveAttempt(db: Database, key: AttemptKey, settings: SignInLimits): Promise<number> {
  return db.transaction(async (tx) => {
    // Always username first, then address: every attempt takes them in the same order, so two
    // attempts can never hold one each and wait for the other.
    await lockSignInKey(tx, 'user', key.usernameKey);
    await lockSignInKey(tx, 'address', key.address);
    let waitSeconds = 0;
    for (const limit of limitsFor(key, settings)) {
      waitSeconds = Math.max(waitSeconds, await secondsUntilBelow(tx, limit));
    }
    if (waitSeconds > 0) throw new LoginThrottledError(waitSeconds);
    // Failures older than every window no longer count for anything.
    await tx.delete(loginFailures).where(lt(loginFailures.at, since(longestWindow)));
    const [row] = await tx
      .insert(loginFailures)
      .values({ usernameKey: key.usernameKey, address: key.address })
      .returning({ id: loginFailures.id });
    return row!.id;
  });
}

/**
 * The password was right: the reservation was no failure, and the person at that address has
 * shown they know the password, so their earlier typos are forgiven. Failures of the username from
 * other addresses, and the address's failures for other usernames, still count.
 */
export async function releaseAttempt(db: Executor, reservation: number, key: AttemptKey): Promise<void> {
  await db
    .delete(loginFailures)
    .where(
      or(
        eq(loginFailures.id, reservation),
        and(eq(loginFailures.usernameKey, key.usernameKey), eq(loginFailures.address, key.address)),
      ),
    );
}

/**
 * 0 while the limit is not reached; otherwise how long until enough of its failures leave the
 * window: with n failures and a limit of m, the (n - m + 1)-th oldest must expire.
 */
async function secondsUntilBelow(
  tx: Executor,
  limit: { match: SQL; window: number; max: number },
): Promise<number> {
  const inWindow = and(limit.match, sql`${loginFailures.at} > ${since(limit.window)}`);
  const [counted] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(loginFailures)
    .where(inWindow);
  const count = counted?.n ?? 0;
  if (count < limit.max) return 0;
  const [freed] = await tx
    .select({
      seconds:
        sql<number>`ceil(extract(epoch from ${loginFailures.at} + make_interval(secs => ${limit.window}) - now()))`.mapWith(
          Number,
        ),
    })
    .from(loginFailures)
    .where(inWindow)
    .orderBy(loginFailures.at, loginFailures.id)
    .offset(count - limit.max)
    .limit(1);
  return Math.max(1, freed?.seconds ?? 1);
}

/** Forgets every failure of a username (its password was just reset by an admin). */
export async function clearFailures(db: Executor, usernameKey: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.usernameKey, usernameKey));
}
