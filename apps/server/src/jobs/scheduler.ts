import type { FastifyBaseLogger } from 'fastify';
import { systemClock, type Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { Job } from './job.js';
import { jobs } from './registry.js';

export interface RunningJobs {
  stop(): void;
  /** Resolves when no job run is under way (for a graceful shutdown). */
  idle(): Promise<void>;
}

/**
 * Runs each job on its timer while the server runs. A job guards itself with an advisory lock
 * (see registry.ts), so when several server processes share a database only one does the work.
 */
export function startJobs(
  db: Database,
  config: Config,
  log: FastifyBaseLogger,
  list: Job[] = jobs,
  clock: Clock = systemClock,
): RunningJobs {
  if (!config.runJobs) return { stop: () => {}, idle: async () => {} };
  const running = new Set<Promise<void>>();
  const busy = new Set<string>();
  const runOnce = (job: Job) => {
    // A run that outlasts its interval is not joined by a second one of the same job.
    if (busy.has(job.name)) return;
    busy.add(job.name);
    const run = job
      .run(db, config, clock)
      .then((result) => {
        if (result) log.info({ job: job.name, result }, 'job ran');
      })
      .catch((error: unknown) => log.error({ err: error, job: job.name }, 'job failed'))
      .finally(() => {
        running.delete(run);
        busy.delete(job.name);
      });
    running.add(run);
  };
  // Each job also runs once right after start: a server that was down at a month's end (or while
  // transactions fell due) catches up at once instead of an hour later.
  const starts = list.map((job) => setTimeout(() => runOnce(job), 1000));
  const timers = list.map((job) => setInterval(() => runOnce(job), job.intervalMs));
  return {
    stop: () => {
      starts.forEach(clearTimeout);
      timers.forEach(clearInterval);
    },
    idle: async () => {
      await Promise.all(running);
    },
  };
}
