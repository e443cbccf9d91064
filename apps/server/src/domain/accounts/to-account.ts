import { fromCents, type Account } from '@bank/shared';
import type { accounts } from '../../db/schema.js';

type AccountRow = Pick<
  typeof accounts.$inferSelect,
  'accountNumber' | 'type' | 'balanceCents' | 'branchId' | 'bankId'
>;

/**
 * An account as the API shows it. `id` and `accountId` are both the 10-digit number (API.md
 * Identifiers); the owner is named by username, which is also the user id of the contract.
 */
export function toAccount(row: AccountRow, username: string): Account {
  return {
    id: row.accountNumber,
    accountId: row.accountNumber,
    accountType: row.type,
    balance: fromCents(row.balanceCents),
    branchId: row.branchId,
    bankId: row.bankId,
    username,
  };
}
