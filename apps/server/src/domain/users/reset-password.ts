import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { Actor } from '../actor.js';
import { revokeUserSessions } from '../auth/sessions.js';
import { issueTemporaryPassword } from '../auth/temporary-password.js';
import { clearFailures } from '../auth/throttle.js';
import { lockUserOfBank } from './lookup.js';

/**
 * An admin gives a user of their own bank a new temporary password (the user forgot theirs, or it
 * leaked). Every session of the user ends, they must choose a new password at the next sign-in,
 * and their failed sign-ins are forgotten: guesses at the old password say nothing about the new
 * one, and a locked-out student can sign in at once. Returns the password, shown to the admin once.
 */
export async function resetPassword(db: Database, actor: Actor, username: string): Promise<string> {
  // Hashing is deliberately slow: done before the transaction, not while holding its locks.
  const temporary = await issueTemporaryPassword();
  await db.transaction(async (tx) => {
    const target = await lockUserOfBank(tx, actor.bankId, username);
    await tx.update(users).set(temporary.columns).where(eq(users.id, target.id));
    await revokeUserSessions(tx, target.id);
    await clearFailures(tx, target.username.toLowerCase());
  });
  return temporary.password;
}
