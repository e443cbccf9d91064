import { runDueSchedules } from '../domain/schedules/index.js';
import type { Job } from './job.js';

/**
 * Runs every schedule occurrence that is due (06:00 in its bank's zone), once a minute and at start,
 * where occurrences missed while no server ran are caught up, oldest first. Several processes share
 * the work; each occurrence runs once (domain/schedules/run-due.ts).
 */
export const schedulesJob: Job = {
  name: 'schedules',
  intervalMs: 60_000,
  async run(db, config, clock) {
    const runs = await runDueSchedules(db, {
      asOf: clock.now(),
      postingDelaySeconds: config.postingDelaySeconds,
    });
    return runs.length > 0 ? { runs: runs.length } : null;
  },
};
