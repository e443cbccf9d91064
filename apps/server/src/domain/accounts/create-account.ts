import { and, eq, sql } from 'drizzle-orm';
import { messages, type Account, type AccountType } from '@bank/shared';
import type { Database, Tx } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { Actor } from '../actor.js';
import { assertOwnBank } from '../access.js';
import { loadBank } from '../bank/bank-settings.js';
import { lockBranchOfBank } from '../branches/lock-branch.js';
import { conflict, notFound } from '../errors.js';
import { insertWithFreshNumber } from './account-number.js';
import { toAccount } from './to-account.js';
import { inTransaction } from '../../db/transaction.js';

export interface NewAccount {
  branchId: number;
  /** The owner's username (the contract's `userId`). */
  username: string;
  accountType: AccountType;
  bankId?: number | undefined;
}

/** The bank settings decide which account types a bank offers (API.md Accounts). */
export function isAccountTypeOffered(
  bank: { checkingActive: boolean; savingsActive: boolean },
  type: AccountType,
): boolean {
  return type === 'CHECKING' ? bank.checkingActive : bank.savingsActive;
}

/**
 * The branch and the owner are read with share locks (lockBranchOfBank, lockOwner): a concurrent branch deletion, user move or
 * user retirement (which lock those rows for update) then either finishes first and is seen
 * here, or waits until this account exists and sees it.
 */
async function lockOwner(tx: Tx, bankId: number, username: string) {
  const [owner] = await tx
    .select()
    .from(users)
    .where(and(eq(sql`lower(${users.username})`, username.toLowerCase()), eq(users.bankId, bankId)))
    .for('share');
  if (!owner) throw notFound();
  return owner;
}

/**
 * An admin opens an account in their own bank for a (current) Student of the chosen branch, of a
 * type the bank offers. The number is new and random; the balance starts at 0. It opens at `now`
 * (the clock's, not the database's): month-end counts its months from then.
 */
export async function createAccount(
  db: Database,
  actor: Actor,
  input: NewAccount,
  now: Date,
): Promise<Account> {
  if (input.bankId !== undefined) assertOwnBank(actor, input.bankId);
  return inTransaction(db, async (tx) => {
    const branch = await lockBranchOfBank(tx, actor.bankId, input.branchId);
    const owner = await lockOwner(tx, actor.bankId, input.username);
    if (owner.role !== 'USER' || owner.branchId !== branch.id || owner.deletedAt !== null) {
      throw conflict(messages.accountOwnerNotStudentOfBranch, 'ACCOUNT_OWNER_NOT_STUDENT_OF_BRANCH');
    }
    const bank = await loadBank(tx, actor.bankId);
    if (!isAccountTypeOffered(bank, input.accountType))
      throw conflict(messages.accountTypeNotOffered, 'ACCOUNT_TYPE_NOT_OFFERED');
    const row = await insertWithFreshNumber(tx, {
      bankId: actor.bankId,
      branchId: branch.id,
      userId: owner.id,
      type: input.accountType,
      openedAt: now,
    });
    return toAccount(row, owner.username, 0);
  });
}
