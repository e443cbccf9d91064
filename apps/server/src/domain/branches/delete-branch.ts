import { and, eq } from 'drizzle-orm';
import { messages } from '@bank/shared';
import type { Database } from '../../db/client.js';
import { accounts, auctions, branches, storeItems, users } from '../../db/schema.js';
import type { Actor } from '../actor.js';
import { conflict, notFound } from '../errors.js';
import { inTransaction } from '../../db/transaction.js';

/**
 * An admin deletes a branch of their own bank. A branch that any account (open or closed) or user
 * (retired ones included) store item (deleted ones too) or auction names stays: history must keep pointing at it. The branch row is locked
 * first, so an account or user being added to it concurrently (whose foreign key check needs a
 * share lock on the same row) is either seen here or waits and then finds the branch gone.
 */
export async function deleteBranch(db: Database, actor: Actor, branchId: number): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [branch] = await tx
      .select({ id: branches.id })
      .from(branches)
      .where(and(eq(branches.id, branchId), eq(branches.bankId, actor.bankId)))
      .for('update');
    if (!branch) throw notFound();
    const [account] = await tx
      .select({ n: accounts.accountNumber })
      .from(accounts)
      .where(eq(accounts.branchId, branchId))
      .limit(1);
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.branchId, branchId)).limit(1);
    const [item] = await tx
      .select({ id: storeItems.id })
      .from(storeItems)
      .where(eq(storeItems.branchId, branchId))
      .limit(1);
    const [auction] = await tx
      .select({ id: auctions.id })
      .from(auctions)
      .where(eq(auctions.branchId, branchId))
      .limit(1);
    if (account || user || item || auction) throw conflict(messages.branchInUse, 'BRANCH_IN_USE');
    await tx.delete(branches).where(eq(branches.id, branchId));
  });
}
