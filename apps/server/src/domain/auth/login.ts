import { eq, sql, and, isNull } from 'drizzle-orm';
import { messages } from '@bank/shared';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { AppError } from '../errors.js';
import { decoyHash, verifyPassword } from './passwords.js';
import { createSession } from './sessions.js';
import { clearLoginFailures, loginRetryAfterSeconds, recordLoginFailure } from './throttle.js';

export class LoginThrottledError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'RATE_LIMITED', messages.loginThrottled, undefined, {
      reason: 'LOGIN_THROTTLED',
      headers: { 'Retry-After': String(retryAfterSeconds) },
    });
  }
}

export class InvalidCredentialsError extends AppError {
  constructor() {
    super(401, 'UNAUTHENTICATED', messages.invalidCredentials, undefined, { reason: 'INVALID_CREDENTIALS' });
  }
}

/**
 * Checks a username and password and opens a session. Every failure looks the same and takes about
 * the same time (a decoy hash is checked when the user does not exist), so the answer never tells
 * whether a username exists.
 */
export async function login(
  db: Database,
  input: { username: string; password: string; address: string; sessionTtlSeconds: number },
): Promise<string> {
  const usernameKey = input.username.trim().toLowerCase();
  const wait = await loginRetryAfterSeconds(db, usernameKey, input.address);
  if (wait > 0) throw new LoginThrottledError(wait);

  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(sql`lower(${users.username})`, usernameKey), isNull(users.deletedAt)))
    .limit(1);
  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash));
  if (!user || !valid) {
    await recordLoginFailure(db, usernameKey, input.address);
    throw new InvalidCredentialsError();
  }
  await clearLoginFailures(db, usernameKey);
  return createSession(db, user.id, input.sessionTtlSeconds);
}
