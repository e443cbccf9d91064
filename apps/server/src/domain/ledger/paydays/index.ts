/** Class paydays (batches): one deposit or withdrawal for many accounts, previewed, run and listed. */
export { runBatch, runBatchOnce } from './run-batch.js';
export { previewBatch } from './preview-batch.js';
export { getBatch, listBatches } from './list-batches.js';
export type { BatchInput, BatchItemInput } from './batch-items.js';
