/** The posting run: pending transactions become posted, in order, each with its running balance. */
export {
  postTransactions,
  ROWS_PER_STEP,
  type PostingOptions,
  type PostingResult,
} from './post-transactions.js';
