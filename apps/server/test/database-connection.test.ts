import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from '../src/db/client.js';
import { databaseKind } from './harness.js';
import { createScratchDatabase } from './scratch-database.js';

/**
 * A PostgreSQL server may end the bank's idle connections at any time (a restart, an operator's
 * pg_terminate_backend, a database dropped WITH (FORCE)). node-postgres then emits 'error' on the
 * pool; with no listener that is an uncaught exception, and the server process would die of it.
 * The pool drops the broken connection itself, and the next query opens a new one.
 */
describe.skipIf(databaseKind === 'pglite')('the PostgreSQL pool when the server ends its connections', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, {
      template: inject('postgresTemplate'),
    });
    handle = await openDatabase({ databaseUrl: scratch.url });
  });
  afterAll(async () => {
    await handle?.close();
    await scratch?.drop();
  });

  it('survives its idle connections being terminated, and answers the next query', async () => {
    // Several connections, idle in the pool afterwards.
    await Promise.all(Array.from({ length: 4 }, () => queryRows(handle.db, sql`select pg_sleep(0.05)`)));
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [scratch.name],
      );
      expect(rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // Let the pool hear of it.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await queryRows(handle.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });
});
