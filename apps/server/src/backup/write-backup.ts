import { createWriteStream, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Tx } from '../db/client.js';
import { allowLongJob } from '../db/timeouts.js';
import { appliedMigrations, bankSequences, bankTables, rowCounts } from './catalog.js';
import { BACKUP_FORMAT, BACKUP_VERSION, type BackupHeader, type BackupSummary } from './format.js';

/** Rows fetched from the table's cursor at a time: a table is never held in memory whole. */
const ROWS_PER_FETCH = 500;

let lastBackup: Promise<unknown> = Promise.resolve();

/**
 * One backup at a time in this process: the nightly job and a backup asked for by the operator
 * (backup/server-request.ts) wait for each other instead of writing side by side.
 */
export function oneBackupAtATime<T>(work: () => Promise<T>): Promise<T> {
  const next = lastBackup.then(work, work);
  lastBackup = next.catch(() => undefined);
  return next;
}

/**
 * Writes a backup of the whole database to `file` (which must not exist yet), from one snapshot:
 * a repeatable-read transaction, so money moving meanwhile is either wholly in it or not at all.
 * The file is written aside and renamed when complete, readable by its owner only (it holds
 * password hashes).
 */
export function writeBackup(db: Database, file: string): Promise<BackupSummary> {
  return oneBackupAtATime(() => writeBackupNow(db, file));
}

/** writeBackup for a caller that already waited its turn (oneBackupAtATime). */
export function writeBackupNow(db: Database, file: string): Promise<BackupSummary> {
  return db.transaction(
    async (tx) => {
      // The whole database, table by table, in one snapshot: longer than a request may take.
      await allowLongJob(tx);
      return writeBackupIn(tx, file);
    },
    {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    },
  );
}

/**
 * Writes what `tx` sees: one snapshot when it is repeatable read, or everything committed when
 * the caller has locked every table (restore sets aside what it replaces in its own transaction).
 */
export async function writeBackupIn(tx: Tx, file: string): Promise<BackupSummary> {
  if (existsSync(file)) throw new Error(`${file} already exists. Choose another file name.`);
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  const written: { header?: BackupHeader } = {};
  try {
    await pipeline(
      Readable.from(backupLines(tx, written)),
      createGzip(),
      createWriteStream(partial, { mode: 0o600 }),
    );
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  const header = written.header!;
  return { file, bytes: statSync(file).size, createdAt: header.createdAt, tables: header.tables };
}

async function* backupLines(tx: Tx, written: { header?: BackupHeader }): AsyncGenerator<string> {
  const tables = await bankTables(tx);
  const [version] = await queryRows<{ v: string }>(tx, sql`select current_setting('server_version') as v`);
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    // When this file was written, like a log line's own time: the machine's, not the bank's clock.
    createdAt: new Date().toISOString(),
    serverVersion: version!.v,
    migrations: await appliedMigrations(tx),
    tables: await rowCounts(tx, tables),
  };
  written.header = header;
  yield `${JSON.stringify(header)}\n`;
  for (const table of tables) {
    yield `${JSON.stringify({ table, rows: header.tables[table] })}\n`;
    yield* tableRows(tx, table);
  }
  yield `${JSON.stringify({ sequences: await sequenceValues(tx) })}\n`;
  yield `${JSON.stringify({ end: true })}\n`;
}

async function* tableRows(tx: Tx, table: string): AsyncGenerator<string> {
  await tx.execute(
    sql`declare backup_rows no scroll cursor for
        select row_to_json(t)::text as row from ${sql.identifier(table)} t`,
  );
  for (;;) {
    const rows = await queryRows<{ row: string }>(
      tx,
      sql.raw(`fetch forward ${ROWS_PER_FETCH} from backup_rows`),
    );
    if (rows.length === 0) break;
    yield rows.map((r) => `${r.row}\n`).join('');
  }
  await tx.execute(sql`close backup_rows`);
}

async function sequenceValues(tx: Tx) {
  const values: Record<string, { value: string; called: boolean }> = {};
  for (const name of await bankSequences(tx)) {
    const [row] = await queryRows<{ value: string; called: boolean }>(
      tx,
      sql`select last_value::text as value, is_called as called from ${sql.identifier(name)}`,
    );
    values[name] = row!;
  }
  return values;
}
