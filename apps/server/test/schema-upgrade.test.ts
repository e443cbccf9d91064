import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { inTransaction } from '../src/db/transaction.js';
import { createScratchDatabase, databaseKind, openTestDatabase, testDatabaseUrl } from './harness.js';
import { serverDir } from './server-process.js';

/**
 * A bank installed before the database functions had one home (db/functions) was migrated by
 * migrations that each carried a copy of them; a new one gets the functions from db/functions.
 * Both must end with the same database: tables, columns, constraints, indexes, sequences,
 * functions (as PostgreSQL writes them back) and the same list of applied migrations (a backup
 * restores only into a database at the same point). The old install is made here as it was: by
 * the migration files of the last commit that changed them before the move, read from git, run
 * the way that commit's migrate.ts ran them; then today's migrate upgrades it.
 */
const LAST_COPIES = 'eff27aca62df14ce25ce508772876346586afe36';
const repoDir = path.resolve(serverDir, '../..');
/** The database functions written after that commit: an old install cannot have had them. */
const FUNCTIONS_ADDED_SINCE = [
  'auction_bid_group',
  'auction_place_bid',
  'idempotency_answer',
  'idempotency_claim',
  'notify_money_moved',
  'notify_person',
  'session_is_current',
  'store_order_group',
  'store_place_order',
];
const migrationsPath = 'apps/server/src/db/migrations';

function git(...args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: repoDir, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    throw new Error(
      `This test reads the migrations of commit ${LAST_COPIES} from git (a clone with its history)`,
      { cause: error },
    );
  }
}

/** The old install's migration files, by name, in the order its migrate applied them. */
function oldMigrations(): Array<{ name: string; text: string }> {
  return git('ls-tree', '--name-only', `${LAST_COPIES}:${migrationsPath}`)
    .split('\n')
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, text: git('show', `${LAST_COPIES}:${migrationsPath}/${name}`) }));
}

/** What that commit's migrate.ts did: each file's statements, then its name, in one transaction. */
async function migrateAsBefore(db: Database): Promise<void> {
  await db.execute(sql`
    create table if not exists schema_migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    )`);
  for (const { name, text } of oldMigrations()) {
    await inTransaction(db, async (tx) => {
      for (const statement of text.split('--> statement-breakpoint')) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.execute(sql`insert into schema_migrations (name) values (${name})`);
    });
  }
}

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** An empty database of the kind under test, nothing migrated. */
async function emptyDatabase(): Promise<Database> {
  if (!testDatabaseUrl) {
    const client = new PGlite();
    closers.push(() => client.close());
    return drizzlePglite({ client }) as unknown as Database;
  }
  const scratch = await createScratchDatabase(testDatabaseUrl);
  const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
  closers.push(async () => {
    await pool.end();
    await scratch.drop();
  });
  return drizzlePg({ client: pool }) as unknown as Database;
}

/** The database's shape as PostgreSQL's catalog tells it, each part in a stable order. */
async function catalog(db: Database) {
  const rows = (query: ReturnType<typeof sql>) => queryRows<Record<string, unknown>>(db, query);
  return {
    columns: await rows(
      sql`select table_name, column_name, ordinal_position, data_type, udt_name, character_maximum_length,
                 column_default, is_nullable
          from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`,
    ),
    constraints: await rows(
      sql`select conrelid::regclass::text as "table", conname, pg_get_constraintdef(oid) as definition
          from pg_constraint where connamespace = 'public'::regnamespace order by 1, 2`,
    ),
    indexes: await rows(
      sql`select tablename, indexname, indexdef from pg_indexes where schemaname = 'public' order by 1, 2`,
    ),
    sequences: await rows(
      sql`select sequencename, data_type::text, start_value::text, increment_by::text
          from pg_sequences where schemaname = 'public' order by 1`,
    ),
    functions: await rows(
      sql`select proname, pg_get_function_identity_arguments(oid) as arguments, pg_get_functiondef(oid) as definition
          from pg_proc where pronamespace = 'public'::regnamespace order by 1, 2`,
    ),
    triggers: await rows(
      sql`select tgrelid::regclass::text as "table", tgname, pg_get_triggerdef(oid) as definition
          from pg_trigger where not tgisinternal order by 1, 2`,
    ),
    views: await rows(sql`select viewname, definition from pg_views where schemaname = 'public' order by 1`),
    migrations: (await rows(sql`select name from schema_migrations order by name`)).map((row) => row.name),
  };
}

describe(`a database migrated before the functions moved to db/functions, upgraded (${databaseKind})`, () => {
  // A database made from nothing and migrated twice over (as before, then today): long on a busy machine.
  it(
    'ends exactly as a new one: schema, functions and the list of applied migrations',
    { timeout: 240_000 },
    async () => {
      const old = await emptyDatabase();
      await migrateAsBefore(old);
      const before = await catalog(old);
      await migrate(old);
      const upgraded = await catalog(old);

      // A new database: the run's own, which the test set-up migrated from nothing (global-setup.ts).
      const handle = await openTestDatabase();
      closers.push(() => handle.close());
      const fresh = handle.db;
      const made = await catalog(fresh);

      expect(upgraded).toEqual(made);
      // The old install had every function it has now but those added since, and every migration
      // but those added since.
      expect(before.functions.map((f) => f.proname)).toEqual(
        expect.arrayContaining(
          made.functions
            .map((f) => f.proname)
            .filter((name) => !FUNCTIONS_ADDED_SINCE.includes(name as string)),
        ),
      );
      expect(made.migrations.slice(0, before.migrations.length)).toEqual(before.migrations);
      // The one-transfer function the old install had is gone (migration 0015).
      expect(before.functions.map((f) => f.proname)).toContain('ledger_transfer');
      expect(made.functions.map((f) => f.proname)).not.toContain('ledger_transfer');
      // Migrating again changes nothing.
      await migrate(fresh);
      expect(await catalog(fresh)).toEqual(made);
    },
  );
});
