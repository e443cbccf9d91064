import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../src/db/client.js';
import { createScratchDatabase, databaseKind, testDatabaseUrl } from './harness.js';
import { spawnServer, type SpawnedServer } from './server-process.js';

/**
 * Several processes starting at the same instant on one empty PostgreSQL database (API.md
 * "Operating the bank"): they must agree on who migrates and who creates the demo bank, and all
 * start. PGlite is one process's database (the data directory is claimed), so this is
 * PostgreSQL's alone.
 */
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe.skipIf(databaseKind === 'pglite')(
  'processes starting together on an empty database (PostgreSQL only: an embedded database has one process)',
  () => {
    it('two openings at once both migrate cleanly, ten times over', { timeout: 120_000 }, async () => {
      for (let attempt = 0; attempt < 10; attempt++) {
        const scratch = await createScratchDatabase(testDatabaseUrl!);
        cleanups.push(scratch.drop);
        const opened = await Promise.allSettled([
          openDatabase({ databaseUrl: scratch.url }),
          openDatabase({ databaseUrl: scratch.url }),
        ]);
        for (const result of opened) if (result.status === 'fulfilled') await result.value.close();
        expect(
          opened.map((r) => (r.status === 'fulfilled' ? 'ok' : String(r.reason))),
          `attempt ${attempt}`,
        ).toEqual(['ok', 'ok']);
        const check = await openDatabase({ databaseUrl: scratch.url });
        const [row] = await queryRows<{ n: number }>(
          check.db,
          sql`select count(*)::int as n from schema_migrations`,
        );
        await check.close();
        expect(row!.n).toBeGreaterThan(0);
      }
    });

    it(
      'two servers with DEMO_DATA=1 started at the same instant: both healthy, one demo bank, three times',
      { timeout: 240_000 },
      async () => {
        for (let attempt = 0; attempt < 3; attempt++) {
          const scratch = await createScratchDatabase(testDatabaseUrl!);
          cleanups.push(scratch.drop);
          const env = { DATABASE_URL: scratch.url, DEMO_DATA: '1' };
          const servers: SpawnedServer[] = await Promise.all([spawnServer(env), spawnServer(env)]);
          try {
            const started = await Promise.allSettled(servers.map((s) => s.ready));
            expect(
              started.map((r) => (r.status === 'fulfilled' ? 'healthy' : String(r.reason))),
              `attempt ${attempt}`,
            ).toEqual(['healthy', 'healthy']);
          } finally {
            for (const server of servers) server.child.kill('SIGTERM');
            await Promise.all(servers.map((s) => s.exited));
          }
          const check = await openDatabase({ databaseUrl: scratch.url });
          try {
            const [counts] = await queryRows<{ banks: number; admins: number; branches: string }>(
              check.db,
              sql`select (select count(*)::int from banks) as banks,
                         (select count(*)::int from users where lower(username) = 'admin') as admins,
                         (select string_agg(name, ',' order by id) from branches) as branches`,
            );
            expect(counts, `attempt ${attempt}`).toEqual({
              banks: 1,
              admins: 1,
              branches: 'Main Campus,North Campus',
            });
          } finally {
            await check.close();
          }
        }
      },
    );
  },
);
