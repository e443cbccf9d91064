/** The admin's corrections: a transaction edited or deleted, each audited, balances shifted to match. */
export { updateTransaction, resolveTransactionDate, type TransactionChange } from './update-transaction.js';
export { deleteTransaction } from './delete-transaction.js';
