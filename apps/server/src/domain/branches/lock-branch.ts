import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { branches } from '../../db/schema.js';
import { notFound } from '../errors.js';

/**
 * Share-locks one branch of the bank, so that it cannot be deleted before the row naming it (a
 * user, an account, a store item) is written: a deletion that came first is seen, one that comes
 * later waits. Another bank's branch is a 404 like a missing one, so ids elsewhere stay unknown.
 */
export async function lockBranchOfBank(tx: Tx, bankId: number, branchId: number): Promise<{ id: number }> {
  const [branch] = await tx
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.id, branchId), eq(branches.bankId, bankId)))
    .limit(1)
    .for('share');
  if (!branch) throw notFound();
  return branch;
}
