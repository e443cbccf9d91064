import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { postingJob } from './posting.js';
import { monthEndJob } from './month-end.js';
import { housekeepingJob } from './housekeeping.js';

export interface Job {
  name: string;
  intervalMs: number;
  /** Does the job's work as of `now`; returns something worth logging, or null when there was nothing to do. */
  run(db: Database, config: Config, now: Date): Promise<unknown>;
}

/** The jobs the server runs on its timer: posting and month-end (interest, statements) each under its own advisory lock, and housekeeping. */
export const jobs: Job[] = [postingJob, monthEndJob, housekeepingJob];
