import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../db/client.js';
import type { BackupSummary } from './format.js';
import { oneBackupAtATime, writeBackupNow } from './write-backup.js';

const NIGHTLY_NAME = /^bank-backup-(\d{4}-\d{2}-\d{2})\.json\.gz$/;
const NIGHTLY_PARTIAL = /^bank-backup-(\d{4}-\d{2}-\d{2})\.json\.gz\.\d+\.partial$/;

/** The day's backup file: its name carries the date (UTC), so a restart the same day writes no second one. */
export const nightlyFileName = (now: Date) => `bank-backup-${now.toISOString().slice(0, 10)}.json.gz`;

export interface NightlyOptions {
  dir: string;
  /** How many of the newest nightly backups stay; older ones are removed. */
  keep: number;
  now: Date;
}

/**
 * Writes the day's backup into `dir` unless it is there already, then keeps only the newest
 * `keep` of them. Other files in the folder (a backup the operator wrote there) are left alone.
 * Returns what was written, or null when the day's backup existed.
 */
export function writeNightlyBackup(db: Database, options: NightlyOptions): Promise<BackupSummary | null> {
  return oneBackupAtATime(async () => {
    mkdirSync(options.dir, { recursive: true, mode: 0o700 });
    const name = nightlyFileName(options.now);
    if (readdirSync(options.dir).includes(name)) return null;
    const written = await writeBackupNow(db, path.join(options.dir, name));
    removeOldNightlies(options.dir, options.keep, name.match(NIGHTLY_NAME)![1]!);
    return written;
  });
}

function removeOldNightlies(dir: string, keep: number, today: string): void {
  const files = readdirSync(dir);
  const nightlies = files.filter((f) => NIGHTLY_NAME.test(f)).sort();
  for (const old of nightlies.slice(0, Math.max(0, nightlies.length - keep))) rmSync(path.join(dir, old));
  // What a process stopped half-way through an earlier day's backup left behind.
  for (const partial of files.filter((f) => (f.match(NIGHTLY_PARTIAL)?.[1] ?? today) < today))
    rmSync(path.join(dir, partial), { force: true });
}
