/** Reversals: a transaction (a transfer as a whole) or a payday undone by opposite legs, never erased. */
export { reverseTransaction } from './reverse-transaction.js';
export { reverseBatch, type BatchReversal } from './reverse-batch.js';
