import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { transactions } from '../src/db/schema.js';
import { seedBank } from './fixtures.js';
import { databaseKind } from './harness.js';
import {
  PROCESS_TEST_TIMEOUT,
  scratchDatabase,
  serverDir,
  spawnServer,
  type SpawnedServer,
} from './server-process.js';

// Every test here runs bank servers as processes (PROCESS_TEST_TIMEOUT in server-process.ts).
vi.setConfig({ testTimeout: PROCESS_TEST_TIMEOUT * 2, hookTimeout: PROCESS_TEST_TIMEOUT });
afterAll(() => vi.resetConfig());

/**
 * Two bank servers started at the same moment on one embedded data folder (db/embedded-lock.ts):
 * one runs, the other refuses to start, saying why, and exits non-zero, so no deposit one of them
 * answered 201 to can be lost to the other's copy of the database.
 */
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

/**
 * Makes the servers started with this environment all look at the data folder before any of them
 * writes its claim (start-together.ts): the moment at which a check-then-write claim let both in.
 */
function startTogether(count: number): Record<string, string> {
  const barrier = mkdtempSync(path.join(tmpdir(), 'bank-start-together-'));
  cleanups.push(async () => rmSync(barrier, { recursive: true, force: true }));
  return {
    NODE_OPTIONS: `--import tsx --import ${path.join(serverDir, 'test/start-together.ts')}`,
    START_TOGETHER_DIR: barrier,
    START_TOGETHER_COUNT: String(count),
  };
}

describe.runIf(databaseKind === 'pglite')('two servers started together on one data folder', () => {
  it('one runs and keeps every deposit it answered; the other refuses to start, twice', async () => {
    for (let round = 0; round < 2; round++) {
      const scratch = await scratchDatabase();
      cleanups.push(scratch.drop);
      const seeded = await scratch.open();
      const bank = await seedBank(seeded.db, 'race');
      await seeded.close();

      const env = { ...scratch.env, BACKUP_KEEP: '0', ...startTogether(2) };
      const servers: SpawnedServer[] = await Promise.all([spawnServer(env), spawnServer(env)]);
      const started = await Promise.allSettled(servers.map((server) => server.ready));
      const deposited: number[] = [];
      try {
        for (const [i, server] of servers.entries()) {
          if (started[i]!.status !== 'fulfilled') continue;
          const response = await fetch(`${server.base}/teller/deposits`, {
            method: 'POST',
            headers: { authorization: `Bearer ${bank.tokens.teller}`, 'content-type': 'application/json' },
            body: JSON.stringify({ accountId: bank.checking.accountNumber, amount: 1 + i }),
          });
          expect(response.status, `round ${round}`).toBe(201);
          deposited.push(((await response.json()) as { id: number }).id);
        }
      } finally {
        for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGTERM');
      }
      const exits = await Promise.all(servers.map((server) => server.exited));

      const after = await scratch.open();
      try {
        for (const id of deposited) {
          const rows = await after.db.select().from(transactions).where(eq(transactions.id, id));
          expect(rows, `round ${round}: deposit ${id}`).toHaveLength(1);
        }
      } finally {
        await after.close();
      }
      // A server too slow to start on a busy machine is told apart from one that refused.
      const outcomes = started.map((result, i) => {
        if (result.status === 'fulfilled') return 'started';
        return servers[i]!.stderr().includes('is in use') ? 'refused' : `failed: ${String(result.reason)}`;
      });
      expect([...outcomes].sort(), `round ${round}`).toEqual(['refused', 'started']);
      const loser = outcomes.indexOf('refused');
      const winner = servers[1 - loser]!;
      expect(exits[loser], `round ${round}`).toBe(1);
      expect(exits[1 - loser], `round ${round}`).toBe(0);
      expect(servers[loser]!.stderr()).toContain(
        `The embedded database in ${scratch.env.DATA_DIR} is in use by the bank server (pid ${winner.child.pid}). ` +
          'Stop it first, or use DATABASE_URL for a PostgreSQL server that several processes can share.',
      );
    }
  });
});
