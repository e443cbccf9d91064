import type { Role } from '@bank/shared';
import { messages } from '@bank/shared';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { Actor } from '../actor.js';
import { assertOwnBank } from '../access.js';
import { issueTemporaryPassword } from '../auth/temporary-password.js';
import { conflict } from '../errors.js';
import { assertBranchRule } from './branch-rule.js';
import { assertUsernameShape } from './lookup.js';
import { inTransaction } from '../../db/transaction.js';

export interface NewUser {
  username: string;
  name: string;
  userRole: Role;
  /** Optional in the request; when sent it must be the admin's own bank. */
  bankId: number | null;
  branchId: number | null;
}

/**
 * An admin adds a user to their own bank. The user signs in with the returned temporary password
 * and is asked to choose their own (`mustChangePassword`).
 */
export async function createUser(db: Database, actor: Actor, input: NewUser): Promise<string> {
  if (input.bankId !== null) assertOwnBank(actor, input.bankId);
  assertUsernameShape(input.username);
  // Hashing is deliberately slow: done before the transaction, not while holding its locks.
  const temporary = await issueTemporaryPassword();
  await inTransaction(db, async (tx) => {
    await assertBranchRule(tx, actor.bankId, input.userRole, input.branchId);
    // The case-insensitive unique index decides, so two concurrent creates of one name cannot both
    // win; retired users keep their names (docs/adr/0004-history-is-kept.md), so they collide too.
    const inserted = await tx
      .insert(users)
      .values({
        username: input.username,
        name: input.name,
        role: input.userRole,
        bankId: actor.bankId,
        branchId: input.branchId,
        ...temporary.columns,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (inserted.length === 0) throw conflict(messages.userIdTaken, 'USERNAME_TAKEN');
  });
  return temporary.password;
}
