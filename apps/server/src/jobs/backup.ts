import { writeNightlyBackup } from '../backup/nightly.js';
import type { Job } from './job.js';

/**
 * The day's backup (backup/nightly.ts): checked every hour and at start, written the first time
 * on a new day (UTC), so a server that was off at midnight writes it when it starts.
 */
export const backupJob: Job = {
  name: 'backup',
  intervalMs: 60 * 60 * 1000,
  async run(db, config, clock) {
    if (config.backupKeep === 0) return null;
    const written = await writeNightlyBackup(db, {
      dir: config.backupDir,
      keep: config.backupKeep,
      now: clock.now(),
    });
    return written && { file: written.file, bytes: written.bytes };
  },
};
