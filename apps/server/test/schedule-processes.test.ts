import { afterAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { accounts, schedules } from '../src/db/schema.js';
import { verifyLedger } from '../src/domain/ledger/index.js';
import { postTransactions } from '../src/domain/ledger/posting/index.js';
import { occurrenceDate, occurrenceInstant } from '../src/domain/schedules/occurrences.js';
import { databaseKind } from './harness.js';
import { insertAccount, insertUser, seedBank } from './fixtures.js';
import { scratchDatabase, spawnServer, type Scratch, type SpawnedServer } from './server-process.js';

/**
 * Each occurrence of a schedule runs exactly once, whatever happens (API.md "The school year"):
 * real server processes catch up a backlog of occurrences missed "while no server ran", one of
 * them is killed with SIGKILL in the middle of it and started again, and at the end every
 * occurrence has one run, every Student was paid once per occurrence, and the books balance.
 */

const STUDENTS = 12;
/** Three schedules of the same class: two processes work side by side, on the same accounts. */
const SCHEDULES = 3;
const AMOUNT_CENTS = 100;
/** Weekly since about three years ago: this many occurrences are due when the servers start. */
const WEEKS_BACK = 150;
/**
 * The start date is this many days off the weekday of today, so that no occurrence falls within
 * days of the test's run: one that came due while the servers caught up would be run, and counted
 * neither in `due` nor in the balances expected.
 */
const DAYS_OFF_TODAY = 3;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A bank with a class of Students and a weekly payday whose every occurrence since WEEKS_BACK is due. */
async function seedBacklog(scratch: Scratch) {
  const setup = await scratch.open();
  const bank = await seedBank(setup.db, 'sched');
  const accountNumbers: string[] = [];
  for (let i = 0; i < STUDENTS; i++) {
    const kid = await insertUser(setup.db, {
      username: `kid-${i}`,
      role: 'USER',
      bankId: bank.bankId,
      branchId: bank.north.id,
    });
    accountNumbers.push(
      (await insertAccount(setup.db, { userId: kid.id, bankId: bank.bankId, branchId: bank.north.id }))
        .accountNumber,
    );
  }
  const cadence = {
    every: 'week' as const,
    startDate: new Date(Date.now() - (WEEKS_BACK * 7 + DAYS_OFF_TODAY) * 86_400_000)
      .toISOString()
      .slice(0, 10),
  };
  const made = await setup.db
    .insert(schedules)
    .values(
      Array.from({ length: SCHEDULES }, (_, i) => ({
        bankId: bank.bankId,
        name: `Class job ${i + 1}`,
        kind: 'deposit' as const,
        amountCents: AMOUNT_CENTS,
        every: cadence.every,
        startDate: cadence.startDate,
        targetBranchId: bank.north.id,
        nextIndex: 0,
        nextRunAt: occurrenceInstant(cadence, 0, 'UTC'),
        createdBy: bank.admin.id,
      })),
    )
    .returning();
  let due = 0;
  while (occurrenceInstant(cadence, due, 'UTC') <= new Date()) due++;
  await setup.close();
  return { bank, accountNumbers, scheduleIds: made.map((m) => m.id), cadence, due };
}

async function runsSoFar(server: SpawnedServer, token: string, scheduleIds: number[]): Promise<number> {
  let runs = 0;
  for (const id of scheduleIds) {
    const res = await fetch(`${server.base}/teller/schedules/${id}/runs`, {
      headers: { authorization: `Bearer ${token}` },
    }).catch(() => null);
    runs += res?.ok ? ((await res.json()) as unknown[]).length : 0;
  }
  return runs;
}

/** Waits until every schedule's next run is in the future: every due occurrence has run. */
async function caughtUp(server: SpawnedServer, token: string, bankId: number) {
  for (let i = 0; i < 600; i++) {
    const res = await fetch(`${server.base}/teller/schedules/${bankId}`, {
      headers: { authorization: `Bearer ${token}` },
    }).catch(() => null);
    const list = res?.ok ? ((await res.json()) as { nextRun: string }[]) : [];
    if (list.length === SCHEDULES && list.every((s) => new Date(s.nextRun).getTime() > Date.now())) return;
    await pause(100);
  }
  throw new Error('the schedule did not catch up');
}

/** What must hold at the end: one run per occurrence, in order, each Student paid once for each. */
async function expectExactlyOnce(scratch: Scratch, seeded: Awaited<ReturnType<typeof seedBacklog>>) {
  const check = await scratch.open();
  try {
    const expectedDates = Array.from({ length: seeded.due }, (_, k) => occurrenceDate(seeded.cadence, k));
    for (const scheduleId of seeded.scheduleIds) {
      const runs = await queryRows<{ occurrence_date: string; item_count: number }>(
        check.db,
        sql`select to_char(occurrence_date, 'YYYY-MM-DD') as occurrence_date, item_count from schedule_runs
            where schedule_id = ${scheduleId} order by occurrence_date`,
      );
      expect(runs.map((r) => r.occurrence_date)).toEqual(expectedDates);
      // North's Students: the seeded one and the class.
      expect(new Set(runs.map((r) => r.item_count))).toEqual(new Set([STUDENTS + 1]));
    }
    for (const accountId of seeded.accountNumbers) {
      const [account] = await check.db.select().from(accounts).where(eq(accounts.accountNumber, accountId));
      expect(account!.balanceCents, accountId).toBe(SCHEDULES * seeded.due * AMOUNT_CENTS);
    }
    const batchCount = await queryRows<{ n: number }>(check.db, sql`select count(*)::int as n from batches`);
    expect(batchCount[0]!.n).toBe(SCHEDULES * seeded.due);
    await postTransactions(check.db, { now: new Date(Date.now() + 86_400_000), all: true, wait: true });
    expect(await verifyLedger(check.db)).toEqual([]);
  } finally {
    await check.close();
  }
}

describe('schedule runs through a crash', () => {
  it(
    'a server killed with SIGKILL while catching up runs each occurrence exactly once after its restart',
    { timeout: 240_000 },
    async () => {
      const scratch = await scratchDatabase();
      cleanups.push(scratch.drop);
      const seeded = await seedBacklog(scratch);
      const env = { ...scratch.env, POSTING_DELAY_SECONDS: '86400' };
      let server = await spawnServer(env);
      cleanups.push(async () => {
        if (server.child.exitCode === null) server.child.kill('SIGKILL');
      });
      await server.ready;
      const token = seeded.bank.tokens.admin;
      while ((await runsSoFar(server, token, seeded.scheduleIds)) < 10) await pause(50);
      server.child.kill('SIGKILL');
      await server.exited;
      server = await spawnServer(env);
      await server.ready;
      await caughtUp(server, token, seeded.bank.bankId);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      await expectExactlyOnce(scratch, seeded);
    },
  );

  it.skipIf(databaseKind === 'pglite')(
    'two processes catching up together, one of them killed and restarted, run each occurrence exactly once (PostgreSQL)',
    { timeout: 240_000 },
    async () => {
      const scratch = await scratchDatabase();
      cleanups.push(scratch.drop);
      const seeded = await seedBacklog(scratch);
      const env = { ...scratch.env, POSTING_DELAY_SECONDS: '86400' };
      const servers = await Promise.all([spawnServer(env), spawnServer(env)]);
      cleanups.push(async () => {
        for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
      });
      await Promise.all(servers.map((s) => s.ready));
      const token = seeded.bank.tokens.admin;
      while ((await runsSoFar(servers[0]!, token, seeded.scheduleIds)) < 10) await pause(50);
      servers[1]!.child.kill('SIGKILL');
      await servers[1]!.exited;
      servers[1] = await spawnServer(env);
      await servers[1].ready;
      await caughtUp(servers[0]!, token, seeded.bank.bankId);
      for (const server of servers) server.child.kill('SIGTERM');
      expect(await Promise.all(servers.map((s) => s.exited))).toEqual([0, 0]);
      await expectExactlyOnce(scratch, seeded);
    },
  );
});
