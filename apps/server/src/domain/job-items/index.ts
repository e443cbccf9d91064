/**
 * Background jobs that work through items (due schedules, expired requests, and any later one):
 * each item isolated in its own savepoint, a failure recorded and the others run (issue 31).
 */
export { runItems, type ItemJob, type ItemOutcome } from './run-items.js';
export { notFailed, type ItemFailure } from './record-failure.js';
