import { and, eq, isNull } from 'drizzle-orm';
import { messages, newPasswordProblem } from '@bank/shared';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { Actor } from '../actor.js';
import { isCommonPassword } from '../auth/common-passwords.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { revokeUserSessions } from '../auth/sessions.js';
import { releaseAttempt, reserveAttempt } from '../auth/throttle.js';
import type { SignInLimits } from '../../config.js';
import { badRequest, notFound } from '../errors.js';
import { findSelf } from './lookup.js';
import { inTransaction } from '../../db/transaction.js';

export interface PasswordChange {
  username: string;
  currentPassword: string;
  newPassword: string;
  /** The client's address, for the sign-in throttle. */
  address: string;
  limits: SignInLimits;
}

/**
 * A user replaces their own password. The current one is checked like a sign-in, throttle
 * included: otherwise a stolen token would give an unthrottled way to guess the password. On
 * success the temporary-password flag clears and every other session of the user ends; the one
 * making the change stays signed in.
 */
export async function updatePassword(db: Database, actor: Actor, change: PasswordChange): Promise<void> {
  const self = await findSelf(db, actor, change.username);
  const key = { usernameKey: self.username.toLowerCase(), address: change.address };
  const reservation = await reserveAttempt(db, key, change.limits);
  if (!(await verifyPassword(change.currentPassword, self.passwordHash))) {
    // The reservation stays: it is the recorded failure.
    throw badRequest(
      messages.currentPasswordWrong,
      { currentPassword: messages.currentPasswordWrong },
      'CURRENT_PASSWORD_WRONG',
    );
  }
  await releaseAttempt(db, reservation, key);
  const problem = newPasswordProblem(change.newPassword, {
    userId: self.username,
    currentPassword: change.currentPassword,
    isCommon: isCommonPassword,
  });
  if (problem) throw badRequest(problem, { newPassword: problem }, 'PASSWORD_TOO_WEAK');
  const passwordHash = await hashPassword(change.newPassword);
  await inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, temporaryPasswordExpiresAt: null })
      .where(and(eq(users.id, self.id), isNull(users.deletedAt)))
      .returning({ id: users.id });
    if (!row) throw notFound();
    await revokeUserSessions(tx, self.id, actor.sessionId);
  });
}
