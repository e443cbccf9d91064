import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Branch } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { accounts, branches } from '../../db/schema.js';

/**
 * Branches as the API shows them. `numOfAccounts` is counted from the open accounts every time
 * (closed ones are history, not customers), so it can never drift from the accounts themselves.
 */
async function selectBranches(db: Executor, where: SQL | undefined): Promise<Branch[]> {
  const rows = await db
    .select({
      id: branches.id,
      bankId: branches.bankId,
      name: branches.name,
      numOfAccounts: sql<number>`(select count(*) from ${accounts}
        where ${accounts.branchId} = ${branches.id} and ${accounts.closedAt} is null)`.mapWith(Number),
    })
    .from(branches)
    .where(where)
    .orderBy(asc(branches.id));
  return rows.map((row) => ({
    id: row.id,
    branchId: row.id,
    branchName: row.name,
    numOfAccounts: row.numOfAccounts,
    bankId: row.bankId,
  }));
}

export function branchesOfBank(db: Executor, bankId: number): Promise<Branch[]> {
  return selectBranches(db, eq(branches.bankId, bankId));
}

/** One branch of a bank, or undefined when the bank has no such branch. */
export async function branchOfBank(
  db: Executor,
  bankId: number,
  branchId: number,
): Promise<Branch | undefined> {
  const [branch] = await selectBranches(db, and(eq(branches.bankId, bankId), eq(branches.id, branchId)));
  return branch;
}
