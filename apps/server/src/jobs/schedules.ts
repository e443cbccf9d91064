import { runDueSchedules } from '../domain/schedules/index.js';
import type { Job } from './job.js';

/**
 * Runs every schedule occurrence that is due (06:00 in its bank's zone), once a minute and at start,
 * where occurrences missed while no server ran are caught up, oldest first. Several processes share
 * the work; each occurrence runs once, and one whose run fails stops its schedule, with its reason,
 * while every other runs (domain/schedules/run-due.ts).
 */
export const schedulesJob: Job = {
  name: 'schedules',
  intervalMs: 60_000,
  async run(db, config, clock) {
    const due = await runDueSchedules(db, {
      asOf: clock.now(),
      postingDelaySeconds: config.postingDelaySeconds,
    });
    if (due.length === 0) return null;
    const runs = due.filter((run) => run.outcome === 'ran').length;
    const stopped = due.filter((run) => run.outcome === 'stopped');
    const deferred = due.filter((run) => run.outcome === 'deferred');
    return {
      runs,
      ...(stopped.length > 0 ? { stopped } : {}),
      ...(deferred.length > 0 ? { deferred } : {}),
    };
  },
};
