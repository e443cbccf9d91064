import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { defaults } from '@bank/shared';
import { buildApp } from '../src/app.js';
import type { Config } from '../src/config.js';
import {
  openDatabase,
  queryRows,
  type Database,
  type DatabaseHandle,
  type DatabaseOptions,
} from '../src/db/client.js';
import { setPasswordHashCost } from '../src/domain/auth/passwords.js';
import { checkResponses, flushTally } from './document-check.js';
import { createScratchDatabase } from './scratch-database.js';

export { createScratchDatabase };

/**
 * Each test file gets its own real database: an in-memory PGlite by default, or, when
 * TEST_DATABASE_URL names a PostgreSQL server, a fresh database created on it for the file and
 * dropped afterwards. The same tests run on both (npm test; .ci/run runs them again on PostgreSQL).
 */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL;
export const databaseKind = testDatabaseUrl ? 'postgres' : 'pglite';

/** The PostgreSQL URL a test's database was opened with (its scratch database). */
export const databaseUrlOf = (db: Database): string =>
  (db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;

/**
 * A connection of its own to a test's PostgreSQL database, as another server process would have
 * (for locks and transactions held while the app works). The caller ends it.
 */
export async function otherConnection(db: Database): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrlOf(db) });
  await client.connect();
  return client;
}

/**
 * scrypt at N=2^4 instead of 2^15: tests sign in and set passwords thousands of times (the fuzz
 * test alone some thousand), and the production cost is slow on purpose (docs/perf/test-speed.md).
 * Hashing itself and the sign-in limits are tested at the production cost too
 * (password-hash.test.ts, sign-in-limits.test.ts). Set for the whole test process here, so the
 * fixtures' users and servers started as processes (server-process.ts) use it as well.
 */
export const TEST_PASSWORD_HASH_COST = 4;
setPasswordHashCost(TEST_PASSWORD_HASH_COST);

export const testConfig: Config = {
  host: '127.0.0.1',
  port: 0,
  databaseUrl: undefined,
  dataDir: '',
  demoData: false,
  backupDir: '',
  backupKeep: 0,
  sessionTtlSeconds: 3600,
  postingDelaySeconds: 86_400,
  signInLimits: {
    perUserAddress: defaults.loginFailuresPerUserAddress,
    perUser: defaults.loginFailuresPerUser,
    perAddress: defaults.loginFailuresPerAddress,
  },
  // Tests send many requests quickly; the limit itself is tested in rate-limit.test.ts.
  rateLimitPerMinute: 100_000,
  passwordHashCost: TEST_PASSWORD_HASH_COST,
  logLevel: 'silent',
  logFormat: 'json',
  webDistDir: undefined,
  publicUrl: undefined,
  runJobs: false,
};

let snapshot: Blob | undefined;
/** The run's migrated PGlite data directory (test/global-setup.ts), read once per test file. */
export function migratedSnapshot(): Blob | undefined {
  const file = inject('pgliteSnapshotFile');
  if (!snapshot && file) snapshot = new Blob([readFileSync(file)]);
  return snapshot;
}

/**
 * The worker's embedded database: test files share their worker's modules (vitest `isolate:
 * false`), so one PGlite, copied from the run's migrated one, serves every file the worker runs.
 * Opening a copy costs far more than emptying it.
 */
let workerDatabase: Promise<DatabaseHandle> | undefined;

/**
 * A database for one test file, empty and migrated: on PGlite the worker's own, emptied (closing
 * it leaves it open for the next file); on PostgreSQL a scratch database copied from the run's
 * migrated template and dropped when closed.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (!testDatabaseUrl) {
    workerDatabase ??= openDatabase({ initialData: migratedSnapshot() });
    const handle = await workerDatabase;
    await truncateAll(handle.db);
    return { ...handle, close: async () => {} };
  }
  const scratch = await createScratchDatabase(testDatabaseUrl, { template: inject('postgresTemplate') });
  const handle = await openDatabase({ databaseUrl: scratch.url });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: Config;
  /** Empties every table, so each test starts from nothing. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const handle = await openTestDatabase();
  const config = { ...testConfig, ...overrides };
  const app = await buildApp({ config, db: handle.db, listen: handle.listen });
  checkResponses(app);
  await app.ready();
  return {
    app,
    db: handle.db,
    config,
    reset: () => truncateAll(handle.db),
    close: async () => {
      await app.close();
      await handle.close();
      flushTally();
    },
  };
}

/**
 * The app on a PostgreSQL database opened as the test says (through a proxy, with other timeouts),
 * not emptied: for tests that set up their own database.
 */
export async function startAppOn(options: DatabaseOptions): Promise<Omit<TestApp, 'reset'>> {
  const handle = await openDatabase(options);
  const app = await buildApp({ config: testConfig, db: handle.db, listen: handle.listen });
  await app.ready();
  return {
    app,
    db: handle.db,
    config: testConfig,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

/**
 * The usual set-up of a test file in one call: the app starts once for the file, closes after it,
 * and every table is emptied before each test (hooks the file adds after this call run later, so
 * a file's own `beforeEach` seeds an empty database). Read `app`, `db` and `config` inside tests.
 */
export function useTestApp(overrides: Partial<Config> = {}): TestApp {
  let current: TestApp | undefined;
  const started = (): TestApp => {
    if (!current) throw new Error('useTestApp: the app is only there inside hooks and tests');
    return current;
  };
  beforeAll(async () => {
    current = await startTestApp(overrides);
  });
  afterAll(() => current?.close());
  beforeEach(() => started().reset());
  return {
    get app() {
      return started().app;
    },
    get db() {
      return started().db;
    },
    get config() {
      return started().config;
    },
    reset: () => started().reset(),
    close: () => started().close(),
  };
}

/**
 * One statement that empties every table (but the migrations' own) and restarts every sequence,
 * as `truncate … restart identity` would. DELETE, not TRUNCATE: a TRUNCATE gives each table and
 * index a new file, which is slow on PGlite, while deleting the few rows a test leaves costs next
 * to nothing. Foreign keys are not checked while it runs (replica mode, for
 * that statement only), since every table is emptied. Built once per database.
 */
const emptyingStatements = new WeakMap<Database, Promise<string>>();

async function emptyingStatement(db: Database): Promise<string> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select format('%I', tablename) as name from pg_tables
        where schemaname = 'public' and tablename <> 'schema_migrations' order by tablename`,
  );
  const sequences = await queryRows<{ name: string; start: string }>(
    db,
    sql`select format('%I', c.relname) as name, s.seqstart::text as start
        from pg_sequence s join pg_class c on c.oid = s.seqrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' order by c.relname`,
  );
  return [
    'do $reset$ begin',
    "perform set_config('session_replication_role', 'replica', true);",
    ...tables.map((t) => `delete from ${t.name};`),
    ...sequences.map((q) => `perform setval('${q.name}', ${q.start}, false);`),
    "perform set_config('session_replication_role', 'origin', true);",
    'end $reset$',
  ].join('\n');
}

/** Empties every table and restarts every sequence, so each test starts from nothing. */
export async function truncateAll(db: Database): Promise<void> {
  let statement = emptyingStatements.get(db);
  if (!statement) {
    statement = emptyingStatement(db);
    emptyingStatements.set(db, statement);
  }
  await db.execute(sql.raw(await statement));
}

export interface CallOptions {
  token?: string | undefined;
  body?: unknown;
  headers?: Record<string, string>;
}

/** One HTTP call through the real app (routing, auth, validation, serialisation), parsed. */
export async function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: CallOptions = {},
) {
  checkResponses(app);
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const isText = typeof options.body === 'string';
  if (options.body !== undefined) headers['content-type'] ??= isText ? 'text/plain' : 'application/json';
  const response = await app.inject({
    method,
    url: `/api${url}`,
    headers,
    ...(options.body === undefined
      ? {}
      : { payload: isText ? (options.body as string) : JSON.stringify(options.body) }),
  });
  const contentType = String(response.headers['content-type'] ?? '');
  const body: any =
    contentType.includes('application/json') && response.body ? JSON.parse(response.body) : response.body;
  return { status: response.statusCode, body, headers: response.headers };
}
