import { runMonthEnd } from '../domain/month-end/index.js';
import type { Job } from './job.js';

/** Runs on the server's timer; between month ends a run is two small queries that find nothing. */
export const monthEndJob: Job = {
  name: 'month-end',
  intervalMs: 60 * 60 * 1000,
  run: async (db, _config, clock) => {
    const result = await runMonthEnd(db, { now: clock.now() });
    return result.months.length > 0 ? result : null;
  },
};
