import { and, eq } from 'drizzle-orm';
import { messages, type Branch } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { branches } from '../../db/schema.js';
import type { Actor } from '../actor.js';
import { conflict, notFound } from '../errors.js';
import { assertBranchNameFree, isUniqueViolation, normaliseBranchName } from './branch-name.js';
import { branchOfBank } from './branch-view.js';

/**
 * An admin renames a branch of their own bank (another bank's branch is a 404). Renaming to the
 * same name in another case is allowed; another branch's name is a 409, checked first for a clear
 * answer and again by the unique index for a concurrent rename.
 */
export async function updateBranch(
  db: Executor,
  actor: Actor,
  input: { branchId: number; branchName: string },
): Promise<Branch> {
  const name = normaliseBranchName(input.branchName);
  if (!(await branchOfBank(db, actor.bankId, input.branchId))) throw notFound();
  await assertBranchNameFree(db, actor.bankId, name, input.branchId);
  try {
    await db
      .update(branches)
      .set({ name })
      .where(and(eq(branches.id, input.branchId), eq(branches.bankId, actor.bankId)));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(messages.branchExists, 'BRANCH_EXISTS');
    throw error;
  }
  const branch = await branchOfBank(db, actor.bankId, input.branchId);
  if (!branch) throw notFound();
  return branch;
}
