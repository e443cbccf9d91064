import { fromCents, type Transaction, type TransactionType } from '@bank/shared';
import type { transactions } from '../../db/schema.js';

export type TransactionRow = typeof transactions.$inferSelect;

/** A stored transaction as the API shows it: amounts in currency units, dates as ISO strings. */
export function toTransaction(row: TransactionRow): Transaction {
  return {
    id: row.id,
    accountId: row.accountNumber,
    type: row.type,
    description: row.description,
    amount: fromCents(row.amountCents),
    transactionDate: row.transactionDate.toISOString(),
    postedDate: row.postedDate ? row.postedDate.toISOString() : null,
    status: row.status,
    accountBalance: row.accountBalanceCents === null ? null : fromCents(row.accountBalanceCents),
    transferId: row.transferId,
    memo: row.memo,
    batchId: row.batchId,
    reversalOf: row.reversalOf,
    reversedBy: row.reversedBy,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What a transaction does to its account's balance: credits add, debits take away. */
export function signedCents(row: { type: TransactionType; amountCents: number }): number {
  return row.type === 'credit' ? row.amountCents : -row.amountCents;
}
