import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.js';
import { claimDataDir } from './embedded-lock.js';
import { migrate } from './migrate.js';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: domain functions that only read accept both. */
export type Executor = Database | Tx;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The embedded database's data directory as a tarball (PGlite only); tests start from one. */
  dumpDataDir?: () => Promise<Blob>;
}

export interface DatabaseOptions {
  /** A PostgreSQL server; unset means the embedded PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite's data directory; unset means in memory (tests). */
  dataDir?: string | undefined;
  /** Who opens an embedded database (shown to a second process that tries to). */
  owner?: string;
  /** Starts an embedded database from a `dumpDataDir` tarball instead of an empty one (tests). */
  initialData?: Blob | undefined;
}

// bigint columns (cents, ids) come back from pg as strings unless told otherwise; every value
// we store fits a JS number exactly (see schema.ts), so parse them as numbers once, here.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** Opens the database and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    await migrate(db);
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  let release = () => {};
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    release = claimDataDir(options.dataDir, options.owner ?? 'the bank');
  }
  const client = new PGlite(options.dataDir, options.initialData ? { loadDataDir: options.initialData } : {});
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  await migrate(db);
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await client.close();
      release();
    },
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

/** Runs raw SQL and returns its rows (both drivers answer `{rows}`). */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
