import { existsSync } from 'node:fs';
import path from 'node:path';
import { describeCounts, describeSize, type BackupSummary } from '../backup/format.js';
import { readBackup } from '../backup/read-backup.js';
import { DatabaseNotEmpty, restoreBackup, type SetAside } from '../backup/restore-backup.js';
import { askServerForBackup, takesBackupRequests } from '../backup/server-request.js';
import { writeBackup } from '../backup/write-backup.js';
import { loadConfig } from '../config.js';
import { dataDirHolder } from '../db/embedded-lock.js';
import { verifyLedger } from '../domain/ledger/index.js';
import {
  assertDataDirFree,
  assertEmbeddedDatabaseExists,
  operatorPath,
  withDatabase,
} from './with-database.js';

/** `backup --to FILE`: the CLI writes it, or, when the server holds the embedded database, the server does. */
export async function backupCommand(options: { to: string }): Promise<void> {
  const config = loadConfig();
  const file = operatorPath(options.to);
  if (existsSync(file)) throw new Error(`${file} already exists. Choose another file name.`);
  let summary: BackupSummary | undefined;
  if (!config.databaseUrl) {
    assertEmbeddedDatabaseExists(config.dataDir);
    summary = await backupThroughServer(config.dataDir, config.backupDir, file);
  }
  summary ??= await withDatabase((db) => writeBackup(db, file));
  console.log(
    `Backup written to ${summary.file} (${describeSize(summary.bytes)}): ${describeCounts(summary.tables)}.`,
  );
}

/** Asks the running server for the backup; undefined when no process holds the data directory. */
async function backupThroughServer(dataDir: string, backupDir: string, file: string) {
  const holder = dataDirHolder(dataDir);
  if (!holder) return undefined;
  if (takesBackupRequests(dataDir, holder.pid)) {
    console.log(`The bank server (pid ${holder.pid}) is running; it writes the backup.`);
    return askServerForBackup(dataDir, holder.pid, file);
  }
  const who = holder.owner || 'another process';
  throw new Error(
    who.includes('server')
      ? `${who} (pid ${holder.pid}) holds the embedded database and does not take backup requests ` +
          '(it is still starting, or it is an older version of the bank). Try again once it has started, or ' +
          `stop it and run backup again. Its nightly backups are in ${path.resolve(backupDir)}.`
      : `${who} (pid ${holder.pid}) is using the embedded database. Run backup again when it has finished.`,
  );
}

/** `restore --from FILE [--force]`: into an empty database, or, with --force, over one (backed up first). */
export async function restoreCommand(options: { from: string; force?: boolean }): Promise<void> {
  const config = loadConfig();
  const file = operatorPath(options.from);
  // The whole file is read once before anything is opened or created: a damaged one changes nothing.
  const { header } = await readBackup(file);
  if (!config.databaseUrl) assertDataDirFree(config.dataDir, 'restore');
  await withDatabase(
    async (db) => {
      const setAside = options.force ? setAsideIn(config.backupDir) : undefined;
      await restoreBackup(db, file, { setAside }).catch((error: unknown) => {
        if (!(error instanceof DatabaseNotEmpty)) throw error;
        throw new Error(
          `The database is not empty: it holds ${describeCounts(error.contents)}. Restore into an empty database ` +
            '(a new DATA_DIR, or a new PostgreSQL database), or add --force to replace what is there ' +
            '(it is backed up first).',
        );
      });
      console.log(`Restored ${file} (written ${header.createdAt}): ${describeCounts(header.tables)}.`);
      const problems = await verifyLedger(db);
      console.log(
        problems.length === 0
          ? 'The books balance: every balance is the sum of its transactions.'
          : `The books in this backup do not balance:\n  ${problems.join('\n  ')}`,
      );
    },
    { alone: 'restore' },
  );
}

/** `--force`: what the database holds goes into BACKUP_DIR first, and the operator is told where at once. */
const setAsideIn = (backupDir: string): SetAside => ({
  // The safety backup's name says when it was written: the machine's time, not the bank's clock.
  file: () =>
    path.resolve(backupDir, `before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}.json.gz`),
  written: (saved) =>
    console.log(`What the database held (${describeCounts(saved.tables)}) is backed up in ${saved.file}.`),
});
