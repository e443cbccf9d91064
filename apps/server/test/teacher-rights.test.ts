import { beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { limits, teacherText } from '@bank/shared';
import { accounts, users } from '../src/db/schema.js';
import { createSession } from '../src/domain/auth/sessions.js';
import { verifyLedger } from '../src/domain/ledger/index.js';
import { call, useTestApp } from './harness.js';
import {
  insertAccount,
  insertStudentSavings,
  insertUser,
  seedTwoBanks,
  setBank,
  type SeededBank,
} from './fixtures.js';

/**
 * API.md "Teachers without dead ends": a teacher (a TELLER) reverses, resets passwords, reprints
 * sign-in slips and makes class bankers for the Students of their own branch while the bank's
 * setting is on; a Student of another branch is a 403, of another bank a 404; an ADMIN may for any
 * Student of the bank; the /admin/ calls stay ADMIN only.
 */

const t = useTestApp();
let one: SeededBank;
let two: SeededBank;
/** A second Student of one.main (the teacher's class), with a checking account. */
let classmate: { username: string; checking: string };
/** A teacher of bank one with no class (no branch). */
let noClassToken: string;

beforeEach(async () => {
  ({ one, two } = await seedTwoBanks(t.db));
  // one-teller teaches Main: one.student and the classmate; one.otherStudent is of North.
  await t.db.update(users).set({ branchId: one.main.id }).where(eq(users.id, one.teller.id));
  const kid = await insertUser(t.db, {
    username: 'one-classmate',
    role: 'USER',
    bankId: one.bankId,
    branchId: one.main.id,
    name: 'Cara Classmate',
  });
  const account = await insertAccount(t.db, { userId: kid.id, bankId: one.bankId, branchId: one.main.id });
  classmate = { username: kid.username, checking: account.accountNumber };
  const loose = await insertUser(t.db, { username: 'one-newteacher', role: 'TELLER', bankId: one.bankId });
  noClassToken = await createSession(t.db, loose.id, 3600);
});

const post = (token: string, url: string, body?: unknown) => call(t.app, 'POST', url, { token, body });
const put = (token: string, url: string, body?: unknown) => call(t.app, 'PUT', url, { token, body });
const login = (username: string, password: string) =>
  call(t.app, 'POST', '/login', { body: { username, password } });
const deposit = async (accountId: string, amount: number) => {
  const res = await post(one.tokens.admin, '/teller/deposits', { accountId, amount });
  expect(res.status).toBe(201);
  return res.body as { id: number };
};
const turnOff = (setting: 'tellerCanReverse' | 'tellerCanResetPasswords' | 'tellerCanManageBankers') =>
  setBank(t.db, one.bankId, { [setting]: false });
const passwordHashOf = async (username: string) =>
  (await t.db.select().from(users).where(eq(users.username, username)))[0]!.passwordHash;
const balanceOf = async (accountId: string) =>
  (await t.db.select().from(accounts).where(eq(accounts.accountNumber, accountId)))[0]!.balanceCents;

/** A refusal with the reason and the words that say whom to ask. */
function expectRefused(res: { status: number; body: any }, reason: string, message?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(403);
  expect(res.body.reason).toBe(reason);
  if (message) expect(res.body.message).toBe(message);
}

describe('the three bank settings', () => {
  it('are on by default, shown to the bank, and changed only when sent', async () => {
    const settings = (await call(t.app, 'GET', `/user/bank/${one.bankId}`, { token: one.tokens.teller }))
      .body;
    expect(settings).toMatchObject({
      tellerCanReverse: true,
      tellerCanResetPasswords: true,
      tellerCanManageBankers: true,
    });
    const { bankId: _bankId, ...body } = settings;
    const off = await put(one.tokens.admin, '/admin/bank/update', { ...body, tellerCanReverse: false });
    expect(off.body).toMatchObject({ tellerCanReverse: false, tellerCanResetPasswords: true });
    // A client that does not know them (the product spec's) leaves them as they are.
    const {
      tellerCanReverse: _a,
      tellerCanResetPasswords: _b,
      tellerCanManageBankers: _c,
      ...plain
    } = off.body;
    const kept = await put(one.tokens.admin, '/admin/bank/update', { ...plain, bankName: 'Renamed' });
    expect(kept.body).toMatchObject({ bankName: 'Renamed', tellerCanReverse: false });
    expect((await put(one.tokens.teller, '/admin/bank/update', { ...body })).status).toBe(403);
  });
});

describe('POST /teller/transactions/{id}/reverse', () => {
  const reverse = (id: number, token = one.tokens.teller) =>
    post(token, `/teller/transactions/${id}/reverse`, { reason: 'Paid twice' });

  it("lets a teacher reverse their own class's transaction, as an admin's reversal does", async () => {
    const paid = await deposit(one.checking.accountNumber, 12);
    const res = await reverse(paid.id);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.transactions[0]).toMatchObject({ reversalOf: paid.id, memo: 'Paid twice', amount: 12 });
    expect(await balanceOf(one.checking.accountNumber)).toBe(0);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('refuses another class, a transfer that touches another class, the setting off and a teacher without a class', async () => {
    const north = await deposit(one.otherChecking.accountNumber, 5);
    expectRefused(await reverse(north.id), 'NOT_YOUR_CLASS', teacherText.notYourClass('reverse'));
    await deposit(one.checking.accountNumber, 20);
    const transfer = await post(one.tokens.admin, '/user/transfers', {
      fromAccountId: one.checking.accountNumber,
      toAccountId: one.otherChecking.accountNumber,
      amount: 3,
    });
    expect(transfer.status).toBe(201);
    expectRefused(await reverse(transfer.body.debit.id), 'NOT_YOUR_CLASS');
    const own = await deposit(one.checking.accountNumber, 4);
    expectRefused(await reverse(own.id, noClassToken), 'NO_CLASS', teacherText.noClass('reverse'));
    await turnOff('tellerCanReverse');
    expectRefused(await reverse(own.id), 'TELLER_PERMISSION_MISSING', teacherText.rightOff('reverse'));
    // Nothing was reversed: every balance is as the deposits and the transfer left it.
    expect(await balanceOf(one.checking.accountNumber)).toBe(2100);
    expect(await balanceOf(one.otherChecking.accountNumber)).toBe(800);
  });

  it("answers another bank's teacher 404, lets an admin reverse any Student's, and keeps /admin/ for admins", async () => {
    const north = await deposit(one.otherChecking.accountNumber, 5);
    expect((await reverse(north.id, two.tokens.teller)).status).toBe(404);
    expect((await reverse(north.id, two.tokens.admin)).status).toBe(404);
    expect(
      (await post(one.tokens.teller, `/admin/transactions/${north.id}/reverse`, { reason: 'x' })).status,
    ).toBe(403);
    expect((await reverse(north.id, one.tokens.student)).status).toBe(403);
    expect((await reverse(north.id, one.tokens.admin)).status).toBe(201);
  });
});

describe('POST /teller/batches/{batchId}/reverse', () => {
  /** A payday for one Student of each class and the classmate. */
  async function payday() {
    const res = await post(one.tokens.admin, '/teller/batches', {
      kind: 'deposit',
      memo: 'Class job',
      items: [
        { accountId: one.checking.accountNumber, amount: 5 },
        { accountId: classmate.checking, amount: 5 },
        { accountId: one.otherChecking.accountNumber, amount: 5 },
      ],
    });
    expect(res.status).toBe(201);
    return res.body.batchId as string;
  }
  const reverse = (batchId: string, body: object, token = one.tokens.teller) =>
    post(token, `/teller/batches/${batchId}/reverse`, { reason: 'Wrong week', ...body });

  it("lets a teacher reverse their own class's payments of a payday, not another class's", async () => {
    const batchId = await payday();
    expectRefused(await reverse(batchId, {}), 'NOT_YOUR_CLASS');
    expectRefused(
      await reverse(batchId, { accountIds: [one.checking.accountNumber, one.otherChecking.accountNumber] }),
      'NOT_YOUR_CLASS',
    );
    const own = await reverse(batchId, { accountIds: [one.checking.accountNumber, classmate.checking] });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    expect(own.body.count).toBe(2);
    expect(await balanceOf(one.checking.accountNumber)).toBe(0);
    expect(await balanceOf(one.otherChecking.accountNumber)).toBe(500);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('is refused with the setting off or without a class, 404 to another bank, and whole for an admin', async () => {
    const batchId = await payday();
    const mine = { accountIds: [one.checking.accountNumber] };
    expectRefused(await reverse(batchId, mine, noClassToken), 'NO_CLASS');
    expect((await reverse(batchId, mine, two.tokens.teller)).status).toBe(404);
    await turnOff('tellerCanReverse');
    expectRefused(await reverse(batchId, mine), 'TELLER_PERMISSION_MISSING');
    expect(await balanceOf(one.checking.accountNumber)).toBe(500);
    const whole = await reverse(batchId, {}, one.tokens.admin);
    expect(whole.status).toBe(201);
    expect(whole.body.count).toBe(3);
  });
});

describe('POST /teller/users/{username}/resetPassword', () => {
  const reset = (username: string, token = one.tokens.teller) =>
    post(token, `/teller/users/${username}/resetPassword`);

  it("gives a Student of the teacher's class a new temporary password, once, and ends their sessions", async () => {
    const res = await reset(one.student.username);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const password = /^Temporary password: (\S+)$/.exec(res.body)![1]!;
    expect(
      (await call(t.app, 'GET', `/user/users/${one.student.username}`, { token: one.tokens.student })).status,
    ).toBe(401);
    const signIn = await login(one.student.username, password);
    expect(signIn.status).toBe(200);
    const me = await call(t.app, 'GET', `/user/users/${one.student.username}`, { token: signIn.body });
    expect(me.body.mustChangePassword).toBe(true);
  });

  it('refuses another class, the setting off, no class; 404 for another bank and for staff', async () => {
    const before = await passwordHashOf(one.otherStudent.username);
    expectRefused(await reset(one.otherStudent.username), 'NOT_YOUR_CLASS');
    expectRefused(await reset(one.student.username, noClassToken), 'NO_CLASS');
    expect((await reset(one.student.username, two.tokens.teller)).status).toBe(404);
    expect((await reset(one.admin.username)).status).toBe(404);
    expect((await reset('no-such-kid')).status).toBe(404);
    await turnOff('tellerCanResetPasswords');
    expectRefused(await reset(one.student.username), 'TELLER_PERMISSION_MISSING');
    expect(await passwordHashOf(one.otherStudent.username)).toBe(before);
    expect((await reset(one.otherStudent.username, one.tokens.admin)).status).toBe(200);
    expect(await passwordHashOf(one.otherStudent.username)).not.toBe(before);
  });
});

describe('PUT /teller/users/{username}/banker', () => {
  const setBanker = (username: string, banker: boolean, token = one.tokens.teller) =>
    put(token, `/teller/users/${username}/banker`, { banker });

  it("makes a Student of the teacher's class a class banker, and no longer one", async () => {
    const on = await setBanker(classmate.username, true);
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ username: classmate.username, banker: true, userRole: 'USER' });
    expect((await setBanker(classmate.username, false)).body.banker).toBe(false);
  });

  it('refuses another class, the setting off, no class; 404 for another bank and for staff; an admin may', async () => {
    expectRefused(await setBanker(one.otherStudent.username, true), 'NOT_YOUR_CLASS');
    expectRefused(await setBanker(one.student.username, true, noClassToken), 'NO_CLASS');
    expect((await setBanker(one.student.username, true, two.tokens.teller)).status).toBe(404);
    expect((await setBanker(one.teller.username, true)).status).toBe(404);
    expect((await setBanker(one.student.username, 'yes' as never)).status).toBe(400);
    await turnOff('tellerCanManageBankers');
    expectRefused(await setBanker(one.student.username, true), 'TELLER_PERMISSION_MISSING');
    const [row] = await t.db.select().from(users).where(eq(users.id, one.student.id));
    expect(row!.banker).toBe(false);
    expect((await setBanker(one.otherStudent.username, true, one.tokens.admin)).body.banker).toBe(true);
  });
});

describe('POST /teller/students/slips', () => {
  const slips = (usernames: unknown, token = one.tokens.teller) =>
    post(token, '/teller/students/slips', { usernames });

  it('gives each Student a new temporary password as a slip with their class, in the order asked', async () => {
    const res = await slips([classmate.username, one.student.username.toUpperCase()]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.slips.map((s: any) => [s.username, s.name, s.branchName])).toEqual([
      [classmate.username, 'Cara Classmate', 'one Main'],
      [one.student.username, `${one.student.username} Name`, 'one Main'],
    ]);
    const [first, second] = res.body.slips.map((s: any) => s.temporaryPassword);
    expect(first).not.toBe(second);
    // The old session ends; the new password signs in and must be replaced.
    expect(
      (await call(t.app, 'GET', `/user/users/${one.student.username}`, { token: one.tokens.student })).status,
    ).toBe(401);
    expect((await login(classmate.username, first)).status).toBe(200);
    // A password is never shown twice: printing again makes new ones, and the old one stops working.
    const again = await slips([classmate.username]);
    expect(again.body.slips[0].temporaryPassword).not.toBe(first);
    expect((await login(classmate.username, first)).status).toBe(401);
  });

  it('is all or nothing: one Student of another class, unknown or of another bank, and nobody changes', async () => {
    const before = await passwordHashOf(one.student.username);
    expectRefused(await slips([one.student.username, one.otherStudent.username]), 'NOT_YOUR_CLASS');
    expect((await slips([one.student.username, 'no-such-kid'])).status).toBe(404);
    expect((await slips([one.student.username, two.student.username])).status).toBe(404);
    expect((await slips([one.student.username, one.admin.username])).status).toBe(404);
    expect((await slips([one.student.username], two.tokens.teller)).status).toBe(404);
    expectRefused(await slips([one.student.username], noClassToken), 'NO_CLASS');
    await turnOff('tellerCanResetPasswords');
    expectRefused(await slips([one.student.username]), 'TELLER_PERMISSION_MISSING');
    expect(await passwordHashOf(one.student.username)).toBe(before);
    // An admin may print any Student's of the bank.
    const res = await slips([one.student.username, one.otherStudent.username], one.tokens.admin);
    expect(res.status).toBe(201);
    expect(res.body.slips.map((s: any) => s.branchName)).toEqual(['one Main', 'one North']);
  });

  it('takes 1 to 200 Students, each once', async () => {
    expect((await slips([])).status).toBe(400);
    const repeated = await slips([one.student.username, one.student.username.toUpperCase()]);
    expect(repeated.status).toBe(400);
    expect(repeated.body.fields).toEqual({ 'usernames.1': teacherText.studentRepeated });
    const many = Array.from({ length: limits.slipsMax + 1 }, (_, i) => `kid-${i}`);
    expect((await slips(many)).status).toBe(400);
    expect((await slips('one-student')).status).toBe(400);
    expect((await slips([one.student.username], one.tokens.student)).status).toBe(403);
  });
});

describe('GET /teller/students/{bankId}/goals', () => {
  it("answers a page's goals in one call, in the order asked, leaving out whom the bank does not have", async () => {
    const savings = await insertStudentSavings(t.db, one);
    await t.db.execute(
      sql`insert into goals (account_number, name, amount_cents, position) values (${savings}, 'Bike', 4000, 1), (${savings}, 'Book', 1000, 2)`,
    );
    const usernames = [classmate.username, one.student.username, two.student.username, 'nobody-here'];
    const res = await call(
      t.app,
      'GET',
      `/teller/students/${one.bankId}/goals?usernames=${usernames.join(',')}`,
      {
        token: one.tokens.teller,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.map((s: any) => [s.username, s.goals.map((g: any) => g.name)])).toEqual([
      [classmate.username, []],
      [one.student.username, ['Bike', 'Book']],
    ]);
    const url = `/teller/students/${one.bankId}/goals?usernames=${one.student.username}`;
    expect((await call(t.app, 'GET', url, { token: two.tokens.teller })).status).toBe(404);
    expect((await call(t.app, 'GET', url, { token: one.tokens.student })).status).toBe(403);
    const tooMany = Array.from({ length: limits.goalsPageMax + 1 }, (_, i) => `kid-${i}`).join(',');
    const capped = await call(t.app, 'GET', `/teller/students/${one.bankId}/goals?usernames=${tooMany}`, {
      token: one.tokens.teller,
    });
    expect(capped.status).toBe(400);
  });
});

describe("GET /teller/batches/{bankId}: a class's history", () => {
  it('names the classes, who ran it, its students, and whom a reversal undid', async () => {
    const paid = await post(one.tokens.admin, '/teller/batches', {
      kind: 'deposit',
      items: [
        { accountId: one.otherChecking.accountNumber, amount: 2 },
        { accountId: one.checking.accountNumber, amount: 2 },
        { accountId: classmate.checking, amount: 2 },
      ],
    });
    const undo = await post(one.tokens.teller, `/teller/batches/${paid.body.batchId}/reverse`, {
      reason: 'Absent',
      accountIds: [classmate.checking],
    });
    expect(undo.status).toBe(201);
    const list = await call(t.app, 'GET', `/teller/batches/${one.bankId}`, { token: one.tokens.teller });
    const [reversal, payday] = list.body;
    expect(payday).toMatchObject({
      memo: null,
      createdBy: one.admin.username,
      createdByName: `${one.admin.username} Name`,
      branches: [
        { branchId: one.main.id, branchName: 'one Main' },
        { branchId: one.north.id, branchName: 'one North' },
      ],
      names: [`${one.otherStudent.username} Name`, `${one.student.username} Name`, 'Cara Classmate'],
      reversedCount: 1,
      reversedNames: ['Cara Classmate'],
    });
    expect(reversal).toMatchObject({
      reversalOf: paid.body.batchId,
      createdByName: `${one.teller.username} Name`,
      branches: [{ branchId: one.main.id, branchName: 'one Main' }],
      names: ['Cara Classmate'],
      reversedNames: [],
    });
    const detail = await call(t.app, 'GET', `/teller/batches/${one.bankId}/${paid.body.batchId}`, {
      token: one.tokens.teller,
    });
    expect(detail.body.payments.map((p: any) => p.branchId)).toEqual([
      one.north.id,
      one.main.id,
      one.main.id,
    ]);
  });
});

describe('lists a teacher can work with', () => {
  const get = (url: string, token = one.tokens.admin) => call(t.app, 'GET', url, { token });

  it("Manage Accounts: each account with its owner's name, filtered by branch", async () => {
    const all = await get(`/teller/accounts/bank/${one.bankId}?limit=10`);
    expect(all.body.map((a: any) => a.ownerName)).toEqual([
      `${one.student.username} Name`,
      `${one.otherStudent.username} Name`,
      'Cara Classmate',
    ]);
    const north = await get(`/teller/accounts/bank/${one.bankId}?limit=10&branchId=${one.north.id}`);
    expect(north.body.map((a: any) => a.accountId)).toEqual([one.otherChecking.accountNumber]);
    expect(north.headers['x-total-count']).toBe('1');
    // Another bank's branch names none of this bank's accounts.
    expect((await get(`/teller/accounts/bank/${one.bankId}?limit=10&branchId=${two.north.id}`)).body).toEqual(
      [],
    );
  });

  it('Manage Users: filtered by branch and by role, each with the banker flag; Students carry it too', async () => {
    await t.db.update(users).set({ banker: true }).where(eq(users.id, one.student.id));
    const main = await get(`/admin/users/${one.bankId}?limit=10&branchId=${one.main.id}`);
    expect(main.body.map((u: any) => [u.username, u.banker])).toEqual([
      ['one-classmate', false],
      [one.student.username, true],
      [one.teller.username, false],
    ]);
    const tellers = await get(`/admin/users/${one.bankId}?limit=10&role=TELLER`);
    expect(tellers.body.map((u: any) => u.username)).toEqual(['one-newteacher', one.teller.username]);
    const mainStudents = await get(`/admin/users/${one.bankId}?limit=10&role=USER&branchId=${one.main.id}`);
    expect(mainStudents.headers['x-total-count']).toBe('2');
    expect((await get(`/admin/users/${one.bankId}?role=Teacher`)).status).toBe(400);
    const roster = await get(`/teller/students/${one.bankId}?branchId=${one.main.id}`, one.tokens.teller);
    expect(roster.body.map((s: any) => [s.username, s.banker])).toEqual([
      ['one-classmate', false],
      [one.student.username, true],
    ]);
  });

  it('Import: the dry run names a class that does not exist yet, and createBranches makes it with the students', async () => {
    const csv = [
      'username,name,branch,accounts',
      'room-kid-1,Room Kid One,Room 12,CHECKING',
      'room-kid-2,Room Kid Two,room 12 ,',
      'main-kid,Main Kid,one Main,',
      'lost-kid,Lost Kid,999,',
    ].join('\n');
    const importCsv = (query: string) =>
      call(t.app, 'POST', `/admin/users/import?${query}`, {
        token: one.tokens.admin,
        body: csv,
        headers: { 'content-type': 'text/csv' },
      });
    const plain = await importCsv('dryRun=true');
    expect(plain.body.newBranches).toEqual(['Room 12']);
    expect(plain.body.rows.map((r: any) => r.error !== null)).toEqual([true, true, false, true]);
    const creating = await importCsv('dryRun=true&createBranches=true');
    expect(creating.body.rows.map((r: any) => r.error !== null)).toEqual([false, false, false, true]);
    // A branch id that does not exist cannot be made: that row stays wrong, and nothing is written.
    expect((await importCsv('createBranches=true')).status).toBe(400);
    const branchesBefore = await get(`/teller/branches/${one.bankId}`);
    expect(branchesBefore.body.map((b: any) => b.branchName)).not.toContain('Room 12');
  });

  it('Import with createBranches creates the new class once and puts its students in it', async () => {
    const csv =
      'username,name,branch,accounts\nroom-kid-1,Room Kid One,Room 12,CHECKING\nroom-kid-2,Room Kid Two,ROOM 12,\n';
    const res = await call(t.app, 'POST', '/admin/users/import?createBranches=true', {
      token: one.tokens.admin,
      body: csv,
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const branchList = (await get(`/teller/branches/${one.bankId}`)).body;
    const room = branchList.filter((b: any) => b.branchName.toLowerCase() === 'room 12');
    expect(room).toHaveLength(1);
    expect(res.body.created.map((c: any) => c.branchId)).toEqual([room[0].branchId, room[0].branchId]);
  });
});
