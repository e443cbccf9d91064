import { and, eq, isNull } from 'drizzle-orm';
import { limits, messages } from '@bank/shared';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { Actor } from '../actor.js';
import { LoginThrottledError } from '../auth/login.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { revokeUserSessions } from '../auth/sessions.js';
import { loginRetryAfterSeconds, recordLoginFailure } from '../auth/throttle.js';
import { badRequest, notFound } from '../errors.js';
import { findSelf } from './lookup.js';

export interface PasswordChange {
  username: string;
  currentPassword: string;
  newPassword: string;
  /** The client's address, for the sign-in throttle. */
  address: string;
}

/**
 * A user replaces their own password. The current one is checked like a sign-in, throttle
 * included: otherwise a stolen token would give an unthrottled way to guess the password. On
 * success the temporary-password flag clears and every other session of the user ends; the one
 * making the change stays signed in.
 */
export async function updatePassword(db: Database, actor: Actor, change: PasswordChange): Promise<void> {
  const self = await findSelf(db, actor, change.username);
  const usernameKey = self.username.toLowerCase();
  const wait = await loginRetryAfterSeconds(db, usernameKey, change.address);
  if (wait > 0) throw new LoginThrottledError(wait);
  if (!(await verifyPassword(change.currentPassword, self.passwordHash))) {
    await recordLoginFailure(db, usernameKey, change.address);
    throw badRequest(
      messages.currentPasswordWrong,
      { currentPassword: messages.currentPasswordWrong },
      'CURRENT_PASSWORD_WRONG',
    );
  }
  assertStrongEnough(change.newPassword, self.username);
  const passwordHash = await hashPassword(change.newPassword);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false })
      .where(and(eq(users.id, self.id), isNull(users.deletedAt)))
      .returning({ id: users.id });
    if (!row) throw notFound();
    await revokeUserSessions(tx, self.id, actor.sessionId);
  });
}

function assertStrongEnough(newPassword: string, username: string): void {
  if (newPassword.length < limits.passwordMinLength) {
    throw badRequest(messages.newPasswordTooShort, { newPassword: messages.newPasswordTooShort });
  }
  if (newPassword.toLowerCase() === username.toLowerCase()) {
    throw badRequest(messages.newPasswordIsUserId, { newPassword: messages.newPasswordIsUserId });
  }
  if (newPassword.length > limits.passwordMaxLength) {
    throw badRequest(messages.newPasswordTooLong, { newPassword: messages.newPasswordTooLong });
  }
}
