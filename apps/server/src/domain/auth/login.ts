import { eq, sql, and, isNull } from 'drizzle-orm';
import { messages } from '@bank/shared';
import type { SignInLimits } from '../../config.js';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { AppError } from '../errors.js';
import { decoyHash, verifyPassword } from './passwords.js';
import { createSession, TEMPORARY_PROOF_SECONDS } from './sessions.js';
import { releaseAttempt, reserveAttempt } from './throttle.js';

export class InvalidCredentialsError extends AppError {
  constructor() {
    super(401, 'UNAUTHENTICATED', messages.invalidCredentials, undefined, { reason: 'INVALID_CREDENTIALS' });
  }
}

export interface LoginInput {
  username: string;
  password: string;
  address: string;
  sessionTtlSeconds: number;
  limits: SignInLimits;
}

/**
 * Checks a username and password and opens a session. Every failure looks the same and takes about
 * the same time (a decoy hash is checked when the user does not exist), so the answer never tells
 * whether a username exists, nor whether a temporary password expired. The attempt is reserved against the sign-in limits before the
 * password is checked (throttle.ts).
 */
export async function login(db: Database, input: LoginInput): Promise<string> {
  const key = { usernameKey: input.username.trim().toLowerCase(), address: input.address };
  const reservation = await reserveAttempt(db, key, input.limits);

  const [user] = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      mustChangePassword: users.mustChangePassword,
      // A temporary password not replaced within its 7 days no longer signs in.
      expired: sql<boolean>`coalesce(${users.mustChangePassword} and ${users.temporaryPasswordExpiresAt} <= now(), false)`,
    })
    .from(users)
    .where(and(eq(sql`lower(${users.username})`, key.usernameKey), isNull(users.deletedAt)))
    .limit(1);
  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash()));
  // A failure keeps its reservation: it is the recorded failure.
  if (!user || !valid || user.expired) throw new InvalidCredentialsError();
  await releaseAttempt(db, reservation, key);
  // Signed in with a temporary password: the new one is chosen without typing it again (issue 33).
  return createSession(
    db,
    user.id,
    input.sessionTtlSeconds,
    user.mustChangePassword ? TEMPORARY_PROOF_SECONDS : undefined,
  );
}
