/** The posting run: pending transactions become posted, in order, each with its running balance. */
export { postTransactions, type PostingOptions, type PostingResult } from './post-transactions.js';
