import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';

export interface Job {
  name: string;
  intervalMs: number;
  /**
   * Does the job's work as of the clock's time (read when the run starts, or again after waiting
   * for a lock); returns something worth logging, or null when there was nothing to do.
   */
  run(db: Database, config: Config, clock: Clock): Promise<unknown>;
}
