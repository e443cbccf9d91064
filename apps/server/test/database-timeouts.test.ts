import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { GROUP_LIMITS } from '../src/db/batcher.js';
import { queryRows, type Database } from '../src/db/client.js';
import { accounts } from '../src/db/schema.js';
import { DATABASE_TIMEOUTS, LONG_JOB_TIMEOUTS, allowLongJob } from '../src/db/timeouts.js';
import { inTransaction } from '../src/db/transaction.js';
import { transferGroupCounts, verifyLedger } from '../src/domain/ledger/index.js';
import {
  call,
  createScratchDatabase,
  databaseKind,
  otherConnection,
  startAppOn,
  testDatabaseUrl,
  useTestApp,
} from './harness.js';
import { insertStudentSavings, openWith, seedBank, type SeededBank } from './fixtures.js';

/**
 * Every database call has a lock and a statement timeout (issue 31): a transfer that waits on a
 * row lock (an operator's open psql transaction, a long job) gives up after a while and answers
 * 503 with Retry-After, instead of holding up every transfer of the process behind it. PostgreSQL
 * only: the embedded database has one connection, so nothing else can hold a lock, and PGlite
 * does not enforce statement_timeout (docs/adr: database timeouts).
 */

const settingsOf = async (db: Database) =>
  (
    await queryRows<{ lock: string; statement: string; pid: number }>(
      db,
      sql`select current_setting('lock_timeout') as lock, current_setting('statement_timeout') as statement,
                 pg_backend_pid() as pid`,
    )
  )[0]!;

/** PostgreSQL's way of showing a duration setting, for the ones the bank sets. */
const shown = (ms: number) =>
  ms % 60_000 === 0 ? `${ms / 60_000}min` : ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`;

/** Waits until a statement of the database waits on a lock (the group is under way and stuck). */
async function untilSomeoneWaitsOnALock(observer: pg.Client) {
  for (;;) {
    const { rows } = await observer.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (rows[0]!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const balance = async (db: Database, n: string) =>
  (await db.select().from(accounts).where(eq(accounts.accountNumber, n)))[0]!.balanceCents;

function transferCall(app: FastifyInstance, bank: SeededBank, from: string, to: string, key: string) {
  return call(app, 'POST', '/user/transfers', {
    token: bank.tokens.admin,
    headers: { 'idempotency-key': key },
    body: { fromAccountId: from, toAccountId: to, amount: 0.01 },
  });
}

function expectBusy(answer: Awaited<ReturnType<typeof call>>) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(503);
  expect(answer.body).toMatchObject({ error: 'UNAVAILABLE', reason: 'BUSY' });
  expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
}

describe.skipIf(databaseKind === 'pglite')('database timeouts (PostgreSQL)', () => {
  const t = useTestApp();
  let bank: SeededBank;
  let savings: string;

  beforeEach(async () => {
    bank = await seedBank(t.db, 'timeouts');
    savings = await insertStudentSavings(t.db, bank);
    await openWith(t.db, bank.checking.accountNumber, 10_000);
    await openWith(t.db, bank.otherChecking.accountNumber, 10_000);
  });

  it('sets the lock and statement timeout on every connection of the pool', async () => {
    // Several statements at once, so the pool opens several connections.
    const seen = await inParallel(t.db, 4);
    expect(new Set(seen.map((s) => s.pid)).size).toBe(4);
    for (const settings of seen) {
      expect(settings).toMatchObject({
        lock: shown(DATABASE_TIMEOUTS.lockMs),
        statement: shown(DATABASE_TIMEOUTS.statementMs),
      });
    }
  });

  it('lets a long job lengthen them for its own transaction only', async () => {
    const inside = await inTransaction(t.db, async (tx) => {
      await allowLongJob(tx);
      return settingsOf(tx as unknown as Database);
    });
    expect(inside).toMatchObject({
      lock: shown(LONG_JOB_TIMEOUTS.lockMs),
      statement: shown(LONG_JOB_TIMEOUTS.statementMs),
    });
    // The same connection, back in the pool, has the usual ones again.
    const after = await settingsOf(t.db);
    expect(after.pid).toBe(inside.pid);
    expect(after).toMatchObject({
      lock: shown(DATABASE_TIMEOUTS.lockMs),
      statement: shown(DATABASE_TIMEOUTS.statementMs),
    });
  });

  it('answers 503 BUSY to a transfer stuck behind an open transaction’s row lock, and serves the others', async () => {
    const holder = await otherConnection(t.db);
    try {
      // An operator's psql session: BEGIN; SELECT … FOR UPDATE; and then lunch.
      await holder.query('begin');
      await holder.query('select 1 from accounts where account_number = $1 for update', [
        bank.checking.accountNumber,
      ]);
      const stuck = transferCall(t.app, bank, bank.checking.accountNumber, savings, 'stuck-1');
      const stuckDeposit = call(t.app, 'POST', '/teller/deposits', {
        token: bank.tokens.admin,
        body: { accountId: bank.checking.accountNumber, amount: 1 },
      });
      await untilSomeoneWaitsOnALock(holder);
      // Sent while the stuck group is under way: it waits for the next group, not for the lock.
      const behind = transferCall(t.app, bank, bank.otherChecking.accountNumber, savings, 'behind-1');
      expectBusy(await stuck);
      expectBusy(await stuckDeposit);
      expect((await behind).status).toBe(201);
      // The lock is still held: nothing was written for the refused ones.
      expect(await balance(t.db, bank.otherChecking.accountNumber)).toBe(9_999);
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    // Once the lock is gone, the refused transfer sent again with its key happens, once.
    expect((await transferCall(t.app, bank, bank.checking.accountNumber, savings, 'stuck-1')).status).toBe(
      201,
    );
    expect((await transferCall(t.app, bank, bank.checking.accountNumber, savings, 'stuck-1')).status).toBe(
      201,
    );
    expect(await balance(t.db, bank.checking.accountNumber)).toBe(9_999);
    expect(await balance(t.db, savings)).toBe(2);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});

/** `n` statements at once, each on a connection of its own: what each connection's settings are. */
async function inParallel(db: Database, n: number) {
  return Promise.all(
    Array.from({ length: n }, () =>
      inTransaction(db, async (tx) => {
        const settings = await settingsOf(tx as unknown as Database);
        await tx.execute(sql`select pg_sleep(0.2)`);
        return settings;
      }),
    ),
  );
}

/**
 * The transfer queue is bounded (GROUP_LIMITS.maxWaiting): while a group is stuck, requests queue
 * behind it up to the bound, and the one after is refused at once with 503 and Retry-After
 * instead of waiting without end. The database's lock and statement timeouts are lengthened here,
 * so the stuck group stays stuck for as long as the test needs, however slow the machine.
 */
describe.skipIf(databaseKind === 'pglite')('a full transfer queue (PostgreSQL)', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let started: Awaited<ReturnType<typeof startAppOn>>;
  let bank: SeededBank;
  let savings: string;

  beforeAll(async () => {
    scratch = await createScratchDatabase(testDatabaseUrl!, { template: inject('postgresTemplate') });
    started = await startAppOn({
      databaseUrl: scratch.url,
      timeouts: { lockMs: 10 * 60_000, statementMs: 10 * 60_000 },
    });
    bank = await seedBank(started.db, 'queue');
    savings = await insertStudentSavings(started.db, bank);
    await openWith(started.db, bank.checking.accountNumber, 10_000);
    await openWith(started.db, bank.otherChecking.accountNumber, 100_000);
  });
  afterAll(async () => {
    await started?.close();
    await scratch?.drop();
  });

  it('refuses the transfer after the bound at once with 503 BUSY, and answers the queued ones', async () => {
    const holder = await otherConnection(started.db);
    let queued: Array<ReturnType<typeof transferCall>> | undefined;
    let stuck: ReturnType<typeof transferCall> | undefined;
    try {
      await holder.query('begin');
      await holder.query('select 1 from accounts where account_number = $1 for update', [
        bank.checking.accountNumber,
      ]);
      stuck = transferCall(started.app, bank, bank.checking.accountNumber, savings, 'stuck');
      await untilSomeoneWaitsOnALock(holder);
      queued = Array.from({ length: GROUP_LIMITS.maxWaiting }, (_, i) =>
        transferCall(started.app, bank, bank.otherChecking.accountNumber, savings, `queued-${i}`),
      );
      while (transferGroupCounts(started.db).waiting < GROUP_LIMITS.maxWaiting)
        await new Promise((resolve) => setTimeout(resolve, 20));
      // Answered while the group ahead is still stuck: refused at once, not queued.
      expectBusy(
        await transferCall(started.app, bank, bank.otherChecking.accountNumber, savings, 'one-too-many'),
      );
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    expect((await stuck!).status).toBe(201);
    for (const answer of await Promise.all(queued!)) expect(answer.status).toBe(201);
    expect(await balance(started.db, bank.otherChecking.accountNumber)).toBe(
      100_000 - GROUP_LIMITS.maxWaiting,
    );
    expect(await balance(started.db, savings)).toBe(GROUP_LIMITS.maxWaiting + 1);
    expect(await verifyLedger(started.db)).toEqual([]);
  });
});
