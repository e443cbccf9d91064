import { eq, sql } from 'drizzle-orm';
import { messages } from '@bank/shared';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { Actor } from '../actor.js';
import { revokeUserSessions } from '../auth/sessions.js';
import { conflict } from '../errors.js';
import { assertAnotherAdminRemains } from './last-admin.js';
import { lockUserOfBank } from './lookup.js';
import { countOpenAccounts } from './open-accounts.js';
import { inTransaction } from '../../db/transaction.js';

/**
 * An admin retires a user of their own bank. The row stays (with its username reserved) because
 * closed accounts, transactions and tickets still name it; the user can no longer sign in and
 * every session they hold ends now.
 */
export async function deleteUser(db: Database, actor: Actor, username: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    // Locked, so an account opened for the user concurrently must wait and then finds them retired.
    const target = await lockUserOfBank(tx, actor.bankId, username);
    if ((await countOpenAccounts(tx, target.id)) > 0)
      throw conflict(messages.userHasOpenAccounts, 'USER_HAS_OPEN_ACCOUNTS');
    if (target.role === 'ADMIN') await assertAnotherAdminRemains(tx, actor.bankId, target.id);
    await tx
      .update(users)
      .set({ deletedAt: sql`now()` })
      .where(eq(users.id, target.id));
    await revokeUserSessions(tx, target.id);
  });
}
