import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.js';
import type { Database } from './database.js';
import { claimDataDir } from './embedded-lock.js';
import { pgliteListen, postgresListen, type Listen } from './listen.js';
import { LOCK_KEYS } from './locks.js';
import { migrate } from './migrate.js';
import { DATABASE_TIMEOUTS, LONG_JOB_TIMEOUTS, type DatabaseTimeouts } from './timeouts.js';

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
  /** LISTEN on a channel: what every process commits with pg_notify on it (db/listen.ts). */
  listen: Listen;
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
  /** PostgreSQL's timeouts, DATABASE_TIMEOUTS unless a test lengthens one. */
  timeouts?: Partial<DatabaseTimeouts>;
}

// bigint columns (cents, ids) come back from pg as strings unless told otherwise; every value
// we store fits a JS number exactly (see schema.ts), so parse them as numbers once, here.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/**
 * The startup lock is session-level, so it is held on a connection of its own for as long as
 * `work` runs, whatever connections `work` uses; if the process dies, its connection closes and
 * PostgreSQL lets the lock go. Waiting for it is waiting for another process's migrations and
 * demo bank, longer than a request may wait: the connection gets a long job's timeouts, and is
 * closed afterwards rather than going back to the pool with them.
 */
function startupLockOn(pool: pg.Pool) {
  return async <T>(work: () => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query(
        `select set_config('statement_timeout', $1, false), set_config('lock_timeout', $2, false)`,
        [String(LONG_JOB_TIMEOUTS.statementMs), String(LONG_JOB_TIMEOUTS.lockMs)],
      );
      await client.query('select pg_advisory_lock($1)', [LOCK_KEYS.startup]);
      try {
        return await work();
      } finally {
        // A connection the server ended took the lock with it: nothing left to unlock.
        await client.query('select pg_advisory_unlock($1)', [LOCK_KEYS.startup]).catch(() => undefined);
      }
    } finally {
      client.release(true);
    }
  };
}

/**
 * The PostgreSQL pool. Every connection has the lock and statement timeout (db/timeouts.ts), and
 * a connection never waits without end to be opened or handed out.
 *
 * The server may end any connection at any time (a restart, a failover, pg_terminate_backend),
 * and node-postgres then emits 'error' on it; an 'error' event nobody listens to is an uncaught
 * exception, which ends the bank's process. The pool listens to its idle connections only (and
 * re-emits on itself), not to those it has handed out: a transaction between two statements, or
 * the startup lock's connection. So every connection gets a listener of its own as it opens; the
 * statement that runs on it, or the next one, fails instead (db/unavailable.ts answers 503), and
 * the pool drops the broken connection when it comes back.
 */
function postgresPool(databaseUrl: string, timeouts: DatabaseTimeouts): pg.Pool {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    lock_timeout: timeouts.lockMs,
  });
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/** Opens the database and brings its schema up to date (under the startup lock). */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = postgresPool(options.databaseUrl, { ...DATABASE_TIMEOUTS, ...options.timeouts });
    try {
      const db = drizzlePg({ client: pool, schema }) as unknown as Database;
      const duringStartup = startupLockOn(pool);
      await duringStartup(() => migrate(db));
      return {
        db,
        kind: 'postgres',
        duringStartup,
        close: () => pool.end(),
        listen: postgresListen(options.databaseUrl),
      };
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
    listen: pgliteListen(client),
  };
}
