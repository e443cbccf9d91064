import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Executor } from './database.js';
import { allowLongJob } from './timeouts.js';
import { inTransaction } from './transaction.js';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));
const functionsDir = fileURLToPath(new URL('./functions/', import.meta.url));

const sqlFiles = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();

async function runFile(tx: Executor, file: string): Promise<void> {
  const statements = readFileSync(file, 'utf8').split('--> statement-breakpoint');
  for (const statement of statements) {
    if (statement.trim()) await tx.execute(sql.raw(statement));
  }
}

/**
 * Applies the committed SQL migrations that this database has not seen, in file-name order, each
 * in its own transaction, then the database functions. A migration is written by hand to match
 * schema.ts, its statements separated by `--> statement-breakpoint` lines. The caller holds the startup lock
 * (DatabaseHandle.duringStartup), so when several processes start at once on one database,
 * one migrates, from creating schema_migrations on, and the others then find nothing to do.
 */
export async function migrate(db: Database): Promise<void> {
  await db.execute(sql`
    create table if not exists schema_migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    )`);
  for (const file of sqlFiles(migrationsDir)) {
    await inTransaction(db, async (tx) => {
      // A migration's DDL waits for every statement under way on its tables, and may rewrite one.
      await allowLongJob(tx);
      const done = await queryRows(tx, sql`select 1 from schema_migrations where name = ${file}`);
      if (done.length > 0) return;
      await runFile(tx, migrationsDir + file);
      await tx.execute(sql`insert into schema_migrations (name) values (${file})`);
    });
  }
  await applyFunctions(db);
}

/**
 * The database functions (db/functions, one file each) are a repeatable migration: every migrate
 * applies them all, after the versioned migrations (so every table and column they name exists),
 * in one transaction. Each file is the function's one definition, `CREATE OR REPLACE`, so applying
 * it again changes nothing and a change to a function is a change to its file, never another copy
 * of it in a migration; a new database and one migrated for years end with the same functions.
 * Under the startup lock like the migrations: two processes replacing one function at the same
 * moment would fail ("tuple concurrently updated"). A change `CREATE OR REPLACE` cannot make (a
 * function's arguments or result type) takes a versioned migration that drops the old function
 * first; one no longer used is dropped by a migration and its file removed. Not recorded in
 * schema_migrations: they are no point in the migrations' order (a backup names that order).
 *
 * Their bodies are not checked as they are created (`check_function_bodies`, as pg_dump does):
 * checking a body that names a table (`users%ROWTYPE`) waits for that table's lock, so a process
 * starting while another session held a table (a restore, psql) would wait on it before it could
 * say anything. Every function is called by the tests, which find a body that does not compile.
 */
async function applyFunctions(db: Database): Promise<void> {
  await inTransaction(db, async (tx) => {
    await tx.execute(sql`select set_config('check_function_bodies', 'off', true)`);
    for (const file of sqlFiles(functionsDir)) await runFile(tx, functionsDir + file);
  });
}
