import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { limits, schoolYearText } from '@bank/shared';
import { clockAt, systemClock } from '../src/clock.js';
import { queryRows } from '../src/db/client.js';
import { accounts, bankerRequests, schedules } from '../src/db/schema.js';
import { verifyLedger } from '../src/domain/ledger/index.js';
import { runDueSchedules } from '../src/domain/schedules/index.js';
import { requestExpiryJob } from '../src/jobs/requests.js';
import { schedulesJob } from '../src/jobs/schedules.js';
import { call, useTestApp } from './harness.js';
import { insertStudents, seedBank, type SeededBank } from './fixtures.js';

/**
 * One job item that fails never holds up the others (issue 31): a schedule whose run throws is
 * stopped, with its reason, for staff to see and resume, and every other schedule of every bank
 * runs on time; a schedule of a branch bigger than a payday runs as several paydays of one run; a
 * request that cannot expire is recorded and left alone, and the others expire. Each run goes
 * through the job, as the server's timer runs it.
 */

const t = useTestApp();

const post = (token: string, url: string, body?: unknown) => call(t.app, 'POST', url, { token, body });
const get = (token: string, url: string) => call(t.app, 'GET', url, { token });
const put = (token: string, url: string, body: unknown) => call(t.app, 'PUT', url, { token, body });

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const runSchedules = (asOf: Date) => schedulesJob.run(t.db, t.config, clockAt(asOf));
/** The job's domain call, for a look at each run it made. */
const runSchedulesDue = (asOf: Date) => runDueSchedules(t.db, { asOf, postingDelaySeconds: 86_400 });

/** A weekly $1.00 payday of the bank's North branch (its one Student, and whoever joins). */
async function weeklyPay(bank: SeededBank, name: string) {
  const res = await post(bank.tokens.admin, '/teller/schedules', {
    name,
    kind: 'deposit',
    amount: 1,
    every: 'week',
    startDate: tomorrow(),
    target: { branchId: bank.north.id },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { scheduleId: number; nextRun: string };
}

const balanceOf = async (accountNumber: string) =>
  (await t.db.select().from(accounts).where(eq(accounts.accountNumber, accountNumber)))[0]!.balanceCents;

/** Three schools: the first's schedule is due first (the oldest is taken first), the others after it. */
async function threeBanks() {
  const big = await seedBank(t.db, 'big');
  const bee = await seedBank(t.db, 'bee');
  const sea = await seedBank(t.db, 'sea');
  return { big, bee, sea };
}

/** Each of the other two banks' schedules ran once, at its own occurrence, and paid its Student. */
async function expectRanOnTime(banks: SeededBank[], made: { scheduleId: number; nextRun: string }[]) {
  for (const [i, bank] of banks.entries()) {
    const runs = (await get(bank.tokens.teller, `/teller/schedules/${made[i]!.scheduleId}/runs`)).body;
    expect(runs, bank.admin.username).toHaveLength(1);
    expect(runs[0]).toMatchObject({ runAt: made[i]!.nextRun, count: 1, total: 1, problem: null });
    expect(await balanceOf(bank.otherChecking.accountNumber)).toBe(100);
  }
}

describe('a schedule of a branch bigger than a payday (3 banks)', () => {
  it('runs in parts, as one run, and every schedule of the other banks runs on time', async () => {
    const { big, bee, sea } = await threeBanks();
    // 1,001 Students join North, beside the one already there: 1,002 to pay, more than 1,000.
    const joined = await insertStudents(t.db, {
      bankId: big.bankId,
      branchId: big.north.id,
      count: 1001,
      prefix: 'kid',
    });
    const bigPay = await weeklyPay(big, 'Class job pay');
    const others = [await weeklyPay(bee, 'Bee pay'), await weeklyPay(sea, 'Sea pay')];

    const result = await runSchedules(new Date(new Date(bigPay.nextRun).getTime() + 60_000));
    expect(result).toMatchObject({ runs: 3 });
    await expectRanOnTime([bee, sea], others);

    const [run, ...more] = (await get(big.tokens.teller, `/teller/schedules/${bigPay.scheduleId}/runs`)).body;
    expect(more).toEqual([]);
    expect(run).toMatchObject({ count: 1002, total: 1002, leftOut: [], problem: null });
    expect(run.batchIds).toHaveLength(2);
    expect(run.batchId).toBe(run.batchIds[0]);
    const paydays = (await get(big.tokens.teller, `/teller/batches/${big.bankId}`)).body;
    expect(paydays.map((p: { batchId: string }) => p.batchId).sort()).toEqual([...run.batchIds].sort());
    expect(paydays.map((p: { count: number }) => p.count).sort((a: number, b: number) => a - b)).toEqual([
      2, 1000,
    ]);
    expect(await balanceOf(joined[1000]!)).toBe(100);
    expect(await balanceOf(big.otherChecking.accountNumber)).toBe(100);

    // Run now works the same way; the job's next pass at the same moment runs nothing more.
    const now = await post(big.tokens.teller, `/teller/schedules/${bigPay.scheduleId}/runNow`);
    expect(now.status, JSON.stringify(now.body).slice(0, 300)).toBe(201);
    expect(now.body).toMatchObject({ extra: true, count: 1002, total: 1002 });
    expect(now.body.batchIds).toHaveLength(2);
    expect(await runSchedules(new Date(new Date(bigPay.nextRun).getTime() + 60_000))).toBeNull();
    expect(await balanceOf(joined[0]!)).toBe(200);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('lists at most 1,000 of the Students it left out, and counts them all', async () => {
    const { big } = await threeBanks();
    await insertStudents(t.db, { bankId: big.bankId, branchId: big.north.id, count: 1001, prefix: 'kid' });
    // Nobody of North has a savings account: the run pays nobody and leaves out all 1,002.
    const res = await post(big.tokens.admin, '/teller/schedules', {
      name: 'Savings bonus',
      kind: 'deposit',
      amount: 1,
      every: 'week',
      startDate: tomorrow(),
      accountType: 'SAVINGS',
      target: { branchId: big.north.id },
    });
    const [ran] = await runSchedulesDue(new Date(new Date(res.body.nextRun).getTime() + 60_000));
    expect(ran).toMatchObject({ outcome: 'ran', count: 0, leftOut: 1002, paydays: 0 });
    const [run] = (await get(big.tokens.teller, `/teller/schedules/${res.body.scheduleId}/runs`)).body;
    expect(run).toMatchObject({ count: 0, batchId: null, batchIds: [], leftOutCount: 1002, cutCount: 0 });
    expect(run.leftOut).toHaveLength(limits.scheduleRunListedMax);
    // By name: North's first Student ("big-student2 Name"), then the kids.
    expect(run.leftOut[1]).toMatchObject({
      name: 'Kid 00001',
      reason: schoolYearText.leftOutNoAccount('SAVINGS'),
    });
  });

  it('refuses a branch bigger than a run may pay: at preview and Run now with its reason, and the job stops it', async () => {
    const { big, bee, sea } = await threeBanks();
    const bigPay = await weeklyPay(big, 'Class job pay');
    const others = [await weeklyPay(bee, 'Bee pay'), await weeklyPay(sea, 'Sea pay')];
    // The branch grows past the limit after the schedule was made.
    await insertStudents(t.db, {
      bankId: big.bankId,
      branchId: big.north.id,
      count: limits.scheduleRunMaxPayments,
      prefix: 'kid',
    });
    const tooBig = schoolYearText.scheduleRunTooBig(limits.scheduleRunMaxPayments);
    const preview = await get(big.tokens.teller, `/teller/schedules/${bigPay.scheduleId}/preview`);
    expect(preview).toMatchObject({ status: 409, body: { message: tooBig } });
    const now = await post(big.tokens.teller, `/teller/schedules/${bigPay.scheduleId}/runNow`);
    expect(now).toMatchObject({ status: 409, body: { message: tooBig } });
    const again = await post(big.tokens.admin, '/teller/schedules', {
      name: 'Another',
      kind: 'deposit',
      amount: 1,
      every: 'week',
      startDate: tomorrow(),
      target: { branchId: big.north.id },
    });
    expect(again).toMatchObject({ status: 409, body: { message: tooBig } });

    await runSchedules(new Date(new Date(bigPay.nextRun).getTime() + 60_000));
    await expectRanOnTime([bee, sea], others);
    const [stopped] = (await get(big.tokens.teller, `/teller/schedules/${big.bankId}`)).body;
    expect(stopped).toMatchObject({ active: false, nextRun: null, pausedReason: tooBig });
    expect(stopped.lastRun).toMatchObject({ count: 0, problem: schoolYearText.didNotRun(tooBig) });
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});

/**
 * A fault injected into the database: any payday written with this memo is refused, as the
 * batches' CHECK refused a branch of 1,001 before. A schedule named so fails every time it runs.
 */
const BROKEN = 'Broken on purpose';
async function withBrokenPaydays(work: () => Promise<void>) {
  await t.db.execute(sql`
    create or replace function test_refuse_broken_payday() returns trigger language plpgsql as $$
    begin raise exception 'injected fault: payday %', new.memo; end $$`);
  await t.db.execute(sql`
    create trigger test_refuse_broken_payday before insert on batches
    for each row when (new.memo = ${sql.raw(`'${BROKEN}'`)}) execute function test_refuse_broken_payday()`);
  try {
    await work();
  } finally {
    await t.db.execute(sql`drop trigger if exists test_refuse_broken_payday on batches`);
    await t.db.execute(sql`drop function if exists test_refuse_broken_payday()`);
  }
}

describe('a schedule whose run throws', () => {
  it('is stopped with its reason, is not tried again, and every other schedule runs; resumed, it runs', async () => {
    const { big, bee, sea } = await threeBanks();
    await withBrokenPaydays(async () => {
      const broken = await weeklyPay(big, BROKEN);
      const others = [await weeklyPay(bee, 'Bee pay'), await weeklyPay(sea, 'Sea pay')];
      const firstRun = new Date(broken.nextRun).getTime();

      const result = await runSchedules(new Date(firstRun + 60_000));
      expect(result).toMatchObject({ runs: 2, stopped: [{ scheduleId: broken.scheduleId }] });
      await expectRanOnTime([bee, sea], others);
      const [listed] = (await get(big.tokens.teller, `/teller/schedules/${big.bankId}`)).body;
      expect(listed).toMatchObject({
        active: false,
        nextRun: null,
        pausedReason: schoolYearText.runFailed,
        lastRun: { count: 0, problem: schoolYearText.didNotRun(schoolYearText.runFailed) },
      });
      expect(new Date(listed.stoppedAt).getTime()).toBe(firstRun + 60_000);
      const audit = (await get(big.tokens.admin, '/admin/audit')).body;
      expect(audit[0]).toMatchObject({
        action: 'schedule.run',
        scheduleId: broken.scheduleId,
        summary: schoolYearText.auditScheduleStopped(BROKEN, schoolYearText.runFailed),
      });
      const [failure] = await queryRows<{ job: string; item: string; detail: string }>(
        t.db,
        sql`select job, item, detail from job_failures`,
      );
      expect(failure).toMatchObject({ job: 'schedules', item: String(broken.scheduleId) });
      expect(failure!.detail).toContain('injected fault');

      // A week later it is not tried again; the others run as usual.
      const weekLater = new Date(firstRun + 7 * 86_400_000 + 60_000);
      expect(await runSchedules(weekLater)).toMatchObject({ runs: 2 });
      const brokenRuns = (await get(big.tokens.teller, `/teller/schedules/${broken.scheduleId}/runs`)).body;
      expect(brokenRuns).toHaveLength(1);

      // The teacher fixes it (a memo that pays) and resumes it: it runs again (what it missed
      // while stopped is not paid; Run now pays it).
      const resumed = await put(big.tokens.admin, `/teller/schedules/${broken.scheduleId}`, {
        memo: 'Class job pay',
        active: true,
      });
      expect(resumed.body).toMatchObject({ active: true, pausedReason: null, stoppedAt: null });
      expect(resumed.body.nextRun).not.toBeNull();
      const now = await post(big.tokens.admin, `/teller/schedules/${broken.scheduleId}/runNow`);
      expect(now.body).toMatchObject({ count: 1, total: 1, problem: null });
      expect(await balanceOf(big.otherChecking.accountNumber)).toBe(100);
    });
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});

describe('a request that cannot expire', () => {
  it('is recorded and left alone; the requests after it expire', async () => {
    const bank = await seedBank(t.db, 'req');
    await t.db.execute(sql`update users set banker = true where id = ${bank.student.id}`);
    // Two withdrawal requests that each held 1.00 for more than 7 days; the first account's hold
    // was lost (as a restore from an older backup could leave it), so releasing it must fail.
    const made = [];
    for (const account of [bank.checking, bank.otherChecking]) {
      await t.db.execute(sql`
        with deposit as (
          insert into transactions (account_number, type, description, amount_cents, transaction_date)
          values (${account.accountNumber}, 'credit', 'Teller Deposit', 100, now() - interval '9 days')
        )
        update accounts set balance_cents = 100, held_cents = 100 where account_number = ${account.accountNumber}`);
      const [request] = await t.db
        .insert(bankerRequests)
        .values({
          bankId: bank.bankId,
          kind: 'withdrawal',
          accountNumber: account.accountNumber,
          amountCents: 100,
          // What it holds on the account (since migration 0016 a request records its own hold).
          heldCents: 100,
          requestedBy: bank.student.id,
          createdAt: new Date(Date.now() - 8 * 86_400_000),
          expiresAt: new Date(Date.now() - 86_400_000),
        })
        .returning();
      made.push(request!);
    }
    await t.db
      .update(accounts)
      .set({ heldCents: 0 })
      .where(eq(accounts.accountNumber, bank.checking.accountNumber));

    expect(await requestExpiryJob.run(t.db, t.config, systemClock)).toMatchObject({
      expired: 1,
      failed: [{ item: String(made[0]!.id) }],
    });
    const statuses = await t.db.select().from(bankerRequests).orderBy(bankerRequests.id);
    expect(statuses.map((r) => r.status)).toEqual(['waiting', 'expired']);
    // Recorded once, and not tried again at the next pass.
    expect(await requestExpiryJob.run(t.db, t.config, systemClock)).toBeNull();
    const failures = await queryRows<{ job: string; item: string }>(
      t.db,
      sql`select job, item from job_failures`,
    );
    expect(failures).toEqual([{ job: 'request-expiry', item: String(made[0]!.id) }]);
  });
});

describe('a schedule stopped because its maker may no longer pay', () => {
  it('shows the reason once, as "Stopped", and its run says it did not run', async () => {
    const bank = await seedBank(t.db, 'perm');
    const res = await post(bank.tokens.teller, '/teller/schedules', {
      name: 'Pay',
      kind: 'deposit',
      amount: 1,
      every: 'week',
      startDate: tomorrow(),
      target: { branchId: bank.north.id },
    });
    await t.db.execute(sql`update banks set teller_deposit_permission = false where id = ${bank.bankId}`);
    await runSchedules(new Date(new Date(res.body.nextRun).getTime() + 1));
    const [listed] = (await get(bank.tokens.admin, `/teller/schedules/${bank.bankId}`)).body;
    const why = schoolYearText.runRefused('perm-teller');
    expect(listed).toMatchObject({ active: false, pausedReason: why });
    expect(listed.lastRun.problem).toBe(schoolYearText.didNotRun(why));
    expect(listed.stoppedAt).not.toBeNull();
    expect(await t.db.select().from(schedules)).toHaveLength(1);
  });
});
