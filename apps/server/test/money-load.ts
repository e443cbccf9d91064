import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../src/db/client.js';
import { verifyLedger } from '../src/domain/ledger/index.js';
import { insertStudentAccounts, openWith, seedBank, type SeededBank } from './fixtures.js';
import type { SpawnedServer } from './server-process.js';
import { seededRandom } from './seeded-random.js';

/**
 * Clients moving money through server processes while the database comes and goes, and the
 * books checked afterwards. Each request carries an Idempotency-Key and is sent again, with the
 * same key, after each 503 until it gets a final answer (201, or 409 when the money is not
 * there): so every request ends acknowledged or refused, and an acknowledged one must be in the
 * books exactly once, whatever the database went through meanwhile.
 */

type Path = '/teller/deposits' | '/teller/withdrawals' | '/user/transfers';

export interface MoneyRequest {
  path: Path;
  key: string;
  body: { accountId?: string; fromAccountId?: string; toAccountId?: string; amount: number };
  /** The final answer: 201 with the ids of the transactions it wrote, or 409. */
  outcome?: { status: 201; ids: number[] } | { status: 409 };
}

export interface LoadStats {
  acknowledged: number;
  refused: number;
  /** 503 answers (each with Retry-After), sent again later. */
  unavailable: number;
  /** Sends that got no HTTP answer from a process that was still running (sent again). */
  noAnswer: number;
}

export interface Bank {
  bank: SeededBank;
  accountNumbers: string[];
  openingCents: number;
}

const OPENING_CENTS = 100_000;

/** A bank with eight accounts of 1,000.00 each, written before the servers start. */
export async function seedLoadBank(databaseUrl: string): Promise<Bank> {
  const setup = await openDatabase({ databaseUrl });
  try {
    const bank = await seedBank(setup.db, 'load');
    const accountNumbers = [
      bank.checking.accountNumber,
      bank.otherChecking.accountNumber,
      ...(await insertStudentAccounts(setup.db, bank, 6, 3)),
    ];
    for (const accountNumber of accountNumbers) await openWith(setup.db, accountNumber, OPENING_CENTS);
    return { bank, accountNumbers, openingCents: OPENING_CENTS };
  } finally {
    await setup.close();
  }
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `condition` until it holds; fails with `what` if it does not within `ms` (generous: no timing is asserted). */
export async function until(what: string, condition: () => boolean | Promise<boolean>, ms = 120_000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await pause(50);
  }
}

const isRunning = (server: SpawnedServer) =>
  server.child.exitCode === null && server.child.signalCode === null;

export function expectRunning(servers: SpawnedServer[]) {
  for (const server of servers)
    expect(isRunning(server), `server process died: ${server.stderr()}`).toBe(true);
}

/** One send: the HTTP answer, or null when the connection failed without one. */
export async function sendOnce(server: SpawnedServer, token: string, request: MoneyRequest) {
  try {
    const response = await fetch(`${server.base}${request.path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': request.key,
      },
      body: JSON.stringify(request.body),
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as any };
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return null;
  }
}

const idsOf = (path: Path, body: any): number[] =>
  path === '/user/transfers' ? [body.debit.id, body.credit.id] : [body.id];

/** Sends `request` (the same key each time) until it is acknowledged or refused; 503s are counted and retried. */
export async function settle(
  servers: SpawnedServer[],
  token: string,
  request: MoneyRequest,
  stats: LoadStats,
  first = 0,
): Promise<void> {
  for (let attempt = first; ; attempt++) {
    const server = servers[attempt % servers.length]!;
    const answer = await sendOnce(server, token, request);
    if (answer === null) {
      // The process must still be running: a dead process is the defect this guards against.
      expectRunning([server]);
      stats.noAnswer++;
      await pause(100);
      continue;
    }
    if (answer.status === 503) {
      expect(answer.body.error, JSON.stringify(answer.body)).toBe('UNAVAILABLE');
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      stats.unavailable++;
      await pause(200);
      continue;
    }
    expect([201, 409], `${request.path} ${JSON.stringify(answer.body)}`).toContain(answer.status);
    if (answer.status === 201) {
      request.outcome = { status: 201, ids: idsOf(request.path, answer.body) };
      stats.acknowledged++;
    } else {
      request.outcome = { status: 409 };
      stats.refused++;
    }
    return;
  }
}

export interface Load {
  requests: MoneyRequest[];
  stats: LoadStats;
  /** Waits until `count` more requests are acknowledged; throws what went wrong in a client first. */
  progress(count: number): Promise<void>;
  /** Ends the load; resolves when every client has its last request settled. */
  stop(): Promise<void>;
}

/** `clients` clients sending deposits, withdrawals and transfers without pause, each through the processes in turn. */
export function startLoad(servers: SpawnedServer[], bank: Bank, clients: number, seed: number): Load {
  const rand = seededRandom(seed);
  const pick = () => bank.accountNumbers[Math.floor(rand() * bank.accountNumbers.length)]!;
  const amount = () => (Math.floor(rand() * 500) + 1) / 100;
  const tokens = [bank.bank.tokens.admin, bank.bank.tokens.teller];
  const requests: MoneyRequest[] = [];
  const stats: LoadStats = { acknowledged: 0, refused: 0, unavailable: 0, noAnswer: 0 };
  let stopped = false;
  let failure: unknown;
  const client = async (c: number) => {
    for (let op = 0; !stopped; op++) {
      const roll = rand();
      const key = `s${seed}-c${c}-op${op}`;
      let request: MoneyRequest;
      if (roll < 0.6) {
        const from = pick();
        let to = pick();
        while (to === from) to = pick();
        request = {
          path: '/user/transfers',
          key,
          body: { fromAccountId: from, toAccountId: to, amount: amount() },
        };
      } else if (roll < 0.8) {
        request = { path: '/teller/deposits', key, body: { accountId: pick(), amount: amount() } };
      } else {
        request = { path: '/teller/withdrawals', key, body: { accountId: pick(), amount: amount() } };
      }
      requests.push(request);
      await settle(servers, tokens[(c + op) % 2]!, request, stats, c + op);
    }
  };
  const running = Promise.all(
    Array.from({ length: clients }, (_, c) =>
      client(c).catch((error: unknown) => {
        failure ??= error;
        throw error;
      }),
    ),
  );
  running.catch(() => undefined);
  return {
    requests,
    stats,
    progress: async (count) => {
      const target = stats.acknowledged + count;
      await until(`${count} more acknowledged requests`, () => {
        if (failure) throw failure;
        return stats.acknowledged >= target;
      });
    },
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}

/**
 * The books after the run: every acknowledged request's transactions there once and nothing
 * else (besides the openings), every balance what the acknowledged requests add up to, the
 * bank's total the openings plus deposits minus withdrawals, and the ledger's own rules.
 */
export async function checkBooks(databaseUrl: string, bank: Bank, requests: MoneyRequest[]) {
  const expected = new Map(bank.accountNumbers.map((n) => [n, bank.openingCents]));
  const add = (account: string, cents: number) => expected.set(account, expected.get(account)! + cents);
  const acknowledgedIds: number[] = [];
  let deposited = 0;
  let withdrawn = 0;
  for (const request of requests) {
    expect(request.outcome, request.key).toBeDefined();
    if (request.outcome?.status !== 201) continue;
    acknowledgedIds.push(...request.outcome.ids);
    const cents = Math.round(request.body.amount * 100);
    if (request.path === '/teller/deposits') {
      add(request.body.accountId!, cents);
      deposited += cents;
    } else if (request.path === '/teller/withdrawals') {
      add(request.body.accountId!, -cents);
      withdrawn += cents;
    } else {
      add(request.body.fromAccountId!, -cents);
      add(request.body.toAccountId!, cents);
    }
  }
  const check = await openDatabase({ databaseUrl });
  try {
    expect(await verifyLedger(check.db)).toEqual([]);
    const stored = await queryRows<{ id: number; description: string }>(
      check.db,
      sql`select id, description from transactions where deleted_at is null`,
    );
    const openings = stored.filter((row) => row.description === 'Opening');
    expect(openings).toHaveLength(bank.accountNumbers.length);
    // Each acknowledged write once, and no write that nobody was told of.
    expect(new Set(acknowledgedIds).size).toBe(acknowledgedIds.length);
    expect(
      stored
        .filter((row) => row.description !== 'Opening')
        .map((row) => row.id)
        .sort((a, b) => a - b),
    ).toEqual(acknowledgedIds.sort((a, b) => a - b));
    const balances = await queryRows<{ account_number: string; balance_cents: number }>(
      check.db,
      sql`select account_number, balance_cents from accounts where bank_id = ${bank.bank.bankId}`,
    );
    for (const row of balances)
      expect(row.balance_cents, row.account_number).toBe(expected.get(row.account_number));
    // Transfers move money, never make or lose it.
    const total = balances.reduce((sum, row) => sum + row.balance_cents, 0);
    expect(total).toBe(bank.openingCents * bank.accountNumbers.length + deposited - withdrawn);
    return { acknowledgedTransactions: acknowledgedIds.length, totalCents: total };
  } finally {
    await check.close();
  }
}
