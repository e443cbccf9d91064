import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client.js';
import { allowLongJob } from '../db/timeouts.js';
import { describeError } from '../db/describe-error.js';
import { pgErrorCode, pgErrorCodes } from '../db/pg-error.js';
import { retryingConflicts } from '../db/transaction.js';
import { appliedMigrations, bankTables, foreignKeys, rowCounts } from './catalog.js';
import type { BackupHeader, BackupSummary } from './format.js';
import { BackupFileError, readBackup, readBackupHeader } from './read-backup.js';
import { writeBackupIn } from './write-backup.js';

const isEmpty = (contents: Record<string, number>) => Object.values(contents).every((n) => n === 0);

/** A database that holds anything, refused because the caller gave no file to set it aside in. */
export class DatabaseNotEmpty extends Error {
  constructor(readonly contents: Record<string, number>) {
    super('The database is not empty: restore only into an empty one.');
  }
}

export interface SetAside {
  /** The new file to back up what the database holds into, given what it holds. */
  file(contents: Record<string, number>): string;
  /** Told as soon as that backup is written, before anything is replaced. */
  written(summary: BackupSummary): void;
}

/** Lock waits of a restore: a session that holds a table longer than this is not going to let go soon. */
const LOCK_TIMEOUT = '10s';
const LOCK_NOT_AVAILABLE = '55P03';

/**
 * Loads a backup into this database in one transaction: it ends holding exactly the backup, or,
 * when anything fails (a damaged file, a row the schema refuses), exactly what it held before.
 * Every table is locked first, so what is committed before is all in the transaction's view and
 * nothing commits beside it. A database that holds anything is refused unless `setAside` is
 * given: then it is backed up in the same transaction, so whatever was acknowledged before the
 * restore is in that backup and whatever waited for it lands in the restored database.
 * The foreign keys are set aside while rows go in (a reversal and its original point at each
 * other) and put back at the end, which checks every row against them, as pg_restore does.
 */
export async function restoreBackup(
  db: Database,
  file: string,
  options: { setAside?: SetAside } = {},
): Promise<BackupHeader> {
  const header = await readBackupHeader(file);
  await assertSameMigrations(db, header);
  // Only taking the locks can deadlock with another session: nothing is written by then.
  await retryingConflicts(() =>
    db.transaction(async (tx) => {
      // Every row of a backup in one transaction: longer than a request may take.
      await allowLongJob(tx);
      const tables = await lockEveryTable(tx);
      const contents = await rowCounts(tx, tables);
      const replace = !isEmpty(contents);
      if (replace) {
        if (!options.setAside) throw new DatabaseNotEmpty(contents);
        options.setAside.written(await writeBackupIn(tx, options.setAside.file(contents)));
      }
      await loadAll(tx, file, tables, replace);
    }),
  ).catch((error: unknown) => {
    if (error instanceof BackupFileError || error instanceof DatabaseNotEmpty) throw error;
    throw new Error(
      `The backup could not be restored, so nothing changed: ${describeError(error)}.${lockAdvice(error)}`,
    );
  });
  return header;
}

async function lockEveryTable(tx: Tx): Promise<string[]> {
  await tx.execute(sql.raw(`set local lock_timeout = '${LOCK_TIMEOUT}'`));
  const tables = await bankTables(tx);
  await tx.execute(
    sql`lock table ${sql.join(
      tables.map((table) => sql.identifier(table)),
      sql`, `,
    )} in access exclusive mode`,
  );
  return tables;
}

function lockAdvice(error: unknown): string {
  const code = pgErrorCode(error);
  return code === LOCK_NOT_AVAILABLE || code === pgErrorCodes.deadlockDetected
    ? " Another session is using the bank's tables (one that is not a bank server or tool, such as psql): " +
        'end it, then run restore again.'
    : '';
}

async function loadAll(tx: Tx, file: string, tables: string[], replace: boolean): Promise<void> {
  // Rows come back as they were: the triggers that tell people of new money stay quiet
  // (db/functions/notify_money_moved.sql), and the backup's own notices come back with the rest.
  await tx.execute(sql`select set_config('bank.restoring', 'on', true)`);
  const keys = await foreignKeys(tx);
  for (const key of keys)
    await tx.execute(sql`alter table ${sql.raw(key.table)} drop constraint ${sql.identifier(key.name)}`);
  if (replace) for (const table of tables) await tx.execute(sql`delete from ${sql.identifier(table)}`);
  const known = new Set(tables);
  const { sequences } = await readBackup(file, async (table, rows) => {
    if (!known.has(table))
      throw new BackupFileError(`${file} holds a table this bank does not have (${table}).`);
    const target = sql.identifier(table);
    const json = `[${rows.join(',')}]`;
    await tx.execute(
      sql`insert into ${target} select * from json_populate_recordset(null::${target}, ${json}::json)`,
    );
  });
  for (const [name, { value, called }] of Object.entries(sequences))
    await tx.execute(sql`select setval(quote_ident(${name})::regclass, ${value}::bigint, ${called})`);
  for (const key of keys)
    await tx.execute(
      sql`alter table ${sql.raw(key.table)} add constraint ${sql.identifier(key.name)} ${sql.raw(key.definition)}`,
    );
}

/** Refuses a backup of a database at another migration than this one (a restore copies rows as they are). */
export async function assertSameMigrations(db: Database, header: BackupHeader): Promise<void> {
  const here = await appliedMigrations(db);
  if (JSON.stringify(here) === JSON.stringify(header.migrations)) return;
  const newer = header.migrations.length > here.length;
  throw new Error(
    newer
      ? `This backup was made by a newer version of the bank (its database is at ${header.migrations.at(-1)}, ` +
          `this one at ${here.at(-1)}). Update the bank, then restore.`
      : `This backup was made by an older version of the bank (its database is at ${header.migrations.at(-1)}, ` +
          `this one at ${here.at(-1)}). Restore it with that version, then start this one to bring it up to date.`,
  );
}
