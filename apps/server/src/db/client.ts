import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.js';
import type { Database } from './database.js';
import { claimDataDir } from './embedded-lock.js';
import { LOCK_KEYS } from './locks.js';
import { migrate } from './migrate.js';

export { queryRows, type Database, type Executor, type Schema, type Tx } from './database.js';

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Runs `work` while this process holds the startup lock (db/locks.ts), which every process
   * takes to migrate and to create the demo bank: another process starting at the same moment
   * waits until `work` is done, then finds its result.
   */
  duringStartup<T>(work: () => Promise<T>): Promise<T>;
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

/**
 * The startup lock is session-level, so it is held on a connection of its own for as long as
 * `work` runs, whatever connections `work` uses; if the process dies, its connection closes and
 * PostgreSQL lets the lock go.
 */
function startupLockOn(pool: pg.Pool) {
  return async <T>(work: () => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [LOCK_KEYS.startup]);
      try {
        return await work();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [LOCK_KEYS.startup]);
      }
    } finally {
      client.release();
    }
  };
}

/** Opens the database and brings its schema up to date (under the startup lock). */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // The server may end an idle connection at any time (a restart, pg_terminate_backend, a
    // failover). The pool drops that connection and the next query opens a new one; without a
    // listener its 'error' event would be an uncaught exception that ends the bank's process.
    pool.on('error', () => {});
    try {
      const db = drizzlePg({ client: pool, schema }) as unknown as Database;
      const duringStartup = startupLockOn(pool);
      await duringStartup(() => migrate(db));
      return { db, kind: 'postgres', duringStartup, close: () => pool.end() };
    } catch (error) {
      await pool.end();
      throw error;
    }
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
    // The embedded database is this process's alone (claimDataDir): nobody to wait for.
    duringStartup: (work) => work(),
    close: async () => {
      await client.close();
      release();
    },
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}
