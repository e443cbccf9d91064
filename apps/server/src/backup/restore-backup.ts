import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client.js';
import { allowLongJob } from '../db/timeouts.js';
import { appliedMigrations, bankTables, foreignKeys, rowCounts } from './catalog.js';
import type { BackupHeader } from './format.js';
import { BackupFileError, readBackup, readBackupHeader } from './read-backup.js';

/** What the database holds now, table by table; empty when every count is 0. */
export async function databaseContents(db: Database): Promise<Record<string, number>> {
  return rowCounts(db, await bankTables(db));
}

export const isEmpty = (contents: Record<string, number>) => Object.values(contents).every((n) => n === 0);

/**
 * Loads a backup into this database in one transaction: it ends holding exactly the backup, or,
 * when anything fails (a damaged file, a row the schema refuses), exactly what it held before.
 * The foreign keys are set aside while rows go in (a reversal and its original point at each
 * other) and put back at the end, which checks every row against them, as pg_restore does.
 * `replace` empties the database first; without it, a database that holds anything is refused.
 */
export async function restoreBackup(
  db: Database,
  file: string,
  options: { replace: boolean },
): Promise<BackupHeader> {
  const header = await readBackupHeader(file);
  await assertSameMigrations(db, header);
  if (!options.replace && !isEmpty(await databaseContents(db)))
    throw new Error('The database is not empty: restore only into an empty one.');
  await db
    .transaction(async (tx) => loadAll(tx, file, options.replace))
    .catch((error: unknown) => {
      if (error instanceof BackupFileError) throw error;
      throw new Error(`The backup could not be restored, so nothing changed: ${(error as Error).message}`);
    });
  return header;
}

async function loadAll(tx: Tx, file: string, replace: boolean): Promise<void> {
  // Every row of a backup in one transaction, and every foreign key checked again at the end.
  await allowLongJob(tx);
  const keys = await foreignKeys(tx);
  for (const key of keys)
    await tx.execute(sql`alter table ${sql.raw(key.table)} drop constraint ${sql.identifier(key.name)}`);
  const tables = await bankTables(tx);
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
