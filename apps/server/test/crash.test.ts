import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/db/client.js';
import { accounts, transactions } from '../src/db/schema.js';
import { createSingleLeg, verifyLedger } from '../src/domain/ledger/index.js';
import { testDatabaseUrl } from './harness.js';
import { insertAccount, seedBank } from './fixtures.js';

/**
 * The real server as a child process, killed with SIGKILL in the middle of concurrent deposits,
 * transfers and postings, then restarted. Every request the server acknowledged (201) must still
 * be there, replayable by its Idempotency-Key; every request whose answer was lost to the crash
 * is sent again with its key, and must then have happened exactly once. At the end each balance
 * equals what the requests add up to, and the ledger's rules hold.
 */

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const ROUNDS = 2;
const ACKS_BEFORE_KILL = 50;
const WORKERS = 6;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface Scratch {
  env: Record<string, string>;
  open: () => ReturnType<typeof openDatabase>;
  drop: () => Promise<void>;
}

/** A database of the test's own: a temporary PGlite directory, or a scratch database on the PostgreSQL server. */
async function scratchDatabase(): Promise<Scratch> {
  if (!testDatabaseUrl) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bank-crash-'));
    return {
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ dataDir }),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `bank_crash_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    open: () => openDatabase({ databaseUrl: url.toString() }),
    drop: async () => {
      const client = new pg.Client({ connectionString: testDatabaseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

interface RunningServer {
  child: ChildProcess;
  base: string;
  exited: Promise<void>;
}

async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const { DATABASE_URL: _ignored, DATA_DIR: _ignoredToo, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      ...inherited,
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DEMO_DATA: '0',
      LOG_LEVEL: 'error',
      POSTING_DELAY_SECONDS: '0',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}/api`;
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited at start: ${stderr}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { child, base, exited };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${stderr}`);
}

interface MoneyRequest {
  path: '/teller/deposits' | '/user/transfers';
  key: string;
  body: Record<string, unknown>;
  /** The effect on each account, in cents, when it happens. */
  effects: Array<[string, number]>;
  /** The 201 body, once acknowledged. */
  ack?: { status: number; body: any };
}

describe('a server killed with SIGKILL mid-traffic', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it(
    'loses no acknowledged transaction, and retried requests happen exactly once',
    { timeout: 180_000 },
    async () => {
      const scratch = await scratchDatabase();
      cleanups.push(scratch.drop);

      // The bank, before the server first starts: accounts with opening balances.
      const setup = await scratch.open();
      const bank = await seedBank(setup.db, 'crash');
      const accountNumbers = [bank.checking.accountNumber, bank.otherChecking.accountNumber];
      for (const owner of [bank.student, bank.student, bank.otherStudent]) {
        accountNumbers.push(
          (
            await insertAccount(setup.db, {
              userId: owner.id,
              bankId: bank.bankId,
              branchId: owner.branchId!,
              type: 'SAVINGS',
            })
          ).accountNumber,
        );
      }
      const expected = new Map<string, number>();
      for (const accountId of accountNumbers) {
        await createSingleLeg(
          setup.db,
          { now: new Date(), postingDelaySeconds: 0 },
          { accountId, type: 'credit', description: 'Opening', amountCents: 1_000_000, createdBy: null },
        );
        expected.set(accountId, 1_000_000);
      }
      await setup.close();

      const requests: MoneyRequest[] = [];
      let counter = 0;
      const nextRequest = (): MoneyRequest => {
        const n = counter++;
        const cents = 100 + ((n * 37) % 900);
        const from = accountNumbers[n % accountNumbers.length]!;
        if (n % 3 === 0) {
          return {
            path: '/teller/deposits',
            key: `dep-${n}`,
            body: { accountId: from, amount: cents / 100 },
            effects: [[from, cents]],
          };
        }
        const to =
          accountNumbers[(n * 7 + 1) % accountNumbers.length] === from
            ? accountNumbers[(n + 1) % accountNumbers.length]!
            : accountNumbers[(n * 7 + 1) % accountNumbers.length]!;
        return {
          path: '/user/transfers',
          key: `tr-${n}`,
          body: { fromAccountId: from, toAccountId: to, amount: cents / 100 },
          effects: [
            [from, -cents],
            [to, cents],
          ],
        };
      };
      const send = async (base: string, request: MoneyRequest) => {
        const response = await fetch(`${base}${request.path}`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${bank.tokens.admin}`,
            'content-type': 'application/json',
            'idempotency-key': request.key,
          },
          body: JSON.stringify(request.body),
        });
        return { status: response.status, body: await response.json() };
      };

      let server = await startServer(scratch.env);
      cleanups.push(async () => {
        if (server.child.exitCode === null) server.child.kill('SIGKILL');
      });

      for (let round = 0; round < ROUNDS; round++) {
        let acks = 0;
        let killed = false;
        const current = server;
        const worker = async (w: number) => {
          while (!killed) {
            if (w === 0) {
              // One worker keeps posting, so the kill can land inside a posting run too.
              await fetch(`${current.base}/admin/transactions/post`, {
                method: 'POST',
                headers: { authorization: `Bearer ${bank.tokens.admin}` },
              }).catch(() => undefined);
              continue;
            }
            const request = nextRequest();
            requests.push(request);
            try {
              const answer = await send(current.base, request);
              expect(answer.status, JSON.stringify(answer.body)).toBe(201);
              request.ack = answer;
              if (++acks >= ACKS_BEFORE_KILL && !killed) {
                killed = true;
                current.child.kill('SIGKILL');
              }
            } catch (error) {
              if (!killed) throw error;
              // The answer was lost with the server: the request may or may not have happened.
            }
          }
        };
        await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
        await current.exited;

        server = await startServer(scratch.env);
        // Every acknowledged request is still there: its key gives back the very same answer.
        for (const request of requests.filter((r) => r.ack)) {
          const again = await send(server.base, request);
          expect(again).toEqual(request.ack);
        }
        // Every request whose answer was lost is sent again with its key: it happens now, or
        // already had, but only once.
        for (const request of requests.filter((r) => !r.ack)) {
          const answer = await send(server.base, request);
          expect(answer.status).toBe(201);
          request.ack = answer;
        }
      }

      // Stop the server (gracefully this time) and look at the books.
      server.child.kill('SIGTERM');
      await server.exited;
      for (const request of requests)
        for (const [accountId, cents] of request.effects)
          expected.set(accountId, expected.get(accountId)! + cents);
      const check = await scratch.open();
      try {
        expect(await verifyLedger(check.db)).toEqual([]);
        const rows = await check.db
          .select()
          .from(accounts)
          .where(inArray(accounts.accountNumber, accountNumbers));
        expect(Object.fromEntries(rows.map((r) => [r.accountNumber, r.balanceCents]))).toEqual(
          Object.fromEntries(expected),
        );
        const ackedIds = requests.flatMap((r) =>
          r.path === '/user/transfers' ? [r.ack!.body.debit.id, r.ack!.body.credit.id] : [r.ack!.body.id],
        );
        const stored = await check.db
          .select({ id: transactions.id, deletedAt: transactions.deletedAt })
          .from(transactions);
        // Exactly the acknowledged transactions and the opening deposits: nothing lost, nothing twice.
        expect(stored).toHaveLength(ackedIds.length + accountNumbers.length);
        const live = new Set(stored.filter((s) => s.deletedAt === null).map((s) => s.id));
        for (const id of ackedIds) expect(live.has(id)).toBe(true);
        expect(requests.length).toBeGreaterThan(ROUNDS * ACKS_BEFORE_KILL);
      } finally {
        await check.close();
      }
    },
  );
});
