import type { Config } from '../config.js';
import type { Database } from '../db/database.js';

export interface Job {
  name: string;
  intervalMs: number;
  /** Does the job's work as of `now`; returns something worth logging, or null when there was nothing to do. */
  run(db: Database, config: Config, now: Date): Promise<unknown>;
}
