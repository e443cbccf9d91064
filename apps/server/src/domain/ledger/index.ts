/**
 * The bank's ledger: every movement of money, its posting, and the admin's corrections. Each
 * money-moving function takes the moment it happens as a parameter (LedgerClock) and runs in one
 * database transaction that locks the accounts it changes; given an open transaction (`tx`) it
 * joins it instead.
 *
 * This folder is the ledger's core (the clock, legs, locks, single legs, transfers, idempotency,
 * invariants and the API's Transaction); each folder below holds one idea built on it and has
 * an index of its own: posting/ (the posting run), paydays/ (class paydays: preview, run, list),
 * corrections/ (the admin's edits and deletes) and reversals/ (of a transaction or a payday).
 */
export type { LedgerClock } from './clock.js';
export { dueDate } from './clock.js';
export { LedgerInvariantError } from './invariant.js';
export { toTransaction, signedCents, type TransactionRow } from './to-transaction.js';
export { lockAccounts, type AccountRow, type LockedAccounts } from './locked-accounts.js';
export { changeHold } from './holds.js';
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
export { listTransactions, type PageRequest, type TransactionPage } from './list-transactions.js';
export {
  runIdempotent,
  parseIdempotencyKey,
  type IdempotentRequest,
  type IdempotentResponse,
} from './idempotency.js';
export {
  groupedFunction,
  groupRequestOf,
  resultOf,
  type GroupAnswer,
  type GroupRequest,
  type RefusalMap,
  type RefusedAnswer,
} from './idempotent-statement.js';
export { accountTotals, assertAccountsConsistent, verifyLedger } from './invariants.js';
