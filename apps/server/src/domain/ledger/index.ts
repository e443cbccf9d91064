/**
 * The bank's ledger: every movement of money, its posting, and the admin's corrections. Each
 * money-moving function takes the moment it happens as a parameter (LedgerClock) and runs in one
 * database transaction that locks the accounts it changes; given an open transaction (`tx`) it
 * joins it instead.
 */
export type { LedgerClock } from './clock.js';
export { dueDate } from './clock.js';
export { LedgerInvariantError } from './invariant.js';
export { toTransaction, signedCents, type TransactionRow } from './to-transaction.js';
export { lockAccounts, type AccountRow, type LockedAccounts } from './locked-accounts.js';
export {
  deposit,
  withdraw,
  createTransaction,
  createSingleLeg,
  type AmountInput,
  type SingleLegInput,
  type TrustedLegInput,
} from './single-leg.js';
export { transfer, transferOnce, transferGroupCounts, type TransferInput } from './transfer.js';
export { postTransactions, type PostingOptions, type PostingResult } from './post-transactions.js';
export { listTransactions, type PageRequest, type TransactionPage } from './list-transactions.js';
export { updateTransaction, resolveTransactionDate, type TransactionChange } from './update-transaction.js';
export { deleteTransaction } from './delete-transaction.js';
export {
  runIdempotent,
  parseIdempotencyKey,
  type IdempotentRequest,
  type IdempotentResponse,
} from './idempotency.js';
export { accountTotals, assertAccountsConsistent, verifyLedger } from './invariants.js';
export { runBatch, runBatchOnce } from './run-batch.js';
export { previewBatch } from './preview-batch.js';
export { getBatch, listBatches } from './list-batches.js';
export type { BatchInput, BatchItemInput } from './batch-items.js';
export { reverseTransaction } from './reverse-transaction.js';
export { reverseBatch, type BatchReversal } from './reverse-batch.js';
