import { beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { accounts, bankerRequests } from '../src/db/schema.js';
import { createSession } from '../src/domain/auth/sessions.js';
import { verifyLedger } from '../src/domain/ledger/index.js';
import { call, useTestApp } from './harness.js';
import { insertClassmate, insertUser, seedTwoBanks, setBank, type SeededBank } from './fixtures.js';

/**
 * A class banker never learns a classmate's money, and the bank's limit is per classmate per
 * bank-local day (API.md "Students who take part"; issue 31). The banker sees the answers a
 * banker sees; the books are read directly to check what really moved.
 */

const t = useTestApp();
let one: SeededBank;
let classmate: { id: number; username: string; checking: string; savings: string };
let banker: string;
let secondBanker: string;

const post = (token: string, url: string, body?: unknown) => call(t.app, 'POST', url, { token, body });
const get = (token: string, url: string) => call(t.app, 'GET', url, { token });
const ask = (body: Record<string, unknown>, token = banker) => post(token, '/user/requests', body);
const preview = (body: Record<string, unknown>, token = banker) =>
  post(token, '/user/requests/preview', body);
const balanceOf = async (accountId: string) => {
  const [row] = await t.db.select().from(accounts).where(eq(accounts.accountNumber, accountId));
  return { balance: row!.balanceCents, held: row!.heldCents };
};
const fund = async (accountId: string, amount: number) => {
  expect((await post(one.tokens.admin, '/teller/deposits', { accountId, amount })).status).toBe(201);
  await post(one.tokens.admin, '/admin/transactions/post');
};
const approvedByLimit = async () =>
  (await t.db.select().from(bankerRequests)).filter((r) => r.status === 'approved' && r.decidedBy === null);

async function makeBanker(username: string) {
  const made = await call(t.app, 'PUT', `/admin/users/${username}/updateUser`, {
    token: one.tokens.admin,
    body: { name: `${username} Name`, userRole: 'USER', branch: one.main.id, banker: true },
  });
  expect(made.status).toBe(200);
}

beforeEach(async () => {
  ({ one } = await seedTwoBanks(t.db));
  classmate = await insertClassmate(t.db, one, 'one-classmate');
  await makeBanker(one.student.username);
  banker = one.tokens.student;
  const other = await insertUser(t.db, {
    username: 'one-banker-two',
    role: 'USER',
    bankId: one.bankId,
    branchId: one.main.id,
  });
  await makeBanker(other.username);
  secondBanker = await createSession(t.db, other.id, 3600);
  await setBank(t.db, one.bankId, { bankerLimitCents: 500 });
});

describe('a banker learns nothing of a classmate’s money', () => {
  it('a preview answers whose account and whether it goes at once, the same whatever the balance', async () => {
    const amounts = [0.01, 1, 2.99, 3, 3.01, 5, 5.01, 40, 1_000_000];
    const answers = async () => {
      const seen = [];
      for (const kind of ['deposit', 'withdrawal'])
        for (const amount of amounts)
          seen.push((await preview({ kind, accountId: classmate.checking, amount })).body);
      return seen;
    };
    const empty = await answers();
    await fund(classmate.checking, 3);
    const some = await answers();
    await fund(classmate.checking, 997);
    const rich = await answers();
    expect(some).toEqual(empty);
    expect(rich).toEqual(empty);
    for (const answer of empty)
      expect(Object.keys(answer).sort()).toEqual(['goesAtOnce', 'name', 'username']);
    expect(empty[0]).toEqual({ username: classmate.username, name: 'one-classmate Name', goesAtOnce: true });
    // Within the day's limit it goes at once, beyond it it waits: the amount decides, not the money.
    expect(empty.map((a) => a.goesAtOnce)).toEqual([...amounts, ...amounts].map((amount) => amount <= 5));
  });

  it('a withdrawal the account cannot pay is not refused: it waits for staff, who see it cannot be paid', async () => {
    await fund(classmate.checking, 3);
    const above = await ask({ kind: 'withdrawal', accountId: classmate.checking, amount: 40 });
    expect(above.status).toBe(201);
    expect(above.body.status).toBe('waiting');
    const within = await ask({ kind: 'withdrawal', accountId: classmate.savings, amount: 4 });
    expect(within.status).toBe(201);
    expect(within.body.status).toBe('waiting');
    // The banker's view of a waiting request says nothing of whether it can be paid.
    expect(Object.keys(above.body)).not.toContain('canPay');
    const mine = (await get(banker, `/user/requests/${one.student.username}`)).body;
    for (const request of mine) expect(Object.keys(request)).not.toContain('canPay');
    const queue = (await get(one.tokens.teller, `/teller/requests/${one.bankId}?status=waiting`)).body;
    expect(queue.map((r: any) => [r.requestId, r.canPay])).toEqual([
      [above.body.requestId, false],
      [within.body.requestId, false],
    ]);
    // Nothing is held that the account does not have; approving what it cannot pay is a 409.
    expect(await balanceOf(classmate.checking)).toEqual({ balance: 300, held: 0 });
    const approve = await post(one.tokens.teller, `/teller/requests/${above.body.requestId}/approve`);
    expect(approve.status).toBe(409);
    // Once the money is there, staff can approve it.
    await fund(classmate.checking, 40);
    const ready = (await get(one.tokens.teller, `/teller/requests/${one.bankId}?status=waiting`)).body;
    expect(ready.find((r: any) => r.requestId === above.body.requestId).canPay).toBe(true);
    expect((await post(one.tokens.teller, `/teller/requests/${above.body.requestId}/approve`)).status).toBe(
      200,
    );
    expect(await balanceOf(classmate.checking)).toEqual({ balance: 300, held: 0 });
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('a waiting withdrawal makes no later one go at once, so holds cannot be used to probe the balance', async () => {
    await fund(classmate.checking, 20);
    const big = await ask({ kind: 'withdrawal', accountId: classmate.checking, amount: 18 });
    expect(big.body.status).toBe('waiting');
    const probe = { kind: 'withdrawal', accountId: classmate.savings, amount: 1 };
    expect((await preview(probe)).body.goesAtOnce).toBe(false);
    expect((await ask(probe)).body.status).toBe('waiting');
  });
});

describe('the limit is per classmate per bank-local day', () => {
  it.each(['withdrawal', 'deposit'])(
    'four %ss of 5.00 under a 5.00 limit: the first goes at once, the others wait',
    async (kind) => {
      await fund(classmate.checking, 50);
      const statuses = [];
      for (let i = 0; i < 4; i += 1)
        statuses.push((await ask({ kind, accountId: classmate.checking, amount: 5 })).body.status);
      expect(statuses).toEqual(['approved', 'waiting', 'waiting', 'waiting']);
      expect((await balanceOf(classmate.checking)).balance).toBe(kind === 'deposit' ? 5500 : 4500);
    },
  );

  it('deposits split small count together, with withdrawals, across both accounts and both bankers', async () => {
    await fund(classmate.checking, 50);
    const results = [
      await ask({ kind: 'deposit', accountId: classmate.checking, amount: 2 }),
      await ask({ kind: 'deposit', accountId: classmate.savings, amount: 2 }, secondBanker),
      await ask({ kind: 'withdrawal', accountId: classmate.checking, amount: 1 }),
      await ask({ kind: 'deposit', accountId: classmate.savings, amount: 0.01 }, secondBanker),
      await ask({ kind: 'deposit', accountId: one.otherChecking.accountNumber, amount: 5 }),
    ];
    // one.otherChecking is in another branch: not a classmate (404), so it counts for nobody.
    expect(results.map((r) => r.body.status ?? r.status)).toEqual([
      'approved',
      'approved',
      'approved',
      'waiting',
      404,
    ]);
    expect(
      (await preview({ kind: 'deposit', accountId: classmate.checking, amount: 0.01 })).body.goesAtOnce,
    ).toBe(false);
  });

  it('a new day in the bank’s time zone starts a new allowance', async () => {
    await setBank(t.db, one.bankId, { timeZone: 'Pacific/Kiritimati' });
    const first = await ask({ kind: 'deposit', accountId: classmate.checking, amount: 5 });
    expect(first.body.status).toBe('approved');
    expect((await ask({ kind: 'deposit', accountId: classmate.checking, amount: 1 })).body.status).toBe(
      'waiting',
    );
    // The approved one moved to the last second of the bank's yesterday: today's allowance is whole.
    await t.db.execute(sql`
      update banker_requests
      set created_at = (date_trunc('day', now() at time zone 'Pacific/Kiritimati') at time zone 'Pacific/Kiritimati') - interval '1 second'
      where id = ${first.body.requestId}`);
    expect((await ask({ kind: 'deposit', accountId: classmate.checking, amount: 5 })).body.status).toBe(
      'approved',
    );
    expect((await ask({ kind: 'deposit', accountId: classmate.checking, amount: 0.01 })).body.status).toBe(
      'waiting',
    );
  });

  it('requests sent at once never approve more than the limit (20 in parallel, two accounts)', async () => {
    await fund(classmate.checking, 50);
    await fund(classmate.savings, 50);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ask(
          {
            kind: i % 3 === 0 ? 'deposit' : 'withdrawal',
            accountId: i % 2 ? classmate.checking : classmate.savings,
            amount: 1,
          },
          i % 4 === 0 ? secondBanker : banker,
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    expect(answers.filter((a) => a.body.status === 'approved')).toHaveLength(5);
    expect(await approvedByLimit()).toHaveLength(5);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
