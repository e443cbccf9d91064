import { cleanUp } from '../domain/housekeeping/clean-up.js';
import type { Job } from './job.js';

export const housekeepingJob: Job = {
  name: 'housekeeping',
  intervalMs: 60 * 60 * 1000,
  async run(db, _config, clock) {
    const removed = await cleanUp(db, clock.now());
    return removed.idempotencyKeys + removed.sessions > 0 ? removed : null;
  },
};
