import { beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { messages } from '@bank/shared';
import { queryRows } from '../src/db/client.js';
import { accounts, auditLog } from '../src/db/schema.js';
import { inTransaction } from '../src/db/transaction.js';
import { createSingleLeg, verifyLedger } from '../src/domain/ledger/index.js';
import { postTransactions } from '../src/domain/ledger/posting/index.js';
import { jobs } from '../src/jobs/registry.js';
import { call, useTestApp } from './harness.js';
import { insertAccount, seedTwoBanks, setBank } from './fixtures.js';

const t = useTestApp();
let banks: Awaited<ReturnType<typeof seedTwoBanks>>;
/** The first student's second account (SAVINGS), for transfers between their own accounts. */
let savings: Awaited<ReturnType<typeof insertAccount>>;

beforeEach(async () => {
  banks = await seedTwoBanks(t.db);
  const { one } = banks;
  savings = await insertAccount(t.db, {
    userId: one.student.id,
    bankId: one.bankId,
    branchId: one.main.id,
    type: 'SAVINGS',
  });
});

const DAY_MS = 86_400_000;

async function balanceOf(accountNumber: string): Promise<number> {
  const [row] = await t.db
    .select({ b: accounts.balanceCents })
    .from(accounts)
    .where(eq(accounts.accountNumber, accountNumber));
  return row!.b;
}

async function countRows(table: 'transactions' | 'transaction_audit' | 'idempotency_keys'): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from ${sql.identifier(table)}`,
  );
  return row!.n;
}

/** An admin's deposit: funds are available at once (the balance counts pending transactions). */
async function fund(accountNumber: string, amount: number, token = banks.one.tokens.admin) {
  const res = await call(t.app, 'POST', '/teller/deposits', {
    token,
    body: { accountId: accountNumber, amount },
  });
  expect(res.status).toBe(201);
  return res.body;
}

const transferAs = (token: string, body: unknown, headers?: Record<string, string>) =>
  call(t.app, 'POST', '/user/transfers', { token, body, ...(headers ? { headers } : {}) });

const listAs = (token: string, accountNumber: string, query = '') =>
  call(t.app, 'GET', `/user/transactions/${accountNumber}${query}`, { token });

async function expectLedgerHolds() {
  expect(await verifyLedger(t.db)).toEqual([]);
}

describe('POST /user/transfers', () => {
  it("moves money between a student's own accounts as a pending debit and credit with the spec's descriptions", async () => {
    const { one } = banks;
    await fund(one.checking.accountNumber, 100);
    const before = Date.now();
    const res = await transferAs(one.tokens.student, {
      fromAccountId: one.checking.accountNumber,
      toAccountId: savings.accountNumber,
      amount: 12.34,
    });
    expect(res.status).toBe(201);
    const { transferId, debit, credit } = res.body;
    expect(transferId).toMatch(/^[0-9a-f-]{36}$/);
    expect(debit).toMatchObject({
      accountId: one.checking.accountNumber,
      type: 'debit',
      amount: 12.34,
      status: 'pending',
      postedDate: null,
      accountBalance: null,
      transferId,
      description: `Transfer to SAVINGS **${savings.accountNumber.slice(-4)}`,
    });
    expect(credit).toMatchObject({
      accountId: savings.accountNumber,
      type: 'credit',
      amount: 12.34,
      status: 'pending',
      transferId,
      description: `Transfer from CHECKING **${one.checking.accountNumber.slice(-4)}`,
    });
    // Day plus one: due a posting delay after the moment of creation.
    const due = Date.parse(debit.transactionDate);
    expect(due).toBeGreaterThanOrEqual(before + DAY_MS);
    expect(due).toBeLessThanOrEqual(Date.now() + DAY_MS);
    expect(credit.transactionDate).toBe(debit.transactionDate);
    expect(await balanceOf(one.checking.accountNumber)).toBe(10_000 - 1234);
    expect(await balanceOf(savings.accountNumber)).toBe(1234);
    await expectLedgerHolds();
  });

  it('refuses a debit the balance cannot cover with 409 "Insufficient funds" and writes nothing', async () => {
    const { one } = banks;
    await fund(one.checking.accountNumber, 10);
    const rowsBefore = await countRows('transactions');
    const res = await transferAs(one.tokens.student, {
      fromAccountId: one.checking.accountNumber,
      toAccountId: savings.accountNumber,
      amount: 10.01,
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: 'CONFLICT',
      reason: 'INSUFFICIENT_FUNDS',
      message: messages.insufficientFunds,
    });
    expect(await countRows('transactions')).toBe(rowsBefore);
    expect(await balanceOf(one.checking.accountNumber)).toBe(1000);
    expect(await balanceOf(savings.accountNumber)).toBe(0);
    // The whole balance may go.
    const all = await transferAs(one.tokens.student, {
      fromAccountId: one.checking.accountNumber,
      toAccountId: savings.accountNumber,
      amount: 10,
    });
    expect(all.status).toBe(201);
    expect(await balanceOf(one.checking.accountNumber)).toBe(0);
  });

  it("answers 404 for another customer's, another bank's, a closed or an unknown account", async () => {
    const { one, two } = banks;
    await fund(one.checking.accountNumber, 50);
    const from = one.checking.accountNumber;
    for (const to of [one.otherChecking.accountNumber, two.checking.accountNumber, '9999999999']) {
      const res = await transferAs(one.tokens.student, { fromAccountId: from, toAccountId: to, amount: 1 });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('NOT_FOUND');
    }
    const stolen = await transferAs(one.tokens.student, {
      fromAccountId: one.otherChecking.accountNumber,
      toAccountId: from,
      amount: 1,
    });
    expect(stolen.status).toBe(404);
    await t.db
      .update(accounts)
      .set({ closedAt: new Date() })
      .where(eq(accounts.accountNumber, savings.accountNumber));
    const closed = await transferAs(one.tokens.student, {
      fromAccountId: from,
      toAccountId: savings.accountNumber,
      amount: 1,
    });
    expect(closed.status).toBe(404);
    expect(await balanceOf(from)).toBe(5000);
  });

  it("answers 400 with the form's messages for the same account twice and bad amounts", async () => {
    const { one } = banks;
    const from = one.checking.accountNumber;
    const cases: Array<[unknown, string]> = [
      [{ fromAccountId: from, toAccountId: from, amount: 1 }, messages.targetAccountInvalid],
      [{ fromAccountId: '', toAccountId: savings.accountNumber, amount: 1 }, messages.sourceAccountInvalid],
      [{ fromAccountId: from, toAccountId: 'toBlank', amount: 1 }, messages.targetAccountInvalid],
      [{ fromAccountId: from, toAccountId: savings.accountNumber, amount: 0 }, messages.amountInvalid],
      [{ fromAccountId: from, toAccountId: savings.accountNumber, amount: -5 }, messages.amountInvalid],
      [{ fromAccountId: from, toAccountId: savings.accountNumber, amount: '5' }, messages.amountInvalid],
      [
        { fromAccountId: from, toAccountId: savings.accountNumber, amount: 1.005 },
        messages.amountTooManyDecimals,
      ],
      [
        { fromAccountId: from, toAccountId: savings.accountNumber, amount: 1_000_000_000.01 },
        messages.amountTooLarge,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await transferAs(one.tokens.student, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('VALIDATION');
      expect(Object.values(res.body.fields ?? {})).toContain(message);
    }
    expect(await countRows('transactions')).toBe(0);
  });

  it('lets staff move money between customers of their bank; a teller only with the transfer permission', async () => {
    const { one, two } = banks;
    await fund(one.checking.accountNumber, 20);
    const body = {
      fromAccountId: one.checking.accountNumber,
      toAccountId: one.otherChecking.accountNumber,
      amount: 5,
    };
    const byAdmin = await transferAs(one.tokens.admin, body);
    expect(byAdmin.status).toBe(201);
    // API.md wording for staff too: the credit says "from".
    expect(byAdmin.body.credit.description).toBe(
      `Transfer from CHECKING **${one.checking.accountNumber.slice(-4)}`,
    );
    expect((await transferAs(one.tokens.teller, body)).status).toBe(201);
    await setBank(t.db, one.bankId, { tellerTransferPermission: false });
    const refused = await transferAs(one.tokens.teller, body);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(messages.tellerPermissionMissing);
    expect((await transferAs(one.tokens.admin, body)).status).toBe(201);
    // Another bank's staff cannot see these accounts at all.
    expect((await transferAs(two.tokens.admin, body)).status).toBe(404);
    expect((await transferAs(two.tokens.teller, body)).status).toBe(404);
    expect(await balanceOf(one.checking.accountNumber)).toBe(500);
    expect(await balanceOf(one.otherChecking.accountNumber)).toBe(1500);
  });
});

describe('POST /teller/deposits and /teller/withdrawals', () => {
  it('deposits a pending "Teller Deposit" credit and withdraws a "Teller Withdrawal" debit', async () => {
    const { one } = banks;
    const dep = await call(t.app, 'POST', '/teller/deposits', {
      token: one.tokens.teller,
      body: { accountId: one.checking.accountNumber, amount: 0.29 },
    });
    expect(dep.status).toBe(201);
    expect(dep.body).toMatchObject({
      accountId: one.checking.accountNumber,
      type: 'credit',
      description: 'Teller Deposit',
      amount: 0.29,
      status: 'pending',
      accountBalance: null,
      transferId: null,
    });
    const wd = await call(t.app, 'POST', '/teller/withdrawals', {
      token: one.tokens.teller,
      body: { accountId: one.checking.accountNumber, amount: 0.09 },
    });
    expect(wd.status).toBe(201);
    expect(wd.body).toMatchObject({
      type: 'debit',
      description: 'Teller Withdrawal',
      amount: 0.09,
      status: 'pending',
    });
    expect(await balanceOf(one.checking.accountNumber)).toBe(20);
    const over = await call(t.app, 'POST', '/teller/withdrawals', {
      token: one.tokens.teller,
      body: { accountId: one.checking.accountNumber, amount: 0.21 },
    });
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(messages.insufficientFunds);
    expect(await balanceOf(one.checking.accountNumber)).toBe(20);
  });

  it('needs the matching teller permission (an admin always may); a student gets 403', async () => {
    const { one } = banks;
    const body = { accountId: one.checking.accountNumber, amount: 5 };
    await setBank(t.db, one.bankId, { tellerDepositPermission: false, tellerWithdrawalPermission: false });
    for (const path of ['/teller/deposits', '/teller/withdrawals']) {
      const res = await call(t.app, 'POST', path, { token: one.tokens.teller, body });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(messages.tellerPermissionMissing);
      expect((await call(t.app, 'POST', path, { token: one.tokens.student, body })).status).toBe(403);
    }
    expect((await call(t.app, 'POST', '/teller/deposits', { token: one.tokens.admin, body })).status).toBe(
      201,
    );
    expect((await call(t.app, 'POST', '/teller/withdrawals', { token: one.tokens.admin, body })).status).toBe(
      201,
    );
    await setBank(t.db, one.bankId, { tellerDepositPermission: true });
    expect((await call(t.app, 'POST', '/teller/deposits', { token: one.tokens.teller, body })).status).toBe(
      201,
    );
  });

  it("answers 404 for another bank's or a closed account, and the deposit form's messages for bad input", async () => {
    const { one, two } = banks;
    const res = await call(t.app, 'POST', '/teller/deposits', {
      token: two.tokens.teller,
      body: { accountId: one.checking.accountNumber, amount: 5 },
    });
    expect(res.status).toBe(404);
    await t.db
      .update(accounts)
      .set({ closedAt: new Date() })
      .where(eq(accounts.accountNumber, savings.accountNumber));
    const closed = await call(t.app, 'POST', '/teller/deposits', {
      token: one.tokens.admin,
      body: { accountId: savings.accountNumber, amount: 5 },
    });
    expect(closed.status).toBe(404);
    const cases: Array<[string, unknown, string]> = [
      ['/teller/deposits', { accountId: 'blank', amount: 5 }, messages.depositAccountMissing],
      [
        '/teller/deposits',
        { accountId: one.checking.accountNumber, amount: 'abc' },
        messages.depositAmountNotNumber,
      ],
      [
        '/teller/deposits',
        { accountId: one.checking.accountNumber, amount: 0 },
        messages.depositAmountNotPositive,
      ],
      ['/teller/withdrawals', { amount: 5 }, messages.withdrawalAccountMissing],
      [
        '/teller/withdrawals',
        { accountId: one.checking.accountNumber, amount: null },
        messages.withdrawalAmountNotNumber,
      ],
      [
        '/teller/withdrawals',
        { accountId: one.checking.accountNumber, amount: -1 },
        messages.withdrawalAmountNotPositive,
      ],
    ];
    for (const [path, body, message] of cases) {
      const bad = await call(t.app, 'POST', path, { token: one.tokens.admin, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.message).toBe(message);
    }
    expect(await countRows('transactions')).toBe(0);
  });
});

describe('POST /user/transactions/create', () => {
  const create = (token: string, body: unknown) =>
    call(t.app, 'POST', '/user/transactions/create', { token, body });

  it('lets staff write a single credit or debit with their description; a student gets 403 whatever the body', async () => {
    const { one } = banks;
    const credit = await create(one.tokens.admin, {
      accountId: one.checking.accountNumber,
      type: 'credit',
      description: '  Prize money ',
      amount: 25,
      transactionDate: '2020-01-01T00:00:00',
    });
    expect(credit.status).toBe(201);
    expect(credit.body).toMatchObject({
      type: 'credit',
      description: 'Prize money',
      amount: 25,
      status: 'pending',
    });
    // The server sets the date itself: the client's is ignored.
    expect(Date.parse(credit.body.transactionDate)).toBeGreaterThan(Date.now());
    const debit = await create(one.tokens.teller, {
      accountId: one.checking.accountNumber,
      type: 'debit',
      description: 'Fee',
      amount: 5,
    });
    expect(debit.status).toBe(201);
    expect(await balanceOf(one.checking.accountNumber)).toBe(2000);
    expect(
      (
        await create(one.tokens.student, {
          accountId: one.checking.accountNumber,
          type: 'credit',
          description: 'Free money',
          amount: 5,
        })
      ).status,
    ).toBe(403);
    expect((await create(one.tokens.student, { nonsense: true })).status).toBe(403);
    expect(
      (
        await create(one.tokens.admin, {
          accountId: one.checking.accountNumber,
          type: 'debit',
          description: 'Too much',
          amount: 20.01,
        })
      ).status,
    ).toBe(409);
  });

  it("needs deposit permission for a teller's credit and withdrawal permission for a debit", async () => {
    const { one, two } = banks;
    await fund(one.checking.accountNumber, 10);
    await setBank(t.db, one.bankId, { tellerDepositPermission: false });
    const body = (type: string) => ({
      accountId: one.checking.accountNumber,
      type,
      description: 'Adjustment',
      amount: 1,
    });
    expect((await create(one.tokens.teller, body('credit'))).status).toBe(403);
    expect((await create(one.tokens.teller, body('debit'))).status).toBe(201);
    await setBank(t.db, one.bankId, { tellerDepositPermission: true, tellerWithdrawalPermission: false });
    expect((await create(one.tokens.teller, body('debit'))).status).toBe(403);
    expect((await create(one.tokens.teller, body('credit'))).status).toBe(201);
    expect((await create(two.tokens.admin, body('credit'))).status).toBe(404);
  });

  it('validates type, description and amount', async () => {
    const { one } = banks;
    const base = { accountId: one.checking.accountNumber, type: 'credit', description: 'Ok', amount: 1 };
    expect((await create(one.tokens.admin, { ...base, type: 'refund' })).status).toBe(400);
    const blank = await create(one.tokens.admin, { ...base, description: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(messages.descriptionRequired);
    const long = await create(one.tokens.admin, { ...base, description: 'x'.repeat(201) });
    expect(long.body.message).toBe(messages.descriptionTooLong);
    expect((await create(one.tokens.admin, { ...base, amount: 0.001 })).body.message).toBe(
      messages.amountTooManyDecimals,
    );
    expect(await countRows('transactions')).toBe(0);
  });
});

describe('GET /user/transactions/{accountId}', () => {
  it("shows the owner and the bank's staff the account's transactions newest first; anyone else gets 404", async () => {
    const { one, two } = banks;
    await fund(one.checking.accountNumber, 1);
    await fund(one.checking.accountNumber, 2);
    for (const token of [one.tokens.student, one.tokens.teller, one.tokens.admin]) {
      const res = await listAs(token, one.checking.accountNumber);
      expect(res.status).toBe(200);
      expect(res.body.map((x: { amount: number }) => x.amount)).toEqual([2, 1]);
      expect(res.headers['x-next-cursor']).toBeUndefined();
    }
    for (const token of [one.tokens.otherStudent, two.tokens.admin, two.tokens.teller, two.tokens.student]) {
      expect((await listAs(token, one.checking.accountNumber)).status).toBe(404);
    }
    expect((await listAs(one.tokens.admin, '0000000000')).status).toBe(404);
    await t.db
      .update(accounts)
      .set({ closedAt: new Date() })
      .where(eq(accounts.accountNumber, savings.accountNumber));
    expect((await listAs(one.tokens.student, savings.accountNumber)).status).toBe(404);
    expect((await listAs(one.tokens.admin, '12345')).status).toBe(400);
  });

  it('pages with X-Next-Cursor, correctly while new transactions arrive', async () => {
    const { one } = banks;
    for (let i = 1; i <= 7; i++) await fund(one.checking.accountNumber, i);
    const first = await listAs(one.tokens.student, one.checking.accountNumber, '?limit=3');
    expect(first.body.map((x: { amount: number }) => x.amount)).toEqual([7, 6, 5]);
    const cursor = first.headers['x-next-cursor'];
    expect(cursor).toMatch(/^(p|[0-9]+)-[0-9]+$/);
    // New money arrives between pages: it belongs on a new first page, not in the middle.
    await fund(one.checking.accountNumber, 100);
    await fund(one.checking.accountNumber, 200);
    const second = await listAs(one.tokens.student, one.checking.accountNumber, `?limit=3&cursor=${cursor}`);
    expect(second.body.map((x: { amount: number }) => x.amount)).toEqual([4, 3, 2]);
    const third = await listAs(
      one.tokens.student,
      one.checking.accountNumber,
      `?limit=3&cursor=${second.headers['x-next-cursor']}`,
    );
    expect(third.body.map((x: { amount: number }) => x.amount)).toEqual([1]);
    expect(third.headers['x-next-cursor']).toBeUndefined();
    const fresh = await listAs(one.tokens.student, one.checking.accountNumber, '?limit=2');
    expect(fresh.body.map((x: { amount: number }) => x.amount)).toEqual([200, 100]);
  });

  it('defaults to and caps at 500 rows, and refuses a bad cursor or limit', async () => {
    const { one } = banks;
    await t.db.execute(sql`
      insert into transactions (account_number, type, description, amount_cents, transaction_date)
      select ${one.checking.accountNumber}, 'credit', 'Bulk', 1, now() from generate_series(1, 501)`);
    const page = await listAs(one.tokens.admin, one.checking.accountNumber);
    expect(page.body).toHaveLength(500);
    expect(page.headers['x-next-cursor']).toBeDefined();
    for (const query of [
      '?limit=501',
      '?limit=0',
      '?cursor=abc',
      '?cursor=-1',
      '?cursor=99999999999999999999',
    ]) {
      const res = await listAs(one.tokens.admin, one.checking.accountNumber, query);
      expect(res.status, query).toBe(400);
    }
  });
});

describe('posting', () => {
  it('POST /admin/transactions/post posts every pending transaction of the bank with running balances', async () => {
    const { one, two } = banks;
    await fund(one.checking.accountNumber, 100);
    await transferAs(one.tokens.student, {
      fromAccountId: one.checking.accountNumber,
      toAccountId: savings.accountNumber,
      amount: 30,
    });
    await call(t.app, 'POST', '/teller/withdrawals', {
      token: one.tokens.admin,
      body: { accountId: one.checking.accountNumber, amount: 20 },
    });
    await fund(two.checking.accountNumber, 5, two.tokens.admin);
    const res = await call(t.app, 'POST', '/admin/transactions/post', { token: one.tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ posted: 4 });
    const list = await listAs(one.tokens.student, one.checking.accountNumber);
    expect(
      list.body.map((x: { status: string; accountBalance: number }) => [x.status, x.accountBalance]),
    ).toEqual([
      ['posted', 50],
      ['posted', 70],
      ['posted', 100],
    ]);
    for (const x of list.body) expect(Date.parse(x.postedDate)).toBeLessThanOrEqual(Date.now());
    // The other bank's pending deposit is not this admin's to post.
    const other = await listAs(two.tokens.admin, two.checking.accountNumber);
    expect(other.body[0].status).toBe('pending');
    expect((await call(t.app, 'POST', '/admin/transactions/post', { token: one.tokens.teller })).status).toBe(
      403,
    );
    await expectLedgerHolds();
  });

  it('the posting process posts only what is due, in (transactionDate, id) order, each with the balance after it', async () => {
    const { one } = banks;
    const base = new Date('2026-01-10T12:00:00Z');
    const clock = { now: base, postingDelaySeconds: 86_400 };
    const acct = one.checking.accountNumber;
    // Written in one order, due in another: posting follows the dates.
    await createSingleLeg(t.db, clock, {
      accountId: acct,
      type: 'credit',
      description: 'Late',
      amountCents: 500,
      createdBy: null,
      transactionDate: new Date('2026-01-12T00:00:00Z'),
    });
    await createSingleLeg(t.db, clock, {
      accountId: acct,
      type: 'credit',
      description: 'Early',
      amountCents: 1000,
      createdBy: null,
      transactionDate: new Date('2026-01-11T00:00:00Z'),
    });
    await createSingleLeg(t.db, clock, {
      accountId: acct,
      type: 'debit',
      description: 'Middle',
      amountCents: 300,
      createdBy: null,
      transactionDate: new Date('2026-01-11T06:00:00Z'),
    });
    expect(await postTransactions(t.db, { now: new Date('2026-01-10T23:59:59Z') })).toEqual({
      posted: 0,
      skipped: false,
    });
    expect(await postTransactions(t.db, { now: new Date('2026-01-11T12:00:00Z') })).toEqual({
      posted: 2,
      skipped: false,
    });
    expect(await postTransactions(t.db, { now: new Date('2026-01-13T00:00:00Z') })).toEqual({
      posted: 1,
      skipped: false,
    });
    const rows = await queryRows<{
      description: string;
      account_balance_cents: number;
      posting_seq: number;
      posted_date: string;
    }>(
      t.db,
      sql`select description, account_balance_cents, posting_seq, posted_date from transactions order by posting_seq`,
    );
    expect(rows.map((r) => [r.description, r.account_balance_cents])).toEqual([
      ['Early', 1000],
      ['Middle', 700],
      ['Late', 1200],
    ]);
    expect(new Date(rows[0]!.posted_date).toISOString()).toBe('2026-01-11T12:00:00.000Z');
    expect(new Date(rows[2]!.posted_date).toISOString()).toBe('2026-01-13T00:00:00.000Z');
    expect(rows[0]!.posting_seq).toBeLessThan(rows[1]!.posting_seq);
    await expectLedgerHolds();
  });

  it('createSingleLeg with post posts at once after what was posted before', async () => {
    const { one } = banks;
    const clock = { now: new Date('2026-02-01T00:00:00Z'), postingDelaySeconds: 0 };
    await createSingleLeg(t.db, clock, {
      accountId: one.checking.accountNumber,
      type: 'credit',
      description: 'Gift',
      amountCents: 1000,
      createdBy: null,
    });
    await postTransactions(t.db, { now: clock.now });
    await createSingleLeg(
      t.db,
      { ...clock, postingDelaySeconds: 86_400 },
      {
        accountId: one.checking.accountNumber,
        type: 'debit',
        description: 'Pending',
        amountCents: 100,
        createdBy: null,
      },
    );
    const interest = await createSingleLeg(t.db, clock, {
      accountId: one.checking.accountNumber,
      type: 'credit',
      description: 'Interest',
      amountCents: 7,
      createdBy: null,
      transactionDate: clock.now,
      post: true,
    });
    expect(interest).toMatchObject({
      status: 'posted',
      accountBalance: 10.07,
      postedDate: clock.now.toISOString(),
    });
    await expectLedgerHolds();
  });

  it('is registered as a job that runs every minute', () => {
    const job = jobs.find((j) => j.name === 'posting');
    expect(job?.intervalMs).toBeLessThanOrEqual(60_000);
  });
});

describe('PUT /admin/transactions/update and DELETE /admin/transactions/{id}/delete', () => {
  const update = (token: string, body: unknown) =>
    call(t.app, 'PUT', '/admin/transactions/update', { token, body });
  const remove = (token: string, id: number) =>
    call(t.app, 'DELETE', `/admin/transactions/${id}/delete`, { token });
  const auditRows = () => t.db.select().from(auditLog).orderBy(auditLog.id);

  async function makeTransfer(amount: number) {
    const { one } = banks;
    const res = await transferAs(one.tokens.student, {
      fromAccountId: one.checking.accountNumber,
      toAccountId: savings.accountNumber,
      amount,
    });
    expect(res.status).toBe(201);
    return res.body as {
      transferId: string;
      debit: { id: number; transactionDate: string };
      credit: { id: number };
    };
  }

  it("an edit of a transfer leg changes both legs' amount and date (description only its own) and writes audit records", async () => {
    const { one } = banks;
    await fund(one.checking.accountNumber, 100);
    const tr = await makeTransfer(40);
    const date = tr.debit.transactionDate.slice(0, 10);
    const nextDay = new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
    const res = await update(one.tokens.admin, {
      id: tr.credit.id,
      description: 'Corrected',
      transactionDate: nextDay,
      amount: 25.5,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: tr.credit.id,
      description: 'Corrected',
      amount: 25.5,
      type: 'credit',
    });
    // A date alone keeps the time of day.
    expect(res.body.transactionDate).toBe(`${nextDay}${tr.debit.transactionDate.slice(10)}`);
    const debit = (await listAs(one.tokens.admin, one.checking.accountNumber)).body.find(
      (x: { id: number }) => x.id === tr.debit.id,
    );
    expect(debit).toMatchObject({
      amount: 25.5,
      transactionDate: res.body.transactionDate,
      description: `Transfer to SAVINGS **${savings.accountNumber.slice(-4)}`,
    });
    expect(await balanceOf(one.checking.accountNumber)).toBe(10_000 - 2550);
    expect(await balanceOf(savings.accountNumber)).toBe(2550);
    const audit = await auditRows();
    expect(audit.map((a) => [a.transactionId, a.action, a.actorUserId, a.bankId])).toEqual(
      expect.arrayContaining([
        [tr.credit.id, 'update', one.admin.id, one.bankId],
        [tr.debit.id, 'update', one.admin.id, one.bankId],
      ]),
    );
    expect(audit).toHaveLength(2);
    const creditAudit = audit.find((a) => a.transactionId === tr.credit.id)!;
    expect(creditAudit.before).toMatchObject({
      amountCents: 4000,
      description: expect.stringContaining('Transfer from'),
    });
    expect(creditAudit.after).toMatchObject({ amountCents: 2550, description: 'Corrected' });
    await expectLedgerHolds();
  });

  it('refuses an edit or delete that would make any balance negative with 409, writing nothing', async () => {
    const { one } = banks;
    await fund(one.checking.accountNumber, 50);
    const tr = await makeTransfer(40);
    // The savings account spends what it received.
    const spend = await transferAs(one.tokens.student, {
      fromAccountId: savings.accountNumber,
      toAccountId: one.checking.accountNumber,
      amount: 35,
    });
    expect(spend.status).toBe(201);
    const before = [await balanceOf(one.checking.accountNumber), await balanceOf(savings.accountNumber)];
    const lower = await update(one.tokens.admin, {
      id: tr.debit.id,
      description: 'x',
      transactionDate: tr.debit.transactionDate,
      amount: 10,
    });
    expect(lower.status).toBe(409);
    expect(lower.body.message).toBe(messages.insufficientFunds);
    const higher = await update(one.tokens.admin, {
      id: tr.debit.id,
      description: 'x',
      transactionDate: tr.debit.transactionDate,
      amount: 85.01,
    });
    expect(higher.status).toBe(409);
    const del = await remove(one.tokens.admin, tr.credit.id);
    expect(del.status).toBe(409);
    expect([await balanceOf(one.checking.accountNumber), await balanceOf(savings.accountNumber)]).toEqual(
      before,
    );
    expect(await auditRows()).toHaveLength(0);
    const list = await listAs(one.tokens.admin, savings.accountNumber);
    expect(list.body.find((x: { id: number }) => x.id === tr.credit.id).amount).toBe(40);
    await expectLedgerHolds();
  });

  it('deleting a leg deletes the transfer: both leave every list and balance; the audit keeps them', async () => {
    const { one } = banks;
    await fund(one.checking.accountNumber, 50);
    const tr = await makeTransfer(40);
    const res = await remove(one.tokens.admin, tr.debit.id);
    expect(res.status).toBe(204);
    expect((await listAs(one.tokens.admin, savings.accountNumber)).body).toEqual([]);
    expect((await listAs(one.tokens.admin, one.checking.accountNumber)).body).toHaveLength(1);
    expect(await balanceOf(one.checking.accountNumber)).toBe(5000);
    expect(await balanceOf(savings.accountNumber)).toBe(0);
    const audit = await auditRows();
    expect(audit.map((a) => [a.transactionId, a.action]).sort()).toEqual(
      [
        [tr.debit.id, 'delete'],
        [tr.credit.id, 'delete'],
      ].sort(),
    );
    expect(audit[0]!.after).toMatchObject({ deletedAt: expect.any(String) });
    // Gone is gone: a second delete or an edit of it is a 404.
    expect((await remove(one.tokens.admin, tr.credit.id)).status).toBe(404);
    expect(
      (
        await update(one.tokens.admin, {
          id: tr.credit.id,
          description: 'x',
          transactionDate: '2026-01-01',
          amount: 1,
        })
      ).status,
    ).toBe(404);
    await expectLedgerHolds();
  });

  it('recomputes the running balances of later posted transactions after an edit or delete of a posted one', async () => {
    const { one } = banks;
    const acct = one.checking.accountNumber;
    const first = await fund(acct, 100);
    await fund(acct, 10);
    const tr = await makeTransfer(30);
    await fund(acct, 1);
    expect((await call(t.app, 'POST', '/admin/transactions/post', { token: one.tokens.admin })).body).toEqual(
      { posted: 5 },
    );
    const balances = async () =>
      (await listAs(one.tokens.admin, acct)).body.map((x: { accountBalance: number }) => x.accountBalance);
    expect(await balances()).toEqual([81, 80, 110, 100]);
    expect(
      (
        await update(one.tokens.admin, {
          id: first.id,
          description: 'Teller Deposit',
          transactionDate: first.transactionDate,
          amount: 90,
        })
      ).status,
    ).toBe(200);
    expect(await balances()).toEqual([71, 70, 100, 90]);
    expect((await remove(one.tokens.admin, tr.debit.id)).status).toBe(204);
    expect(await balances()).toEqual([101, 100, 90]);
    expect(await balanceOf(acct)).toBe(10_100);
    expect((await listAs(one.tokens.admin, savings.accountNumber)).body).toEqual([]);
    await expectLedgerHolds();
  });

  it("is for the bank's admin only: another bank's admin gets 404, a teller 403; bad input 400", async () => {
    const { one, two } = banks;
    const dep = await fund(one.checking.accountNumber, 10);
    const body = { id: dep.id, description: 'x', transactionDate: '2026-03-01', amount: 1 };
    expect((await update(two.tokens.admin, body)).status).toBe(404);
    expect((await remove(two.tokens.admin, dep.id)).status).toBe(404);
    expect((await update(one.tokens.teller, body)).status).toBe(403);
    expect((await remove(one.tokens.teller, dep.id)).status).toBe(403);
    expect((await update(one.tokens.admin, { ...body, id: 999_999 })).status).toBe(404);
    const badDate = await update(one.tokens.admin, { ...body, transactionDate: '2026-02-30' });
    expect(badDate.status).toBe(400);
    expect(badDate.body.message).toBe(messages.transactionDateInvalid);
    expect((await update(one.tokens.admin, { ...body, amount: 0 })).status).toBe(400);
    expect((await remove(one.tokens.admin, 0)).status).toBe(400);
    const iso = await update(one.tokens.admin, { ...body, transactionDate: '2026-03-01T10:20:30' });
    expect(iso.status).toBe(200);
    expect(iso.body.transactionDate).toBe('2026-03-01T10:20:30.000Z');
    expect(await balanceOf(one.checking.accountNumber)).toBe(100);
  });
});

describe('Idempotency-Key', () => {
  it('a repeat with the same key and body returns the first answer and moves nothing; another body is a 409', async () => {
    const { one } = banks;
    await fund(one.checking.accountNumber, 100);
    const body = {
      fromAccountId: one.checking.accountNumber,
      toAccountId: savings.accountNumber,
      amount: 10,
    };
    const headers = { 'idempotency-key': 'transfer-1' };
    const first = await transferAs(one.tokens.student, body, headers);
    const again = await transferAs(one.tokens.student, body, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await balanceOf(savings.accountNumber)).toBe(1000);
    const different = await transferAs(one.tokens.student, { ...body, amount: 11 }, headers);
    expect(different.status).toBe(409);
    expect(different.body.message).toBe(messages.idempotencyKeyReused);
    // The key belongs to its user: another user's same key is another request.
    const byAdmin = await transferAs(one.tokens.admin, body, headers);
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body.transferId).not.toBe(first.body.transferId);
    // And to its operation: the same key on a deposit is a different request.
    const deposit = await call(t.app, 'POST', '/teller/deposits', {
      token: one.tokens.admin,
      headers,
      body: { accountId: savings.accountNumber, amount: 10 },
    });
    expect(deposit.status).toBe(409);
    expect(await balanceOf(savings.accountNumber)).toBe(2000);
  });

  it('works for deposits, withdrawals and created transactions; a failure is not remembered', async () => {
    const { one } = banks;
    const acct = one.checking.accountNumber;
    const post = (path: string, key: string, body: unknown) =>
      call(t.app, 'POST', path, { token: one.tokens.admin, headers: { 'idempotency-key': key }, body });
    const tooMuch = await post('/teller/withdrawals', 'w-1', { accountId: acct, amount: 5 });
    expect(tooMuch.status).toBe(409);
    for (let i = 0; i < 2; i++) {
      expect((await post('/teller/deposits', 'd-1', { accountId: acct, amount: 5 })).status).toBe(201);
      expect(
        (
          await post('/user/transactions/create', 'c-1', {
            accountId: acct,
            type: 'credit',
            description: 'Bonus',
            amount: 1,
          })
        ).status,
      ).toBe(201);
    }
    // Now the same withdrawal can be covered, and the key was not used up by the failure.
    const retry = await post('/teller/withdrawals', 'w-1', { accountId: acct, amount: 5 });
    expect(retry.status).toBe(201);
    expect((await post('/teller/withdrawals', 'w-1', { accountId: acct, amount: 5 })).body).toEqual(
      retry.body,
    );
    expect(await balanceOf(acct)).toBe(100);
    expect(await countRows('transactions')).toBe(3);
  });

  it('refuses a key that is empty or longer than 64 characters', async () => {
    const { one } = banks;
    await fund(one.checking.accountNumber, 100);
    const body = { fromAccountId: one.checking.accountNumber, toAccountId: savings.accountNumber, amount: 1 };
    for (const key of ['', 'k'.repeat(65)]) {
      const res = await transferAs(one.tokens.student, body, { 'idempotency-key': key });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(messages.idempotencyKeyInvalid);
    }
    expect((await transferAs(one.tokens.student, body, { 'idempotency-key': 'k'.repeat(64) })).status).toBe(
      201,
    );
    expect(await balanceOf(savings.accountNumber)).toBe(100);
  });
});

describe('inTransaction', () => {
  it('runs the work again after a deadlock or serialization failure, rolling the failed attempts back', async () => {
    let attempts = 0;
    const result = await inTransaction(t.db, async (tx) => {
      attempts++;
      await tx.execute(sql`insert into banks (name) values (${`Retry ${attempts}`})`);
      // As drivers and drizzle report them: the SQLSTATE on the error or on its cause.
      if (attempts === 1) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
      if (attempts === 2)
        throw new Error('Failed query', {
          cause: Object.assign(new Error('could not serialize'), { code: '40001' }),
        });
      return attempts;
    });
    expect(result).toBe(3);
    const names = await queryRows<{ name: string }>(
      t.db,
      sql`select name from banks where name like 'Retry%'`,
    );
    expect(names.map((n) => n.name)).toEqual(['Retry 3']);
    let failures = 0;
    await expect(
      inTransaction(t.db, async () => {
        failures++;
        throw Object.assign(new Error('check violated'), { code: '23514' });
      }),
    ).rejects.toThrow('check violated');
    expect(failures).toBe(1);
  });

  it('joins a transaction it is given instead of opening another', async () => {
    await t.db.transaction(async (tx) => {
      const inner = await inTransaction(tx, async (same) => same);
      expect(inner).toBe(tx);
    });
  });
});
