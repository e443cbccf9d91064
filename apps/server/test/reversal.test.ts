import { beforeEach, describe, expect, it } from 'vitest';
import { extractText } from 'unpdf';
import { eq, sql } from 'drizzle-orm';
import { messages, schoolYearText } from '@bank/shared';
import { queryRows } from '../src/db/client.js';
import { accounts, transactions } from '../src/db/schema.js';
import { verifyLedger } from '../src/domain/ledger/index.js';
import { runMonthEnd } from '../src/domain/month-end/index.js';
import { call, useTestApp } from './harness.js';
import { insertStudentSavings, seedTwoBanks, type SeededBank } from './fixtures.js';

/**
 * Reversal (API.md "The school year"): a mistake is undone by writing its opposite, never by
 * erasing it. Both stay, with the reason beside the reversal; the ledger rules hold throughout.
 */

const t = useTestApp();
let one: SeededBank;
let two: SeededBank;
let savings: string;

beforeEach(async () => {
  ({ one, two } = await seedTwoBanks(t.db));
  savings = await insertStudentSavings(t.db, one);
});

const post = (token: string, url: string, body?: unknown) => call(t.app, 'POST', url, { token, body });
const get = (token: string, url: string) => call(t.app, 'GET', url, { token });
const balance = async (accountId: string) =>
  (await t.db.select().from(accounts).where(eq(accounts.accountNumber, accountId)))[0]!.balanceCents;
const reverse = (id: number, reason = 'Paid by mistake', token = one.tokens.admin) =>
  post(token, `/admin/transactions/${id}/reverse`, { reason });
const deposit = async (accountId: string, amount: number) =>
  (await post(one.tokens.admin, '/teller/deposits', { accountId, amount })).body;

describe('POST /admin/transactions/{id}/reverse', () => {
  it('writes the opposite, pending, with the reason as memo; both rows stay and point at each other', async () => {
    const original = await deposit(one.checking.accountNumber, 20);
    await post(one.tokens.admin, '/admin/transactions/post');
    const res = await reverse(original.id, 'Wrong student');
    expect(res.status).toBe(201);
    const [reversal] = res.body.transactions;
    expect(res.body.reversalOf).toBe(original.id);
    expect(reversal).toMatchObject({
      accountId: one.checking.accountNumber,
      type: 'debit',
      amount: 20,
      status: 'pending',
      description: 'Reversal: Teller Deposit',
      memo: 'Wrong student',
      reversalOf: original.id,
      reversedBy: null,
    });
    expect(await balance(one.checking.accountNumber)).toBe(0);
    const list = (await get(one.tokens.student, `/user/transactions/${one.checking.accountNumber}`)).body;
    expect(list.map((x: any) => [x.id, x.reversalOf, x.reversedBy])).toEqual([
      [reversal.id, original.id, null],
      [original.id, null, reversal.id],
    ]);
    const [audit] = (await get(one.tokens.admin, '/admin/audit')).body;
    expect(audit).toMatchObject({ action: 'reverse', actor: 'one-admin', transactionId: original.id });
    expect(audit.summary).toContain('Wrong student');
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('reverses a transfer as a whole: both legs, as a transfer back', async () => {
    await deposit(one.checking.accountNumber, 50);
    const transfer = await post(one.tokens.student, '/user/transfers', {
      fromAccountId: one.checking.accountNumber,
      toAccountId: savings,
      amount: 30,
    });
    const res = await reverse(transfer.body.credit.id, 'Wrong account');
    expect(res.status).toBe(201);
    const [ofCredit, ofDebit] = res.body.transactions;
    expect(ofCredit).toMatchObject({
      accountId: savings,
      type: 'debit',
      amount: 30,
      reversalOf: transfer.body.credit.id,
    });
    expect(ofDebit).toMatchObject({
      accountId: one.checking.accountNumber,
      type: 'credit',
      amount: 30,
      reversalOf: transfer.body.debit.id,
    });
    expect(ofCredit.transferId).toBe(ofDebit.transferId);
    expect(ofCredit.transferId).not.toBe(transfer.body.debit.transferId);
    expect([await balance(one.checking.accountNumber), await balance(savings)]).toEqual([5000, 0]);
    // Either leg names the whole transfer: reversing it again is a 409.
    expect((await reverse(transfer.body.debit.id)).status).toBe(409);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('reverses once: again, or a reversal of a reversal, is a 409 and writes nothing', async () => {
    const original = await deposit(one.checking.accountNumber, 10);
    const first = await reverse(original.id);
    const rows = async () =>
      (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from transactions`))[0]!.n;
    const before = await rows();
    const again = await reverse(original.id);
    expect(again).toMatchObject({
      status: 409,
      body: { reason: 'ALREADY_REVERSED', message: schoolYearText.alreadyReversed },
    });
    const ofReversal = await reverse(first.body.transactions[0].id);
    expect(ofReversal).toMatchObject({ status: 409, body: { reason: 'REVERSAL_NOT_REVERSIBLE' } });
    expect(await rows()).toBe(before);
  });

  it('refuses what would make a balance negative (the credit was spent), writing nothing', async () => {
    const original = await deposit(one.checking.accountNumber, 10);
    await post(one.tokens.admin, '/teller/withdrawals', { accountId: one.checking.accountNumber, amount: 8 });
    const res = await reverse(original.id);
    expect(res).toMatchObject({
      status: 409,
      body: { reason: 'INSUFFICIENT_FUNDS', message: messages.insufficientFunds },
    });
    expect(await balance(one.checking.accountNumber)).toBe(200);
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, original.id));
    expect(row!.reversedBy).toBeNull();
  });

  it('keeps reversed transactions and reversals as they are: no edit, no delete', async () => {
    const original = await deposit(one.checking.accountNumber, 10);
    const reversal = (await reverse(original.id)).body.transactions[0];
    for (const id of [original.id, reversal.id]) {
      const edit = await call(t.app, 'PUT', '/admin/transactions/update', {
        token: one.tokens.admin,
        body: { id, description: 'Changed', transactionDate: '2030-01-01', amount: 1 },
      });
      expect(edit).toMatchObject({ status: 409, body: { reason: 'TRANSACTION_REVERSED' } });
      const remove = await call(t.app, 'DELETE', `/admin/transactions/${id}/delete`, {
        token: one.tokens.admin,
      });
      expect(remove.status).toBe(409);
    }
  });

  it('is for admins of the bank: a teller gets 403, another bank 404, a bad reason 400', async () => {
    const original = await deposit(one.checking.accountNumber, 10);
    expect((await reverse(original.id, 'x', one.tokens.teller)).status).toBe(403);
    expect((await reverse(original.id, 'x', two.tokens.admin)).status).toBe(404);
    expect((await reverse(original.id, '')).status).toBe(400);
    expect((await reverse(original.id, 'x'.repeat(61))).status).toBe(400);
    expect((await reverse(original.id, 'bad\u202ereason')).status).toBe(400);
    expect((await reverse(999_999)).status).toBe(404);
  });

  it('shows both rows on the month’s statement', async () => {
    await t.db.execute(
      sql`update accounts set opened_at = '2025-03-01T09:00:00Z' where account_number = ${one.checking.accountNumber}`,
    );
    const original = await deposit(one.checking.accountNumber, 12.5);
    await reverse(original.id, 'Counted twice');
    await post(one.tokens.admin, '/admin/transactions/post');
    // Move both into March 2025 (posted), then close the month.
    await t.db.execute(
      sql`update transactions set transaction_date = '2025-03-10T10:00:00Z', posted_date = '2025-03-10T10:00:00Z',
          created_at = '2025-03-10T10:00:00Z' where account_number = ${one.checking.accountNumber}`,
    );
    await runMonthEnd(t.db, { now: new Date('2025-04-02T00:00:00Z') });
    const name = `statement-${one.checking.accountNumber}-2025-03.pdf`;
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/user/statements/download/${name}`,
      headers: { authorization: `Bearer ${one.tokens.student}` },
    });
    expect(pdf.statusCode).toBe(200);
    const { text } = await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true });
    expect(text).toContain('Teller Deposit');
    expect(text).toContain('Reversal: Teller Deposit');
    expect(text).toContain('Counted twice');
  });
});

describe('POST /admin/batches/{batchId}/reverse', () => {
  async function payday(amount = 5) {
    const res = await post(one.tokens.admin, '/teller/batches', {
      kind: 'deposit',
      memo: 'Class job',
      items: [
        { accountId: one.checking.accountNumber, amount },
        { accountId: one.otherChecking.accountNumber, amount },
        { accountId: savings, amount },
      ],
    });
    expect(res.status).toBe(201);
    return res.body;
  }

  it('reverses a whole payday as one new payday of the opposite kind', async () => {
    const paid = await payday();
    const res = await post(one.tokens.admin, `/admin/batches/${paid.batchId}/reverse`, {
      reason: 'Wrong class',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ batchId: paid.batchId, count: 3, total: 15 });
    expect(
      res.body.transactions.every((x: any) => x.type === 'debit' && x.batchId === res.body.reversalBatchId),
    ).toBe(true);
    const paydays = (await get(one.tokens.admin, `/teller/batches/${one.bankId}`)).body;
    expect(paydays[0]).toMatchObject({
      batchId: res.body.reversalBatchId,
      kind: 'withdrawal',
      memo: 'Wrong class',
      reversalOf: paid.batchId,
    });
    expect(paydays[1]).toMatchObject({ batchId: paid.batchId, reversedCount: 3 });
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('reverses only the chosen students, then the rest; an item twice is a 409', async () => {
    const paid = await payday();
    const some = await post(one.tokens.admin, `/admin/batches/${paid.batchId}/reverse`, {
      reason: 'Absent',
      accountIds: [savings],
    });
    expect(some.body).toMatchObject({ count: 1, total: 5 });
    expect(await balance(savings)).toBe(0);
    expect(await balance(one.checking.accountNumber)).toBe(500);
    const twice = await post(one.tokens.admin, `/admin/batches/${paid.batchId}/reverse`, { reason: 'Again' });
    expect(twice.status).toBe(409);
    const notPaid = await post(one.tokens.admin, `/admin/batches/${paid.batchId}/reverse`, {
      reason: 'X',
      accountIds: [two.checking.accountNumber],
    });
    expect(notPaid.status).toBe(400);
    expect(notPaid.body.fields).toEqual({ 'accountIds.0': schoolYearText.batchAccountNotInBatch });
  });

  it('writes nothing when one student cannot pay it back', async () => {
    const paid = await payday();
    await post(one.tokens.admin, '/teller/withdrawals', { accountId: savings, amount: 4 });
    const before = await Promise.all(
      [one.checking.accountNumber, one.otherChecking.accountNumber, savings].map(balance),
    );
    const res = await post(one.tokens.admin, `/admin/batches/${paid.batchId}/reverse`, {
      reason: 'Wrong class',
    });
    expect(res).toMatchObject({
      status: 409,
      body: { reason: 'INSUFFICIENT_FUNDS', message: schoolYearText.batchReversalInsufficient },
    });
    expect(res.body.fields).toEqual({ [`accounts.${savings}`]: messages.insufficientFunds });
    expect(
      await Promise.all([one.checking.accountNumber, one.otherChecking.accountNumber, savings].map(balance)),
    ).toEqual(before);
    expect((await get(one.tokens.admin, `/teller/batches/${one.bankId}`)).body).toHaveLength(1);
  });

  it('lists a payday’s payments with their students, and which are reversed (GET /teller/batches/{bankId}/{batchId})', async () => {
    const paid = await payday();
    await post(one.tokens.admin, `/admin/batches/${paid.batchId}/reverse`, {
      reason: 'Absent',
      accountIds: [savings],
    });
    const res = await get(one.tokens.teller, `/teller/batches/${one.bankId}/${paid.batchId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ batchId: paid.batchId, memo: 'Class job', count: 3, reversedCount: 1 });
    expect(
      res.body.payments.map((p: any) => [
        p.accountId,
        p.username,
        p.accountType,
        p.amount,
        p.reversedBy !== null,
      ]),
    ).toEqual([
      [one.checking.accountNumber, one.student.username, 'CHECKING', 5, false],
      [one.otherChecking.accountNumber, expect.any(String), 'CHECKING', 5, false],
      [savings, one.student.username, 'SAVINGS', 5, true],
    ]);
    expect(res.body.payments[0].transactionId).toBe(paid.transactions[0].id);
    expect((await get(two.tokens.admin, `/teller/batches/${one.bankId}/${paid.batchId}`)).status).toBe(404);
    expect((await get(two.tokens.admin, `/teller/batches/${two.bankId}/${paid.batchId}`)).status).toBe(404);
    expect((await get(one.tokens.student, `/teller/batches/${one.bankId}/${paid.batchId}`)).status).toBe(403);
    expect((await get(one.tokens.admin, `/teller/batches/${one.bankId}/not-a-uuid`)).status).toBe(400);
  });

  it('is for admins of the bank', async () => {
    const paid = await payday();
    const url = `/admin/batches/${paid.batchId}/reverse`;
    expect((await post(one.tokens.teller, url, { reason: 'x' })).status).toBe(403);
    expect((await post(two.tokens.admin, url, { reason: 'x' })).status).toBe(404);
    expect((await post(one.tokens.admin, '/admin/batches/not-a-uuid/reverse', { reason: 'x' })).status).toBe(
      400,
    );
  });
});
