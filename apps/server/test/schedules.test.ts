import { beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { messages, schoolYearText } from '@bank/shared';
import { queryRows } from '../src/db/client.js';
import { accounts, banks, scheduleRuns, users } from '../src/db/schema.js';
import { verifyLedger } from '../src/domain/ledger/index.js';
import { runDueSchedules } from '../src/domain/schedules/index.js';
import { call, useTestApp } from './harness.js';
import { insertAccount, insertUser, seedTwoBanks, type SeededBank } from './fixtures.js';

/**
 * Schedules (API.md "The school year"): paydays and bills that run themselves at 06:00 in the
 * bank's zone, each occurrence exactly once, and every run recorded with whom it left out or cut.
 */

const t = useTestApp();
let one: SeededBank;
let two: SeededBank;
/** Room 12: five Students of bank one's Main branch with checking accounts holding 0, 2, 4, 6, 8 dollars. */
let room: { username: string; accountId: string }[];

beforeEach(async () => {
  ({ one, two } = await seedTwoBanks(t.db));
  room = [];
  for (let i = 0; i < 5; i++) {
    const user = await insertUser(t.db, {
      username: `room12-${i}`,
      role: 'USER',
      bankId: one.bankId,
      branchId: one.north.id,
      name: `Room Kid ${i}`,
    });
    const account = await insertAccount(t.db, {
      userId: user.id,
      bankId: one.bankId,
      branchId: one.north.id,
    });
    await t.db
      .update(accounts)
      .set({ balanceCents: i * 200 })
      .where(eq(accounts.accountNumber, account.accountNumber));
    await t.db.execute(
      sql`insert into transactions (account_number, type, description, amount_cents, status, transaction_date,
                                    posted_date, account_balance_cents, posting_seq)
          values (${account.accountNumber}, 'credit', 'Opening', ${Math.max(i * 200, 1)}, 'posted', now(), now(),
                  ${Math.max(i * 200, 1)}, ${1000 + i})`,
    );
    if (i === 0) {
      // Kid 0 has nothing: an opening of 0.01, spent.
      await t.db.execute(
        sql`insert into transactions (account_number, type, description, amount_cents, status, transaction_date,
                                      posted_date, account_balance_cents, posting_seq)
            values (${account.accountNumber}, 'debit', 'Spent', 1, 'posted', now(), now(), 0, 1100)`,
      );
    }
    room.push({ username: user.username, accountId: account.accountNumber });
  }
});

const post = (token: string, url: string, body?: unknown, headers?: Record<string, string>) =>
  call(t.app, 'POST', url, { token, body, ...(headers ? { headers } : {}) });
const get = (token: string, url: string) => call(t.app, 'GET', url, { token });
const put = (token: string, url: string, body: unknown) => call(t.app, 'PUT', url, { token, body });

const today = () => new Date().toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function createSchedule(body: Record<string, unknown>, token = one.tokens.admin) {
  const res = await post(token, '/teller/schedules', {
    name: 'Class job pay',
    kind: 'deposit',
    amount: 5,
    every: 'week',
    startDate: inDays(1),
    target: { branchId: one.north.id },
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const balanceOf = async (accountId: string) =>
  (await t.db.select().from(accounts).where(eq(accounts.accountNumber, accountId)))[0]!.balanceCents;

const runsOf = (scheduleId: number) =>
  t.db.select().from(scheduleRuns).where(eq(scheduleRuns.scheduleId, scheduleId)).orderBy(scheduleRuns.runAt);

const runDue = (asOf: Date) => runDueSchedules(t.db, { asOf, postingDelaySeconds: 86_400 });

describe('a weekly class payday', () => {
  it('runs 10 times over 10 simulated weeks, once each, and the books balance after every run', async () => {
    const schedule = await createSchedule({});
    const first = new Date(schedule.nextRun);
    expect(first.toISOString()).toBe(`${inDays(1)}T06:00:00.000Z`);
    const before = await Promise.all(room.map((r) => balanceOf(r.accountId)));
    for (let week = 0; week < 10; week++) {
      const asOf = new Date(first.getTime() + week * 7 * 86_400_000 + 3_600_000);
      const ran = await runDue(asOf);
      expect(ran, `week ${week}`).toHaveLength(1);
      expect(ran[0]).toMatchObject({ count: 6, total: 30, leftOut: 0 });
      // The same instant again runs nothing more.
      expect(await runDue(asOf)).toEqual([]);
      expect(await verifyLedger(t.db)).toEqual([]);
    }
    const runs = await runsOf(schedule.scheduleId);
    expect(runs.map((r) => r.occurrenceDate)).toEqual(
      Array.from({ length: 10 }, (_, k) =>
        new Date(first.getTime() + k * 7 * 86_400_000).toISOString().slice(0, 10),
      ),
    );
    const after = await Promise.all(room.map((r) => balanceOf(r.accountId)));
    expect(after.map((cents, i) => cents - before[i]!)).toEqual([5000, 5000, 5000, 5000, 5000]);
    // North's other Student (one-student2) is paid too: 6 a run.
    const listed = await get(one.tokens.teller, `/teller/schedules/${one.bankId}`);
    expect(listed.body[0].lastRun).toMatchObject({ count: 6, total: 30, extra: false, problem: null });
    expect(new Date(listed.body[0].nextRun).getTime()).toBe(first.getTime() + 10 * 7 * 86_400_000);
  });

  it('pays a Student who joined the class after the schedule was made', async () => {
    const schedule = await createSchedule({});
    const late = await insertUser(t.db, {
      username: 'late-kid',
      role: 'USER',
      bankId: one.bankId,
      branchId: one.north.id,
      name: 'Late Kid',
    });
    const account = await insertAccount(t.db, {
      userId: late.id,
      bankId: one.bankId,
      branchId: one.north.id,
    });
    await runDue(new Date(new Date(schedule.nextRun).getTime() + 1000));
    expect(await balanceOf(account.accountNumber)).toBe(500);
  });

  it('catches up occurrences missed while no server ran, oldest first', async () => {
    const schedule = await createSchedule({});
    const threeWeeksLater = new Date(new Date(schedule.nextRun).getTime() + 15 * 86_400_000);
    const ran = await runDue(threeWeeksLater);
    expect(ran.map((r) => r.occurrence)).toEqual([inDays(1), inDays(8), inDays(15)]);
  });
});

describe('a bill the class cannot all pay', () => {
  it('with "skip" leaves out whoever cannot pay, and says why', async () => {
    const schedule = await createSchedule({ name: 'Rent', kind: 'withdrawal', amount: 5, shortfall: 'skip' });
    const preview = await get(one.tokens.teller, `/teller/schedules/${schedule.scheduleId}/preview`);
    expect(preview.body).toMatchObject({ ok: false, count: 2, total: 10, runAt: schedule.nextRun });
    const [run] = await runDue(new Date(new Date(schedule.nextRun).getTime() + 1));
    expect(run).toMatchObject({ count: 2, total: 10, leftOut: 4, cut: 0 });
    const [record] = (await get(one.tokens.teller, `/teller/schedules/${schedule.scheduleId}/runs`)).body;
    expect(record.leftOut).toHaveLength(4);
    expect(record.leftOut.find((l: any) => l.accountId === room[2]!.accountId)).toEqual({
      accountId: room[2]!.accountId,
      username: 'room12-2',
      name: 'Room Kid 2',
      reason: schoolYearText.leftOutCannotPay,
    });
    expect(await Promise.all(room.map((r) => balanceOf(r.accountId)))).toEqual([0, 200, 400, 100, 300]);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('with "partial" takes what each has, down to 0.00, and leaves out the empty', async () => {
    const schedule = await createSchedule({
      name: 'Rent',
      kind: 'withdrawal',
      amount: 5,
      shortfall: 'partial',
    });
    const [run] = await runDue(new Date(new Date(schedule.nextRun).getTime() + 1));
    // Kid 0 has 0.00 (left out), kids 1 and 2 pay 2 and 4, kids 3 and 4 pay 5; one-student2 has 0.
    expect(run).toMatchObject({ count: 4, total: 16, leftOut: 2, cut: 2 });
    const [record] = (await get(one.tokens.teller, `/teller/schedules/${schedule.scheduleId}/runs`)).body;
    expect(record.cut).toEqual([
      { accountId: room[1]!.accountId, username: 'room12-1', name: 'Room Kid 1', asked: 5, paid: 2 },
      { accountId: room[2]!.accountId, username: 'room12-2', name: 'Room Kid 2', asked: 5, paid: 4 },
    ]);
    expect(record.leftOut.map((l: any) => l.reason)).toContain(schoolYearText.leftOutEmpty);
    expect(await Promise.all(room.map((r) => balanceOf(r.accountId)))).toEqual([0, 0, 0, 100, 300]);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});

describe('POST /teller/schedules/preview (a form before it is saved)', () => {
  const terms = {
    name: 'Rent',
    kind: 'withdrawal',
    amount: 5,
    every: 'week',
    startDate: inDays(1),
    target: { branchId: 0 },
  };

  it('works out the next run as a run would, and writes nothing', async () => {
    const send = (body: unknown) => post(one.tokens.teller, '/teller/schedules/preview', body);
    const before = await queryRows<{ n: number }>(
      t.db,
      sql`select (select count(*) from schedules) + (select count(*) from audit_log) as n`,
    );
    const skip = await send({ ...terms, shortfall: 'skip', target: { branchId: one.north.id } });
    expect(skip.status, JSON.stringify(skip.body)).toBe(200);
    expect(skip.body).toMatchObject({ ok: false, count: 2, total: 10, runAt: `${inDays(1)}T06:00:00.000Z` });
    expect(skip.body.items.find((i: any) => i.accountId === room[2]!.accountId)).toMatchObject({
      name: 'Room Kid 2',
      error: schoolYearText.leftOutCannotPay,
    });
    const partial = await send({ ...terms, shortfall: 'partial', target: { branchId: one.north.id } });
    expect(partial.body).toMatchObject({ count: 4, total: 16 });
    expect(partial.body.items.find((i: any) => i.accountId === room[1]!.accountId)).toMatchObject({
      balance: 2,
      newBalance: 0,
      error: schoolYearText.cutNote('$2.00', '$5.00'),
    });
    // An edited schedule may keep a start date already past: its next run is the first after now.
    const past = await send({
      ...terms,
      kind: 'deposit',
      startDate: '2020-01-03',
      target: { accountIds: [room[0]!.accountId] },
    });
    expect(past.body).toMatchObject({ ok: true, count: 1, total: 5 });
    expect(new Date(past.body.runAt).getTime()).toBeGreaterThan(Date.now());
    expect(new Date(past.body.runAt).getUTCDay()).toBe(5);
    const after = await queryRows<{ n: number }>(
      t.db,
      sql`select (select count(*) from schedules) + (select count(*) from audit_log) as n`,
    );
    expect(after).toEqual(before);
  });

  it('checks the terms and the caller as a save would', async () => {
    const send = (body: unknown, token = one.tokens.admin) => post(token, '/teller/schedules/preview', body);
    expect((await send({ ...terms, target: { branchId: two.main.id } })).status).toBe(404);
    expect((await send({ ...terms, amount: 0, target: { branchId: one.north.id } })).status).toBe(400);
    expect((await send({ ...terms, target: { branchId: one.north.id } }, one.tokens.student)).status).toBe(
      403,
    );
    await t.db.update(banks).set({ tellerWithdrawalPermission: false }).where(eq(banks.id, one.bankId));
    expect((await send({ ...terms, target: { branchId: one.north.id } }, one.tokens.teller)).status).toBe(
      403,
    );
  });
});

describe('when a schedule runs', () => {
  it('runs a month schedule started on the 31st on the last day of February, at 06:00 local', async () => {
    await t.db.update(banks).set({ timeZone: 'America/New_York' }).where(eq(banks.id, one.bankId));
    const schedule = await createSchedule({ every: 'month', startDate: '2099-01-31' });
    expect(schedule.nextRun).toBe('2099-01-31T11:00:00.000Z');
    const ran = await runDue(new Date('2099-04-01T00:00:00Z'));
    expect(ran.map((r) => [r.occurrence, r.runAt])).toEqual([
      ['2099-01-31', '2099-01-31T11:00:00.000Z'],
      ['2099-02-28', '2099-02-28T11:00:00.000Z'],
      ['2099-03-31', '2099-03-31T10:00:00.000Z'],
    ]);
  });

  it('runs across a daylight-saving change in America/New_York at 06:00 local', async () => {
    const settings = await get(one.tokens.admin, `/user/bank/${one.bankId}`);
    const changed = await put(one.tokens.admin, '/admin/bank/update', {
      ...settings.body,
      timeZone: 'America/New_York',
    });
    expect(changed.body.timeZone).toBe('America/New_York');
    // DST begins on Sunday 2099-03-08.
    const schedule = await createSchedule({ startDate: '2099-03-06' });
    const ran = await runDue(new Date('2099-03-21T00:00:00Z'));
    expect(ran.map((r) => r.runAt)).toEqual([
      '2099-03-06T11:00:00.000Z',
      '2099-03-13T10:00:00.000Z',
      '2099-03-20T10:00:00.000Z',
    ]);
    expect(schedule.nextRun).toBe('2099-03-06T11:00:00.000Z');
  });

  it('moves waiting runs when the bank changes its time zone, and refuses a zone it does not know', async () => {
    const schedule = await createSchedule({ startDate: '2099-06-05' });
    expect(schedule.nextRun).toBe('2099-06-05T06:00:00.000Z');
    const settings = (await get(one.tokens.admin, `/user/bank/${one.bankId}`)).body;
    await put(one.tokens.admin, '/admin/bank/update', { ...settings, timeZone: 'Europe/Berlin' });
    const [moved] = (await get(one.tokens.admin, `/teller/schedules/${one.bankId}`)).body;
    expect(moved.nextRun).toBe('2099-06-05T04:00:00.000Z');
    for (const bad of ['Mars/Olympus', 'EST5EDT; drop table banks', '', 42]) {
      const res = await put(one.tokens.admin, '/admin/bank/update', { ...settings, timeZone: bad });
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.fields.timeZone).toBe(schoolYearText.timeZoneInvalid);
    }
    // The product spec's client sends no time zone: it stays as it is.
    const { timeZone: _, ...spec } = settings;
    expect((await put(one.tokens.admin, '/admin/bank/update', spec)).body.timeZone).toBe('Europe/Berlin');
  });
});

describe('changing, pausing and deleting', () => {
  it('pauses (no next run, nothing runs), resumes at the next occurrence after now, and audits each', async () => {
    const schedule = await createSchedule({ startDate: today() });
    const paused = await put(one.tokens.admin, `/teller/schedules/${schedule.scheduleId}`, { active: false });
    expect(paused.body).toMatchObject({ active: false, nextRun: null });
    expect(await runDue(new Date(Date.now() + 30 * 86_400_000))).toEqual([]);
    const resumed = await put(one.tokens.admin, `/teller/schedules/${schedule.scheduleId}`, { active: true });
    expect(new Date(resumed.body.nextRun).getTime()).toBeGreaterThan(Date.now());
    const changed = await put(one.tokens.admin, `/teller/schedules/${schedule.scheduleId}`, {
      amount: 7.5,
      memo: 'Job: librarian',
    });
    expect(changed.body).toMatchObject({
      amount: 7.5,
      memo: 'Job: librarian',
      nextRun: resumed.body.nextRun,
    });
    const audit = (await get(one.tokens.admin, '/admin/audit')).body;
    expect(audit.map((a: any) => a.action)).toEqual([
      'schedule.update',
      'schedule.resume',
      'schedule.pause',
      'schedule.create',
    ]);
    expect(audit.every((a: any) => a.actor === 'one-admin' && a.scheduleId === schedule.scheduleId)).toBe(
      true,
    );
    expect(audit[0].summary).toContain('$7.50');
  });

  it('deletes: no more runs, the runs so far stay', async () => {
    const schedule = await createSchedule({});
    await runDue(new Date(new Date(schedule.nextRun).getTime() + 1));
    const deleted = await call(t.app, 'DELETE', `/teller/schedules/${schedule.scheduleId}`, {
      token: one.tokens.admin,
    });
    expect(deleted.status).toBe(204);
    expect((await get(one.tokens.admin, `/teller/schedules/${one.bankId}`)).body).toEqual([]);
    expect(await runDue(new Date(Date.now() + 60 * 86_400_000))).toEqual([]);
    expect((await get(one.tokens.admin, `/teller/schedules/${schedule.scheduleId}/runs`)).body).toHaveLength(
      1,
    );
    expect(
      (await put(one.tokens.admin, `/teller/schedules/${schedule.scheduleId}`, { active: true })).status,
    ).toBe(404);
  });
});

describe('who may', () => {
  it("stops a teller's schedule, and says so, when the bank turns that permission off", async () => {
    const schedule = await createSchedule({}, one.tokens.teller);
    await t.db.update(banks).set({ tellerDepositPermission: false }).where(eq(banks.id, one.bankId));
    const [run] = await runDue(new Date(new Date(schedule.nextRun).getTime() + 1));
    expect(run!).toMatchObject({
      outcome: 'stopped',
      problem: schoolYearText.didNotRun(schoolYearText.runRefused('one-teller')),
    });
    expect(run!.count).toBe(0);
    const [listed] = (await get(one.tokens.admin, `/teller/schedules/${one.bankId}`)).body;
    expect(listed).toMatchObject({
      active: false,
      nextRun: null,
      pausedReason: schoolYearText.runRefused('one-teller'),
    });
    expect(await runDue(new Date(Date.now() + 60 * 86_400_000))).toEqual([]);
    expect(await verifyLedger(t.db)).toEqual([]);
    // The teller may no longer set up or run deposits either.
    const refused = await post(one.tokens.teller, '/teller/schedules', {
      ...schedule,
      target: { branchId: one.north.id },
    });
    expect(refused.status).toBe(403);
    expect((await post(one.tokens.teller, `/teller/schedules/${schedule.scheduleId}/runNow`)).status).toBe(
      403,
    );
  });

  it('keeps schedules inside their bank and their rules', async () => {
    const base = { name: 'X', kind: 'deposit', amount: 1, every: 'week', startDate: inDays(1) };
    const send = (body: unknown, token = one.tokens.admin) => post(token, '/teller/schedules', body);
    expect((await send({ ...base, target: { branchId: two.main.id } })).status).toBe(404);
    const foreign = await send({
      ...base,
      target: { accountIds: [room[0]!.accountId, two.checking.accountNumber] },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.fields).toEqual({ 'target.accountIds.1': schoolYearText.scheduleAccountNotFound });
    expect((await send({ ...base, target: { branchId: one.north.id } }, one.tokens.student)).status).toBe(
      403,
    );
    expect(
      (await send({ ...base, startDate: '2020-01-01', target: { branchId: one.north.id } })).status,
    ).toBe(400);
    expect(
      (await send({ ...base, startDate: '2099-02-30', target: { branchId: one.north.id } })).status,
    ).toBe(400);
    expect((await send({ ...base, every: 'day', target: { branchId: one.north.id } })).status).toBe(400);
    expect((await send({ ...base, amount: 0.001, target: { branchId: one.north.id } })).status).toBe(400);
    expect((await send({ ...base, target: {} })).body.fields).toHaveProperty('target');
    expect(
      (await send({ ...base, target: { accountIds: [room[0]!.accountId, room[0]!.accountId] } })).status,
    ).toBe(400);
    await t.db.update(banks).set({ savingsActive: false }).where(eq(banks.id, one.bankId));
    const savings = await send({ ...base, accountType: 'SAVINGS', target: { branchId: one.north.id } });
    expect(savings).toMatchObject({ status: 409, body: { message: messages.accountTypeNotOffered } });
    const theirs = await createSchedule({});
    expect((await get(two.tokens.admin, `/teller/schedules/${theirs.scheduleId}/preview`)).status).toBe(404);
    expect((await get(two.tokens.admin, `/teller/schedules/${one.bankId}`)).status).toBe(404);
  });
});

describe('Run now', () => {
  it('runs an extra time without moving the regular runs, once per Idempotency-Key', async () => {
    const schedule = await createSchedule({
      target: { accountIds: [room[3]!.accountId, room[4]!.accountId] },
    });
    const headers = { 'idempotency-key': 'run-now-1' };
    const first = await post(
      one.tokens.teller,
      `/teller/schedules/${schedule.scheduleId}/runNow`,
      undefined,
      headers,
    );
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ extra: true, count: 2, total: 10, ranBy: 'one-teller' });
    const again = await post(
      one.tokens.teller,
      `/teller/schedules/${schedule.scheduleId}/runNow`,
      undefined,
      headers,
    );
    expect(again.body).toEqual(first.body);
    expect(await balanceOf(room[3]!.accountId)).toBe(600 + 500);
    const [listed] = (await get(one.tokens.teller, `/teller/schedules/${one.bankId}`)).body;
    expect(listed.nextRun).toBe(schedule.nextRun);
    const [transaction] = (await get(one.tokens.teller, `/user/transactions/${room[3]!.accountId}`)).body;
    expect(transaction).toMatchObject({
      memo: 'Class job pay',
      description: messages.tellerDepositDescription,
    });
    const audit = (await get(one.tokens.admin, '/admin/audit')).body;
    expect(audit[0]).toMatchObject({
      action: 'schedule.run',
      actor: 'one-teller',
      batchId: first.body.batchId,
    });
  });

  it('leaves out an account closed since the schedule was made, and records the run as the bank’s own', async () => {
    const schedule = await createSchedule({
      target: { accountIds: [room[0]!.accountId, room[1]!.accountId] },
    });
    await t.db
      .update(accounts)
      .set({ closedAt: new Date() })
      .where(eq(accounts.accountNumber, room[0]!.accountId));
    const [run] = await runDue(new Date(new Date(schedule.nextRun).getTime() + 1));
    expect(run).toMatchObject({ count: 1, leftOut: 1 });
    const audit = (await get(one.tokens.admin, '/admin/audit')).body;
    expect(audit[0]).toMatchObject({ action: 'schedule.run', actor: null, scheduleId: schedule.scheduleId });
    const [{ reason }] = (await queryRows<{ reason: string }>(
      t.db,
      sql`select left_out->0->>'reason' as reason from schedule_runs`,
    )) as [{ reason: string }];
    expect(reason).toBe(schoolYearText.leftOutClosed);
    expect(await t.db.select().from(users).where(eq(users.username, 'one-admin'))).toHaveLength(1);
  });
});
