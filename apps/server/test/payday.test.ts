import { beforeEach, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import { messages } from '@bank/shared';
import { queryRows } from '../src/db/client.js';
import { accounts, transactions } from '../src/db/schema.js';
import { verifyLedger } from '../src/domain/ledger/index.js';
import { call, useTestApp } from './harness.js';
import { insertAccount, nextAccountNumber, seedTwoBanks, setBank, type SeededBank } from './fixtures.js';

/** Class payday (API.md "Classroom tools"): POST /teller/batches, its preview and its list. */

const t = useTestApp();
let one: SeededBank;
let two: SeededBank;
beforeEach(async () => {
  ({ one, two } = await seedTwoBanks(t.db));
});

/** `n` open checking accounts of bank one's student, in one statement. */
async function manyAccounts(n: number): Promise<string[]> {
  const rows = await t.db
    .insert(accounts)
    .values(
      Array.from({ length: n }, () => ({
        accountNumber: nextAccountNumber(),
        userId: one.student.id,
        bankId: one.bankId,
        branchId: one.main.id,
        type: 'CHECKING' as const,
      })),
    )
    .returning({ accountNumber: accounts.accountNumber });
  return rows.map((row) => row.accountNumber);
}

const payday = (token: string, body: unknown, headers?: Record<string, string>) =>
  call(t.app, 'POST', '/teller/batches', { token, body, ...(headers ? { headers } : {}) });

async function balances(numbers: string[]): Promise<Map<string, number>> {
  const rows = await t.db
    .select({ n: accounts.accountNumber, b: accounts.balanceCents })
    .from(accounts)
    .where(inArray(accounts.accountNumber, numbers));
  return new Map(rows.map((row) => [row.n, row.b]));
}

const transactionCount = async () =>
  (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from transactions`))[0]!.n;
const batchCount = async () =>
  (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from batches`))[0]!.n;

describe('POST /teller/batches', () => {
  it('pays 1,000 accounts at once: balances, rows with batch, memo and author, the batch record', async () => {
    const numbers = await manyAccounts(1000);
    const items = numbers.map((accountId, i) => ({ accountId, amount: (i % 50) + 0.25 }));
    const res = await payday(one.tokens.teller, { kind: 'deposit', memo: ' Class job: librarian ', items });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(201);
    const expectedTotalCents = items.reduce((sum, item) => sum + Math.round(item.amount * 100), 0);
    expect(res.body).toMatchObject({ kind: 'deposit', memo: 'Class job: librarian', count: 1000 });
    expect(res.body.total).toBe(expectedTotalCents / 100);
    expect(res.body.transactions).toHaveLength(1000);
    res.body.transactions.forEach((txn: any, i: number) => {
      expect(txn).toMatchObject({
        accountId: numbers[i],
        type: 'credit',
        description: messages.tellerDepositDescription,
        memo: 'Class job: librarian',
        batchId: res.body.batchId,
        status: 'pending',
        amount: items[i]!.amount,
      });
    });

    const after = await balances(numbers);
    items.forEach((item) => expect(after.get(item.accountId)).toBe(Math.round(item.amount * 100)));
    const rows = await t.db.select().from(transactions);
    expect(rows).toHaveLength(1000);
    expect(rows.every((row) => row.createdBy === one.teller.id && row.batchId === res.body.batchId)).toBe(
      true,
    );
    const [batch] = await queryRows<any>(
      t.db,
      sql`select bank_id, kind, memo, item_count, total_cents::bigint as total, created_by from batches`,
    );
    expect(batch).toMatchObject({
      bank_id: one.bankId,
      kind: 'deposit',
      memo: 'Class job: librarian',
      item_count: 1000,
      created_by: one.teller.id,
    });
    expect(Number(batch.total)).toBe(expectedTotalCents);
    expect(await verifyLedger(t.db)).toEqual([]);

    const list = await call(t.app, 'GET', `/teller/batches/${one.bankId}`, { token: one.tokens.admin });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({
        batchId: res.body.batchId,
        kind: 'deposit',
        count: 1000,
        total: expectedTotalCents / 100,
        createdBy: one.teller.username,
      }),
    ]);
  });

  it('writes nothing when one withdrawal cannot be covered, and names that item', async () => {
    const numbers = await manyAccounts(5);
    await payday(one.tokens.teller, {
      kind: 'deposit',
      items: numbers.map((accountId) => ({ accountId, amount: 10 })),
    });
    const before = await balances(numbers);
    const count = await transactionCount();
    const items = numbers.map((accountId, i) => ({ accountId, amount: i === 3 ? 10.01 : 4 }));
    const res = await payday(one.tokens.teller, { kind: 'withdrawal', memo: 'Rent', items });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'CONFLICT', reason: 'INSUFFICIENT_FUNDS' });
    expect(res.body.fields).toEqual({ 'items.3.amount': messages.insufficientFunds });
    expect(await balances(numbers)).toEqual(before);
    expect(await transactionCount()).toBe(count);
    expect(await batchCount()).toBe(1);
  });

  it("is a 404 naming each unknown, closed or other bank's account, before any 409", async () => {
    const [open, closed] = await manyAccounts(2);
    await t.db.execute(sql`update accounts set closed_at = now() where account_number = ${closed!}`);
    const res = await payday(one.tokens.teller, {
      kind: 'withdrawal',
      items: [
        { accountId: open!, amount: 1 },
        { accountId: two.checking.accountNumber, amount: 1 },
        { accountId: closed!, amount: 1 },
        { accountId: '9999999999', amount: 1 },
      ],
    });
    expect(res.status).toBe(404);
    expect(res.body.reason).toBe('NOT_FOUND');
    expect(res.body.fields).toEqual({
      'items.0.amount': messages.insufficientFunds,
      'items.1.accountId': messages.batchAccountNotFound,
      'items.2.accountId': messages.batchAccountNotFound,
      'items.3.accountId': messages.batchAccountNotFound,
    });
    expect(await transactionCount()).toBe(0);
  });

  it('is a 400 for a repeated account or a malformed item, naming each', async () => {
    const acct = one.checking.accountNumber;
    const repeated = await payday(one.tokens.teller, {
      kind: 'deposit',
      items: [
        { accountId: acct, amount: 1 },
        { accountId: one.otherChecking.accountNumber, amount: 1 },
        { accountId: acct, amount: 2 },
      ],
    });
    expect(repeated.status).toBe(400);
    expect(repeated.body.fields).toEqual({ 'items.2.accountId': messages.batchAccountRepeated });

    const malformed = await payday(one.tokens.teller, {
      kind: 'deposit',
      items: [
        { accountId: acct, amount: 0.001 },
        { accountId: '12', amount: 1 },
      ],
    });
    expect(malformed.status).toBe(400);
    expect(Object.keys(malformed.body.fields).sort()).toEqual(['items.0.amount', 'items.1.accountId']);

    for (const items of [[], Array.from({ length: 1001 }, () => ({ accountId: acct, amount: 1 }))]) {
      expect((await payday(one.tokens.teller, { kind: 'deposit', items })).status).toBe(400);
    }
    expect(
      (await payday(one.tokens.teller, { kind: 'bonus', items: [{ accountId: acct, amount: 1 }] })).status,
    ).toBe(400);
    expect(await transactionCount()).toBe(0);
  });

  it("follows the bank's teller permissions by kind; an admin always may", async () => {
    const items = [{ accountId: one.checking.accountNumber, amount: 5 }];
    await setBank(t.db, one.bankId, { tellerDepositPermission: false });
    const refused = await payday(one.tokens.teller, { kind: 'deposit', items });
    expect(refused.status).toBe(403);
    expect(refused.body.reason).toBe('TELLER_PERMISSION_MISSING');
    const preview = await call(t.app, 'POST', '/teller/batches/preview', {
      token: one.tokens.teller,
      body: { kind: 'deposit', items },
    });
    expect(preview.status).toBe(403);
    expect((await payday(one.tokens.admin, { kind: 'deposit', items })).status).toBe(201);
    expect((await payday(one.tokens.teller, { kind: 'withdrawal', items })).status).toBe(201);
    await setBank(t.db, one.bankId, { tellerDepositPermission: true, tellerWithdrawalPermission: false });
    expect((await payday(one.tokens.teller, { kind: 'withdrawal', items })).status).toBe(403);
    expect((await payday(one.tokens.teller, { kind: 'deposit', items })).status).toBe(201);
    expect((await payday(one.tokens.student, { kind: 'deposit', items })).status).toBe(403);
  });

  it('replays the first answer for the same Idempotency-Key and body; another body is a 409', async () => {
    const body = {
      kind: 'deposit',
      memo: 'Week 3',
      items: [
        { accountId: one.checking.accountNumber, amount: 7 },
        { accountId: one.otherChecking.accountNumber, amount: 3 },
      ],
    };
    const key = { 'idempotency-key': 'payday-week-3' };
    const first = await payday(one.tokens.teller, body, key);
    expect(first.status).toBe(201);
    const again = await payday(one.tokens.teller, body, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const otherMemo = await payday(one.tokens.teller, { ...body, memo: 'Week 4' }, key);
    expect(otherMemo.status).toBe(409);
    expect(otherMemo.body.reason).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await transactionCount()).toBe(2);
    expect(await batchCount()).toBe(1);
    expect((await balances([one.checking.accountNumber])).get(one.checking.accountNumber)).toBe(700);
  });

  it("shows a payday's count and total as its live payments after an admin deletes or edits one", async () => {
    const numbers = await manyAccounts(3);
    const res = await payday(one.tokens.teller, {
      kind: 'deposit',
      memo: 'Class jobs',
      items: numbers.map((accountId) => ({ accountId, amount: 5 })),
    });
    expect(res.status).toBe(201);
    const [deleted, edited] = res.body.transactions;
    const gone = await call(t.app, 'DELETE', `/admin/transactions/${deleted.id}/delete`, {
      token: one.tokens.admin,
    });
    expect(gone.status).toBe(204);
    const changed = await call(t.app, 'PUT', '/admin/transactions/update', {
      token: one.tokens.admin,
      body: { id: edited.id, description: edited.description, transactionDate: '2026-03-02', amount: 2 },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const [listed] = (await call(t.app, 'GET', `/teller/batches/${one.bankId}`, { token: one.tokens.teller }))
      .body;
    expect(listed).toMatchObject({ batchId: res.body.batchId, count: 2, total: 7 });
    const detail = await call(t.app, 'GET', `/teller/batches/${one.bankId}/${res.body.batchId}`, {
      token: one.tokens.teller,
    });
    expect(detail.body).toMatchObject({ count: 2, total: 7 });
    expect(detail.body.payments.map((p: { amount: number }) => p.amount)).toEqual([2, 5]);
    // Every payment deleted: the payday stays in the list, with nothing in it.
    for (const payment of detail.body.payments)
      await call(t.app, 'DELETE', `/admin/transactions/${payment.transactionId}/delete`, {
        token: one.tokens.admin,
      });
    const [emptied] = (
      await call(t.app, 'GET', `/teller/batches/${one.bankId}`, { token: one.tokens.teller })
    ).body;
    expect(emptied).toMatchObject({ batchId: res.body.batchId, count: 0, total: 0 });
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('is 404 for the list of another bank', async () => {
    expect(
      (await call(t.app, 'GET', `/teller/batches/${two.bankId}`, { token: one.tokens.teller })).status,
    ).toBe(404);
  });
});

describe('POST /teller/batches/preview', () => {
  it('shows each row as the payday would leave it, with refusals, and writes nothing', async () => {
    const savings = await insertAccount(t.db, {
      userId: one.student.id,
      bankId: one.bankId,
      branchId: one.main.id,
      type: 'SAVINGS',
    });
    await payday(one.tokens.teller, {
      kind: 'deposit',
      items: [{ accountId: savings.accountNumber, amount: 20 }],
    });
    const count = await transactionCount();
    const res = await call(t.app, 'POST', '/teller/batches/preview', {
      token: one.tokens.teller,
      body: {
        kind: 'withdrawal',
        items: [
          { accountId: savings.accountNumber, amount: 12.5 },
          { accountId: one.otherChecking.accountNumber, amount: 1 },
          { accountId: two.checking.accountNumber, amount: 1 },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: false,
      count: 3,
      total: 14.5,
      items: [
        {
          accountId: savings.accountNumber,
          username: one.student.username,
          name: one.student.name,
          accountType: 'SAVINGS',
          balance: 20,
          newBalance: 7.5,
          error: null,
          reason: null,
        },
        {
          accountId: one.otherChecking.accountNumber,
          username: one.otherStudent.username,
          name: one.otherStudent.name,
          accountType: 'CHECKING',
          balance: 0,
          newBalance: null,
          error: messages.insufficientFunds,
          reason: 'INSUFFICIENT_FUNDS',
        },
        {
          accountId: two.checking.accountNumber,
          username: null,
          name: null,
          accountType: null,
          balance: null,
          newBalance: null,
          error: messages.batchAccountNotFound,
          reason: 'NOT_FOUND',
        },
      ],
    });
    expect(await transactionCount()).toBe(count);
  });
});
