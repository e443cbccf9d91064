import { sql } from 'drizzle-orm';
import { fromCents, type Account } from '@bank/shared';
import { accounts, transactions } from '../../db/schema.js';

type AccountRow = Pick<
  typeof accounts.$inferSelect,
  'accountNumber' | 'type' | 'balanceCents' | 'heldCents' | 'branchId' | 'bankId'
>;

/**
 * How many live transactions of the selected account are still pending: a column for any select
 * from `accounts`, read through the account's posting-order index.
 */
export const pendingCountColumn = sql<number>`(
  select count(*)::int from ${transactions}
  where ${transactions.accountNumber} = ${accounts.accountNumber}
    and ${transactions.status} = 'pending' and ${transactions.deletedAt} is null
)`.mapWith(Number);

/**
 * An account as the API shows it. `id` and `accountId` are both the 10-digit number (API.md
 * Identifiers); the owner is named by username, which is also the user id of the contract.
 */
export function toAccount(row: AccountRow, username: string, pendingCount: number): Account {
  return {
    id: row.accountNumber,
    accountId: row.accountNumber,
    accountType: row.type,
    balance: fromCents(row.balanceCents),
    branchId: row.branchId,
    bankId: row.bankId,
    username,
    pendingCount,
    available: fromCents(row.balanceCents - row.heldCents),
  };
}
