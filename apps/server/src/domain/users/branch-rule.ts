import { and, eq } from 'drizzle-orm';
import { messages, type Role } from '@bank/shared';
import type { Tx } from '../../db/client.js';
import { branches } from '../../db/schema.js';
import { badRequest, notFound } from '../errors.js';

/**
 * The branch rule of create and edit user: a Student must have a branch, staff may have one or
 * none, and any branch named must be one of the bank's. Another bank's branch is a 404 like a
 * missing one, so an admin never learns which branch ids exist elsewhere. The branch row is
 * share-locked so it cannot be deleted before the user referencing it is written.
 */
export async function assertBranchRule(
  tx: Tx,
  bankId: number,
  role: Role,
  branchId: number | null,
): Promise<void> {
  if (branchId === null) {
    if (role === 'USER')
      throw badRequest(messages.studentNeedsBranch, { branchId: messages.studentNeedsBranch });
    return;
  }
  const [branch] = await tx
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.id, branchId), eq(branches.bankId, bankId)))
    .limit(1)
    .for('share');
  if (!branch) throw notFound();
}
