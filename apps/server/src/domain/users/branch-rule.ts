import { messages, type Role } from '@bank/shared';
import type { Tx } from '../../db/client.js';
import { lockBranchOfBank } from '../branches/lock-branch.js';
import { badRequest } from '../errors.js';

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
  await lockBranchOfBank(tx, bankId, branchId);
}
