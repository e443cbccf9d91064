import { postTransactions } from '../domain/ledger/posting/index.js';
import type { Job } from './job.js';

/**
 * Posts every due pending transaction of every bank, at least once a minute (API.md). When
 * another server process is posting (it holds the advisory lock), this run leaves it the work.
 */
export const postingJob: Job = {
  name: 'posting',
  intervalMs: 60_000,
  async run(db, _config, clock) {
    const result = await postTransactions(db, { now: clock.now(), live: clock });
    return result.posted > 0 ? result : null;
  },
};
