import { and, eq, isNull } from 'drizzle-orm';
import { messages, newPasswordProblem } from '@bank/shared';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { Actor } from '../actor.js';
import { isCommonPassword } from '../auth/common-passwords.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { endTemporaryProof, hasTemporaryProof, revokeUserSessions } from '../auth/sessions.js';
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
 * The current password is checked like a sign-in, throttle included: otherwise a stolen token
 * would give an unthrottled way to guess the password. Answers the password the new one must
 * differ from.
 */
async function checkCurrentPassword(
  db: Database,
  self: { username: string; passwordHash: string },
  change: PasswordChange,
): Promise<string> {
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
  return change.currentPassword;
}

/**
 * A user replaces their own password. On success the temporary-password flag clears and every
 * other session of the user ends; the one making the change stays signed in. A user who has just
 * signed in with their temporary password may leave the current one empty: the session itself
 * proves it, for a while and once (sessions.ts, docs/security.md).
 */
export async function updatePassword(db: Database, actor: Actor, change: PasswordChange): Promise<void> {
  const self = await findSelf(db, actor, change.username);
  const proven =
    change.currentPassword === '' &&
    self.mustChangePassword &&
    (await hasTemporaryProof(db, actor.sessionId));
  // Without the temporary password in hand, "not the current one" is checked against its hash.
  const current = proven
    ? (await verifyPassword(change.newPassword, self.passwordHash))
      ? change.newPassword
      : ''
    : await checkCurrentPassword(db, self, change);
  const problem = newPasswordProblem(change.newPassword, {
    userId: self.username,
    currentPassword: current,
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
    await endTemporaryProof(tx, actor.sessionId);
  });
}
