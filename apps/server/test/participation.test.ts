import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages, participationText as m } from '@bank/shared';
import { accounts, bankerRequests } from '../src/db/schema.js';
import { createSession } from '../src/domain/auth/sessions.js';
import { verifyLedger } from '../src/domain/ledger/index.js';
import { expireRequests } from '../src/domain/requests/index.js';
import { call, useTestApp } from './harness.js';
import { insertAccount, insertClassmate, seedTwoBanks, setBank, type SeededBank } from './fixtures.js';

/**
 * Students who take part (API.md): a class banker asks, the bank's limit approves small requests at
 * once, staff decide the rest; a waiting withdrawal holds its amount so nothing else spends it.
 */

const t = useTestApp();
let one: SeededBank;
let two: SeededBank;
let classmate: { id: number; username: string; token: string; checking: string; savings: string };
let banker: string; // the banker's token (one.student, in one's main branch)

const post = (token: string, url: string, body?: unknown, headers?: Record<string, string>) =>
  call(t.app, 'POST', url, { token, body, ...(headers ? { headers } : {}) });
const get = (token: string, url: string) => call(t.app, 'GET', url, { token });
const money = async (accountId: string) => {
  const [row] = await t.db.select().from(accounts).where(eq(accounts.accountNumber, accountId));
  return { balance: row!.balanceCents, held: row!.heldCents };
};
const fund = async (accountId: string, amount: number) => {
  await post(one.tokens.admin, '/teller/deposits', { accountId, amount });
  await post(one.tokens.admin, '/admin/transactions/post');
};
const ask = (body: Record<string, unknown>, token = banker, headers?: Record<string, string>) =>
  post(token, '/user/requests', body, headers);

beforeEach(async () => {
  ({ one, two } = await seedTwoBanks(t.db));
  const mate = await insertClassmate(t.db, one, 'one-classmate');
  classmate = { ...mate, token: await createSession(t.db, mate.id, 3600) };
  const made = await call(t.app, 'PUT', `/admin/users/${one.student.username}/updateUser`, {
    token: one.tokens.admin,
    body: { name: one.student.name, userRole: 'USER', branch: one.main.id, banker: true },
  });
  expect(made.status).toBe(200);
  expect(made.body.banker).toBe(true);
  banker = one.tokens.student;
  await setBank(t.db, one.bankId, { bankerLimitCents: 500 });
});

describe('making a banker and the limit', () => {
  it('only a Student can be a banker; one who stops being a Student stops being one', async () => {
    const teller = await call(t.app, 'PUT', `/admin/users/${one.teller.username}/updateUser`, {
      token: one.tokens.admin,
      body: { name: 'T', userRole: 'TELLER', banker: true },
    });
    expect(teller.status).toBe(400);
    expect(teller.body.fields.banker).toBe(m.bankerOnlyStudents);
    const absent = await call(t.app, 'PUT', `/admin/users/${one.student.username}/updateUser`, {
      token: one.tokens.admin,
      body: { name: 'Renamed', userRole: 'USER', branch: one.main.id },
    });
    expect(absent.body.banker).toBe(true); // absent leaves it as it is
  });

  it('the bank settings carry the limit, an admin changes it, bad values are refused', async () => {
    const settings = (await get(one.tokens.admin, `/user/bank/${one.bankId}`)).body;
    expect(settings.bankerLimit).toBe(5);
    const put = (bankerLimit: unknown) =>
      call(t.app, 'PUT', '/admin/bank/update', {
        token: one.tokens.admin,
        body: { ...settings, bankerLimit },
      });
    expect((await put(12.5)).body.bankerLimit).toBe(12.5);
    for (const bad of [-1, 1.234, 'ten']) {
      const res = await put(bad);
      expect(res.status, String(bad)).toBe(400);
    }
    expect((await get(one.tokens.admin, `/user/bank/${one.bankId}`)).body.bankerLimit).toBe(12.5);
  });
});

describe('a banker asks', () => {
  it('at most the limit: approved at once by the bank, the money moves with the memo', async () => {
    const res = await ask({ kind: 'deposit', accountId: classmate.checking, amount: 5, memo: 'Helped tidy' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'approved',
      decidedBy: null,
      requestedBy: one.student.username,
      student: classmate.username,
      amount: 5,
      memo: 'Helped tidy',
    });
    expect(res.body.transactionId).toEqual(expect.any(Number));
    const [tx] = (await get(classmate.token, `/user/transactions/${classmate.checking}`)).body;
    expect(tx).toMatchObject({ id: res.body.transactionId, amount: 5, memo: 'Helped tidy', type: 'credit' });
    const [audit] = (await get(one.tokens.admin, '/admin/audit')).body;
    expect(audit).toMatchObject({
      action: 'request.approve',
      actor: null,
      transactionId: res.body.transactionId,
    });
    expect(await money(classmate.checking)).toEqual({ balance: 500, held: 0 });
  });

  it('above the limit: waits; a withdrawal holds its amount and the account shows what is available', async () => {
    await fund(classmate.checking, 20);
    const res = await ask({
      kind: 'withdrawal',
      accountId: classmate.checking,
      amount: 8,
      memo: 'Fine: late',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'waiting', transactionId: null, decidedBy: null });
    expect(await money(classmate.checking)).toEqual({ balance: 2000, held: 800 });
    const mine = (await get(classmate.token, `/user/accounts/user/${classmate.username}`)).body;
    expect(mine.find((a: any) => a.accountId === classmate.checking)).toMatchObject({
      balance: 20,
      available: 12,
    });
    // The classmate cannot spend the held money.
    const spend = await post(classmate.token, '/user/transfers', {
      fromAccountId: classmate.checking,
      toAccountId: classmate.savings,
      amount: 13,
    });
    expect(spend.status).toBe(409);
    // It says why: the balance would pay, what is held stops it (issue 33).
    expect(spend.body.message).toBe(messages.insufficientFundsHeld('$8.00'));
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('a preview tells whose account and whether it goes at once, nothing of the money; writes nothing', async () => {
    await fund(classmate.checking, 3);
    const res = await post(banker, '/user/requests/preview', {
      kind: 'withdrawal',
      accountId: classmate.checking,
      amount: 4,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ username: classmate.username, name: 'one-classmate Name', goesAtOnce: true });
    expect(await t.db.select().from(bankerRequests)).toEqual([]);
  });

  it('an Idempotency-Key makes a repeat answer the first request and move nothing more', async () => {
    const body = { kind: 'deposit', accountId: classmate.checking, amount: 2 };
    const first = await ask(body, banker, { 'idempotency-key': 'req-1' });
    const again = await ask(body, banker, { 'idempotency-key': 'req-1' });
    expect(again.body).toEqual(first.body);
    expect(await money(classmate.checking)).toEqual({ balance: 200, held: 0 });
  });

  it('classmates: the other Students of the branch with their accounts, no money; searchable', async () => {
    const res = await get(banker, `/user/classmates/${one.student.username}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        username: classmate.username,
        name: 'one-classmate Name',
        displayName: null,
        accounts: expect.arrayContaining([
          { accountId: classmate.checking, accountType: 'CHECKING' },
          { accountId: classmate.savings, accountType: 'SAVINGS' },
        ]),
      },
    ]);
    expect((await get(banker, `/user/classmates/${one.student.username}?q=nobody`)).body).toEqual([]);
    expect((await get(classmate.token, `/user/classmates/${classmate.username}`)).status).toBe(403);
    expect((await get(banker, `/user/classmates/${classmate.username}`)).status).toBe(404);
  });
});

describe('who may ask, for whom', () => {
  it('not for themself, another branch or another bank (404); a Student who is not a banker 403; staff 403', async () => {
    const own = await ask({ kind: 'deposit', accountId: one.checking.accountNumber, amount: 1 });
    const otherBranch = await ask({ kind: 'deposit', accountId: one.otherChecking.accountNumber, amount: 1 });
    const otherBank = await ask({ kind: 'deposit', accountId: two.checking.accountNumber, amount: 1 });
    expect([own.status, otherBranch.status, otherBank.status]).toEqual([404, 404, 404]);
    const notBanker = await ask(
      { kind: 'deposit', accountId: one.checking.accountNumber, amount: 1 },
      classmate.token,
    );
    expect(notBanker.status).toBe(403);
    expect(notBanker.body.message).toBe(m.notABanker);
    const staff = await ask({ kind: 'deposit', accountId: classmate.checking, amount: 1 }, one.tokens.teller);
    expect(staff.status).toBe(403);
    expect(await t.db.select().from(bankerRequests)).toEqual([]);
  });

  it('a banker whose teacher turned it off can ask no more', async () => {
    await call(t.app, 'PUT', `/admin/users/${one.student.username}/updateUser`, {
      token: one.tokens.admin,
      body: { name: one.student.name, userRole: 'USER', branch: one.main.id, banker: false },
    });
    expect((await ask({ kind: 'deposit', accountId: classmate.checking, amount: 1 })).status).toBe(403);
  });
});

describe('staff decide', () => {
  const waiting = async (kind: 'deposit' | 'withdrawal', amount: number) =>
    (await ask({ kind, accountId: classmate.checking, amount, memo: 'Class store' })).body;

  it('approve: the money moves by the approver with the memo; the hold becomes the debit; twice is 409', async () => {
    await fund(classmate.checking, 20);
    const request = await waiting('withdrawal', 15);
    const list = (await get(one.tokens.teller, `/teller/requests/${one.bankId}?status=waiting`)).body;
    expect(list.map((r: any) => r.requestId)).toEqual([request.requestId]);
    const res = await post(one.tokens.teller, `/teller/requests/${request.requestId}/approve`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'approved', decidedBy: one.teller.username });
    expect(await money(classmate.checking)).toEqual({ balance: 500, held: 0 });
    const [tx] = (await get(classmate.token, `/user/transactions/${classmate.checking}`)).body;
    expect(tx).toMatchObject({ id: res.body.transactionId, type: 'debit', amount: 15, memo: 'Class store' });
    const again = await post(one.tokens.admin, `/teller/requests/${request.requestId}/approve`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      m.requestAlreadyDecided({ status: 'approved', decidedBy: one.teller.username, reason: null }),
    );
    const [audit] = (await get(one.tokens.admin, '/admin/audit')).body;
    expect(audit).toMatchObject({ action: 'request.approve', actor: one.teller.username });
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('reject: with a reason, the hold is released, nothing moves', async () => {
    await fund(classmate.checking, 20);
    const request = await waiting('withdrawal', 15);
    const noReason = await post(one.tokens.teller, `/teller/requests/${request.requestId}/reject`, {
      reason: ' ',
    });
    expect(noReason.status).toBe(400);
    const res = await post(one.tokens.teller, `/teller/requests/${request.requestId}/reject`, {
      reason: 'Not fair',
    });
    expect(res.body).toMatchObject({ status: 'rejected', reason: 'Not fair', transactionId: null });
    expect(await money(classmate.checking)).toEqual({ balance: 2000, held: 0 });
    const mine = (await get(banker, `/user/requests/${one.student.username}`)).body;
    expect(mine[0]).toMatchObject({ status: 'rejected', reason: 'Not fair' });
  });

  it("a teller without the kind's permission may not decide it; an admin may; another bank's staff see nothing", async () => {
    await fund(classmate.checking, 20);
    const request = await waiting('withdrawal', 15);
    await setBank(t.db, one.bankId, { tellerWithdrawalPermission: false });
    const teller = await post(one.tokens.teller, `/teller/requests/${request.requestId}/approve`);
    expect(teller.status).toBe(403);
    expect(teller.body.reason).toBe('TELLER_PERMISSION_MISSING');
    expect((await post(two.tokens.admin, `/teller/requests/${request.requestId}/approve`)).status).toBe(404);
    expect((await get(two.tokens.admin, `/teller/requests/${one.bankId}`)).status).toBe(404);
    expect((await post(classmate.token, `/teller/requests/${request.requestId}/approve`)).status).toBe(403);
    expect((await post(one.tokens.admin, `/teller/requests/${request.requestId}/approve`)).status).toBe(200);
  });

  it('the banker may cancel while it waits (the hold goes); nobody else may', async () => {
    await fund(classmate.checking, 20);
    const request = await waiting('withdrawal', 15);
    expect((await post(classmate.token, `/user/requests/${request.requestId}/cancel`)).status).toBe(404);
    const res = await post(banker, `/user/requests/${request.requestId}/cancel`);
    expect(res.body).toMatchObject({ status: 'cancelled', decidedBy: null });
    expect(await money(classmate.checking)).toEqual({ balance: 2000, held: 0 });
    expect((await post(banker, `/user/requests/${request.requestId}/cancel`)).status).toBe(409);
  });

  it('the queue lists the waiting ones first, oldest first', async () => {
    const a = await waiting('deposit', 10);
    const b = await waiting('deposit', 11);
    await post(one.tokens.admin, `/teller/requests/${a.requestId}/approve`);
    const c = await waiting('deposit', 12);
    const list = (await get(one.tokens.admin, `/teller/requests/${one.bankId}`)).body;
    expect(list.map((r: any) => r.requestId)).toEqual([b.requestId, c.requestId, a.requestId]);
  });
});

describe('holds under concurrency and expiry', () => {
  it('a waiting withdrawal and a transfer racing for the same money: never both (50 tries)', async () => {
    for (let round = 0; round < 50; round += 1) {
      const from = (
        await insertAccount(t.db, { userId: classmate.id, bankId: one.bankId, branchId: one.main.id })
      ).accountNumber;
      await fund(from, 10);
      const [request, transfer] = await Promise.all([
        ask({ kind: 'withdrawal', accountId: from, amount: 8 }),
        post(classmate.token, '/user/transfers', {
          fromAccountId: from,
          toAccountId: classmate.savings,
          amount: 5,
        }),
      ]);
      // The request never fails (a banker learns nothing of the money): it holds 8.00 or, when the
      // transfer came first, waits holding nothing.
      expect(request.status).toBe(201);
      const [row] = await t.db
        .select()
        .from(bankerRequests)
        .where(eq(bankerRequests.id, request.body.requestId));
      const won = [row!.heldCents === 800, transfer.status === 201];
      expect(won.filter(Boolean), `round ${round}: ${row!.heldCents}/${transfer.status}`).toHaveLength(1);
      const { balance, held } = await money(from);
      expect(balance - held).toBeGreaterThanOrEqual(0);
    }
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('a waiting request expires after 7 days, once, however many run the expiry at once', async () => {
    await fund(classmate.checking, 20);
    const request = (await ask({ kind: 'withdrawal', accountId: classmate.checking, amount: 15 })).body;
    const later = new Date(Date.parse(request.expiresAt) + 1000);
    expect(await expireRequests(t.db, new Date(Date.parse(request.expiresAt) - 1000))).toEqual({
      expired: 0,
      failed: [],
    });
    const counts = await Promise.all([expireRequests(t.db, later), expireRequests(t.db, later)]);
    expect(counts.reduce((sum, c) => sum + c.expired, 0)).toBe(1);
    expect(await money(classmate.checking)).toEqual({ balance: 2000, held: 0 });
    const audit = (await get(one.tokens.admin, '/admin/audit')).body.filter(
      (a: any) => a.action === 'request.expire',
    );
    expect(audit).toHaveLength(1);
    expect((await post(one.tokens.admin, `/teller/requests/${request.requestId}/approve`)).status).toBe(409);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});

describe('savings goals', () => {
  const goal = (body: Record<string, unknown>, token = classmate.token) => post(token, '/user/goals', body);

  it('a Student sets a goal on their savings and sees its progress; it is reached once', async () => {
    const res = await goal({
      accountId: classmate.savings,
      name: 'Bike',
      amount: 40,
      targetDate: '2027-06-01',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Bike',
      amount: 40,
      progress: 0,
      left: 40,
      reachedAt: null,
      weeksToGo: null,
    });
    await fund(classmate.savings, 10);
    const [half] = (await get(classmate.token, `/user/goals/${classmate.username}`)).body;
    expect(half).toMatchObject({ progress: 0.25, left: 30, balance: 10 });
    expect(half.weeklySaving).toBeGreaterThan(0);
    expect(half.weeksToGo).toEqual(expect.any(Number));
    await fund(classmate.savings, 35);
    const [reached] = (await get(one.tokens.teller, `/user/goals/${classmate.username}`)).body;
    expect(reached).toMatchObject({ progress: 1, left: 0, weeksToGo: null });
    const again = (await get(classmate.token, `/user/goals/${classmate.username}`)).body[0];
    expect(again.reachedAt).toBe(reached.reachedAt);
    const bigger = await call(t.app, 'PUT', `/user/goals/${res.body.goalId}`, {
      token: classmate.token,
      body: { amount: 100 },
    });
    expect(bigger.body).toMatchObject({ amount: 100, reachedAt: null, left: 55 });
  });

  it('refuses a checking account, a sixth goal, another student, staff and bad input', async () => {
    expect((await goal({ accountId: classmate.checking, name: 'X', amount: 1 })).body.message).toBe(
      m.goalSavingsOnly,
    );
    for (let i = 0; i < 5; i += 1)
      expect((await goal({ accountId: classmate.savings, name: `G${i}`, amount: 1 })).status).toBe(201);
    const sixth = await goal({ accountId: classmate.savings, name: 'G6', amount: 1 });
    expect([sixth.status, sixth.body.message]).toEqual([409, m.goalTooMany]);
    expect((await goal({ accountId: classmate.savings, name: 'X', amount: 1 }, banker)).status).toBe(404);
    expect(
      (await goal({ accountId: classmate.savings, name: 'X', amount: 1 }, one.tokens.admin)).status,
    ).toBe(403);
    for (const bad of [
      { name: '', amount: 1 },
      { name: 'X', amount: 0 },
      { name: 'X', amount: 1, targetDate: '2027-13-01' },
    ]) {
      expect((await goal({ accountId: classmate.savings, ...bad })).status, JSON.stringify(bad)).toBe(400);
    }
    const [first] = (await get(classmate.token, `/user/goals/${classmate.username}`)).body;
    expect((await call(t.app, 'DELETE', `/user/goals/${first.goalId}`, { token: banker })).status).toBe(404);
    expect((await get(banker, `/user/goals/${classmate.username}`)).status).toBe(404);
    expect((await get(two.tokens.admin, `/user/goals/${classmate.username}`)).status).toBe(404);
    expect(
      (await call(t.app, 'DELETE', `/user/goals/${first.goalId}`, { token: classmate.token })).status,
    ).toBe(204);
    expect((await get(classmate.token, `/user/goals/${classmate.username}`)).body).toHaveLength(4);
  });
});
