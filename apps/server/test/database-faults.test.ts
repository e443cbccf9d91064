import { afterAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { createScratchDatabase, databaseKind, testDatabaseUrl } from './harness.js';
import {
  checkBooks,
  expectRunning,
  pause,
  seedLoadBank,
  sendOnce,
  settle,
  startLoad,
  until,
  type Bank,
  type Load,
  type MoneyRequest,
} from './money-load.js';
import { startPrivatePostgres } from './private-postgres.js';
import { spawnServer, type SpawnedServer } from './server-process.js';

/**
 * The bank losing its PostgreSQL database under load, both ways it happens (issue 31): every
 * connection of the bank's database ended at once (pg_terminate_backend, as an operator or a
 * failover does), several times; and the PostgreSQL server itself stopped and started again,
 * cleanly and as a crash. Two real server processes serve 16 clients throughout. Every process
 * must stay up, answer 503 with Retry-After while it cannot reach the database and 2xx again once
 * it can, and every acknowledged write must be in the books exactly once. Before issue 31 a
 * connection ended inside a transaction raised an 'error' event nobody listened to, and the
 * process died. No timing is asserted: the waits poll, generously.
 */

const CLIENTS = 16;
/** Acknowledged requests between one fault and the next (and after the last): the bank is serving. */
const BETWEEN_FAULTS = 40;

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/** Two server processes on `databaseUrl`, started together, killed at the end if still running. */
async function startServers(databaseUrl: string): Promise<SpawnedServer[]> {
  const env = { DATABASE_URL: databaseUrl, RATE_LIMIT_PER_MINUTE: '0' };
  const servers = await Promise.all([spawnServer(env), spawnServer(env)]);
  cleanups.push(async () => {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  });
  await Promise.all(servers.map((server) => server.ready));
  return servers;
}

const health = async (server: SpawnedServer) => (await fetch(`${server.base}/healthz`)).status;

/** The end of a run: the load stops, both processes are up and healthy and stop cleanly, and the books add up. */
async function finish(databaseUrl: string, servers: SpawnedServer[], bank: Bank, load: Load, name: string) {
  await load.progress(BETWEEN_FAULTS);
  await load.stop();
  expectRunning(servers);
  for (const server of servers) expect(await health(server)).toBe(200);
  for (const server of servers) server.child.kill('SIGTERM');
  expect(await Promise.all(servers.map((server) => server.exited))).toEqual([0, 0]);
  const books = await checkBooks(databaseUrl, bank, load.requests);
  console.log(
    `${name}: ${load.requests.length} money requests, ${load.stats.acknowledged} acknowledged, ` +
      `${load.stats.refused} refused 409, ${load.stats.unavailable} answered 503 and sent again, ` +
      `${load.stats.noAnswer} without an answer and sent again; ${books.acknowledgedTransactions} ` +
      `transactions each there once, total ${books.totalCents} cents as the requests add up to`,
  );
}

describe.skipIf(databaseKind === 'pglite')('the bank losing its PostgreSQL database under load', () => {
  it(
    'keeps every process up when every connection of its database is ended, several times, under 16 clients',
    { timeout: 300_000 },
    async () => {
      const scratch = await createScratchDatabase(testDatabaseUrl!, { template: inject('postgresTemplate') });
      cleanups.push(scratch.drop);
      const bank = await seedLoadBank(scratch.url);
      const servers = await startServers(scratch.url);
      const admin = new pg.Client({ connectionString: testDatabaseUrl });
      await admin.connect();
      cleanups.push(() => admin.end());

      const load = startLoad(servers, bank, CLIENTS, 31_001);
      const ended: number[] = [];
      for (let round = 0; round < 4; round++) {
        await load.progress(BETWEEN_FAULTS);
        // Only this test's database: the shared server's other databases are other tests'.
        const { rowCount } = await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [scratch.name],
        );
        ended.push(rowCount ?? 0);
        expectRunning(servers);
      }
      // Both processes held connections each time (their pools and the transactions under way).
      for (const count of ended) expect(count).toBeGreaterThan(0);
      await finish(scratch.url, servers, bank, load, `connections ended ${ended.join(', ')} at a time`);
    },
  );

  it(
    'keeps every process up through PostgreSQL stopping (cleanly, and as a crash) and starting again under 16 clients',
    { timeout: 300_000 },
    async () => {
      const postgres = await startPrivatePostgres();
      cleanups.push(postgres.remove);
      const bank = await seedLoadBank(postgres.url);
      const servers = await startServers(postgres.url);

      const load = startLoad(servers, bank, CLIENTS, 31_002);
      const backAfterMs: number[] = [];
      let probes = 0;
      for (const mode of ['fast', 'immediate', 'fast'] as const) {
        await load.progress(BETWEEN_FAULTS);
        await postgres.stop(mode);
        // While the database is down, each process is up and says so: 503 with Retry-After.
        const probe: MoneyRequest = {
          path: '/teller/deposits',
          key: `probe-${++probes}`,
          body: { accountId: bank.accountNumbers[0]!, amount: 1 },
        };
        load.requests.push(probe);
        for (const server of servers) {
          expect(await health(server)).toBe(503);
          const answer = await sendOnce(server, bank.bank.tokens.teller, probe);
          expect(answer?.status, JSON.stringify(answer?.body)).toBe(503);
          expect(answer?.body).toMatchObject({ error: 'UNAVAILABLE', reason: 'UNAVAILABLE' });
          expect(Number(answer?.headers.get('retry-after'))).toBeGreaterThan(0);
        }
        expectRunning(servers);
        await pause(500);
        expectRunning(servers);

        await postgres.start();
        const startedAt = Date.now();
        // Once it is back, each process answers 2xx again without being restarted.
        for (const server of servers)
          await until('a healthy process', async () => (await health(server)) === 200);
        await settle(servers, bank.bank.tokens.teller, probe, load.stats);
        expect(probe.outcome?.status).toBe(201);
        backAfterMs.push(Date.now() - startedAt);
      }
      expect(load.stats.unavailable).toBeGreaterThan(0);
      await finish(
        postgres.url,
        servers,
        bank,
        load,
        `PostgreSQL stopped fast, immediate, fast (2xx again ${backAfterMs.join(', ')} ms after each start)`,
      );
    },
  );
});
