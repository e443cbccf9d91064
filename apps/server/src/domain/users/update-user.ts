import { eq } from 'drizzle-orm';
import { messages, type Role, type User } from '@bank/shared';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { Actor } from '../actor.js';
import { badRequest, conflict } from '../errors.js';
import { assertBranchRule } from './branch-rule.js';
import { assertAnotherAdminRemains } from './last-admin.js';
import { lockUserOfBank } from './lookup.js';
import { countOpenAccounts } from './open-accounts.js';
import { toUser, userColumns } from './to-user.js';
import { inTransaction } from '../../db/transaction.js';

export interface UserChange {
  /** The body's copy of the User Id: a User Id never changes, so it must name the same user. */
  userId?: string | undefined;
  name: string;
  userRole: Role;
  branchId: number | null;
  /** A class banker (Students only); absent: as it is. */
  banker?: boolean | undefined;
}

/** An admin edits a user of their own bank: name, role, branch, and whether a Student is a class banker. */
export async function updateUser(
  db: Database,
  actor: Actor,
  username: string,
  change: UserChange,
): Promise<User> {
  if (change.userId && change.userId.toLowerCase() !== username.toLowerCase()) {
    throw badRequest(messages.userIdCannotChange, { userId: messages.userIdCannotChange });
  }
  return inTransaction(db, async (tx) => {
    const target = await lockUserOfBank(tx, actor.bankId, username);
    await assertBranchRule(tx, actor.bankId, change.userRole, change.branchId);
    // An account belongs to a Student of its branch (as opening one requires): while any is
    // open, its owner stays a Student of that branch.
    const moves = change.userRole !== target.role || change.branchId !== target.branchId;
    if (moves && target.role === 'USER' && (await countOpenAccounts(tx, target.id)) > 0) {
      throw conflict(messages.studentWithOpenAccountsCannotMove, 'STUDENT_HAS_OPEN_ACCOUNTS');
    }
    if (target.role === 'ADMIN' && change.userRole !== 'ADMIN') {
      await assertAnotherAdminRemains(tx, actor.bankId, target.id);
    }
    const [row] = await tx
      .update(users)
      .set({
        name: change.name,
        role: change.userRole,
        branchId: change.branchId,
        // Only a Student is a banker: one who stops being a Student stops being one.
        banker: change.userRole === 'USER' && (change.banker ?? target.banker),
      })
      .where(eq(users.id, target.id))
      .returning(userColumns);
    return toUser(row!);
  });
}
