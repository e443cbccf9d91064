import { messages, type Branch } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { branches } from '../../db/schema.js';
import type { Actor } from '../actor.js';
import { assertOwnBank } from '../access.js';
import { conflict } from '../errors.js';
import { normaliseBranchName } from './branch-name.js';

export interface NewBranch {
  branchName: string;
  bankId?: number | undefined;
}

/**
 * An admin opens a branch in their own bank. The unique index decides duplicates: ON CONFLICT DO
 * NOTHING turns a same-named branch (even one created concurrently) into a 409 without a failed
 * statement. A new branch has no accounts, so its `numOfAccounts` is 0 whatever the client sent.
 */
export async function createBranch(db: Executor, actor: Actor, input: NewBranch): Promise<Branch> {
  if (input.bankId !== undefined) assertOwnBank(actor, input.bankId);
  const name = normaliseBranchName(input.branchName);
  const [row] = await db
    .insert(branches)
    .values({ bankId: actor.bankId, name })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(messages.branchExists, 'BRANCH_EXISTS');
  return { id: row.id, branchId: row.id, branchName: row.name, numOfAccounts: 0, bankId: row.bankId };
}
