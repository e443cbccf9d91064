import { and, asc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Account } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { accounts, users } from '../../db/schema.js';
import type { Actor } from '../actor.js';
import { assertOwnBank, findVisibleUser } from '../access.js';
import { toAccount } from './to-account.js';

/** Open accounts only: closed ones are kept for statements and audit but are no longer listed. */
async function openAccountsWhere(db: Executor, where: SQL | undefined): Promise<Account[]> {
  const rows = await db
    .select({ account: accounts, username: users.username })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(and(isNull(accounts.closedAt), where))
    .orderBy(asc(accounts.openedAt), asc(accounts.accountNumber));
  return rows.map((row) => toAccount(row.account, row.username));
}

/** A customer's accounts: the customer themself, or staff of the customer's bank (else 404). */
export async function listUserAccounts(db: Executor, actor: Actor, username: string): Promise<Account[]> {
  const user = await findVisibleUser(db, actor, username);
  return openAccountsWhere(db, eq(accounts.userId, user.id));
}

/** Every open account of the staff member's own bank. */
export function listBankAccounts(db: Executor, actor: Actor, bankId: number): Promise<Account[]> {
  assertOwnBank(actor, bankId);
  return openAccountsWhere(db, eq(accounts.bankId, bankId));
}
