import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { messages } from '@bank/shared';
import { postTransactions } from '../src/domain/ledger/posting/index.js';
import { runMonthEnd } from '../src/domain/month-end/index.js';
import { call, useTestApp } from './harness.js';
import { insertStudentSavings, seedTwoBanks, type SeededBank } from './fixtures.js';

/** The memo of every money movement (API.md "Classroom tools"): stored, answered, listed, printed. */

const t = useTestApp();
let one: SeededBank;
let savings: string;
beforeEach(async () => {
  ({ one } = await seedTwoBanks(t.db));
  savings = await insertStudentSavings(t.db, one);
});

const listOf = async (accountId: string) =>
  (await call(t.app, 'GET', `/user/transactions/${accountId}`, { token: one.tokens.student })).body as any[];

describe('memo', () => {
  it('goes with a deposit, a withdrawal and both legs of a transfer, and shows in the transaction lists', async () => {
    const acct = one.checking.accountNumber;
    const deposit = await call(t.app, 'POST', '/teller/deposits', {
      token: one.tokens.teller,
      body: { accountId: acct, amount: 20, memo: '  Class job:\u00a0librarian ' },
    });
    expect(deposit.status).toBe(201);
    expect(deposit.body).toMatchObject({
      description: 'Teller Deposit',
      memo: 'Class job: librarian',
      batchId: null,
    });
    const withdrawal = await call(t.app, 'POST', '/teller/withdrawals', {
      token: one.tokens.teller,
      body: { accountId: acct, amount: 2, memo: 'Pencil fine' },
    });
    expect(withdrawal.body.memo).toBe('Pencil fine');
    const transfer = await call(t.app, 'POST', '/user/transfers', {
      token: one.tokens.student,
      body: { fromAccountId: acct, toAccountId: savings, amount: 5, memo: 'Saving for a bike' },
    });
    expect(transfer.status).toBe(201);
    expect(transfer.body.debit.memo).toBe('Saving for a bike');
    expect(transfer.body.credit.memo).toBe('Saving for a bike');
    const plain = await call(t.app, 'POST', '/teller/deposits', {
      token: one.tokens.teller,
      body: { accountId: acct, amount: 1, memo: '   ' },
    });
    expect(plain.body.memo).toBeNull();

    expect((await listOf(acct)).map((txn) => [txn.description, txn.memo])).toEqual([
      ['Teller Deposit', null],
      [messages.transferToDescription('SAVINGS', savings.slice(-4)), 'Saving for a bike'],
      ['Teller Withdrawal', 'Pencil fine'],
      ['Teller Deposit', 'Class job: librarian'],
    ]);
    expect((await listOf(savings))[0]).toMatchObject({
      memo: 'Saving for a bike',
      transferId: transfer.body.transferId,
    });
  });

  it('follows the text rule: too long or with control or invisible characters is a 400 naming it', async () => {
    const acct = one.checking.accountNumber;
    const cases: [string, string][] = [
      ['x'.repeat(61), messages.memoTooLong],
      ['Class\u0000job', messages.textControlChars('Memo')],
      ['Class\njob', messages.textControlChars('Memo')],
      ['Class\u202ejob', messages.textInvisibleChars('Memo')],
    ];
    for (const [memo, message] of cases) {
      for (const [url, body] of [
        ['/teller/deposits', { accountId: acct, amount: 1, memo }],
        ['/teller/withdrawals', { accountId: acct, amount: 1, memo }],
        ['/user/transfers', { fromAccountId: acct, toAccountId: savings, amount: 1, memo }],
        ['/teller/batches', { kind: 'deposit', memo, items: [{ accountId: acct, amount: 1 }] }],
      ] as const) {
        const res = await call(t.app, 'POST', url, { token: one.tokens.admin, body });
        expect(res.status, `${url} ${JSON.stringify(memo)}`).toBe(400);
        expect(res.body.fields).toEqual({ memo: message });
      }
    }
    expect(
      (
        await call(t.app, 'POST', '/teller/deposits', {
          token: one.tokens.admin,
          body: { accountId: acct, amount: 1, memo: 'x'.repeat(60) },
        })
      ).status,
    ).toBe(201);
  });

  it('is part of the request an Idempotency-Key names: another memo is a 409', async () => {
    const acct = one.checking.accountNumber;
    await call(t.app, 'POST', '/teller/deposits', {
      token: one.tokens.admin,
      body: { accountId: acct, amount: 50 },
    });
    for (const [url, body] of [
      ['/teller/deposits', { accountId: acct, amount: 1 }],
      ['/teller/withdrawals', { accountId: acct, amount: 1 }],
      ['/user/transfers', { fromAccountId: acct, toAccountId: savings, amount: 1 }],
    ] as const) {
      const headers = { 'idempotency-key': `key-${url}` };
      const first = await call(t.app, 'POST', url, {
        token: one.tokens.admin,
        body: { ...body, memo: 'A' },
        headers,
      });
      expect(first.status).toBe(201);
      const same = await call(t.app, 'POST', url, {
        token: one.tokens.admin,
        body: { ...body, memo: 'A' },
        headers,
      });
      expect(same.body).toEqual(first.body);
      const other = await call(t.app, 'POST', url, {
        token: one.tokens.admin,
        body: { ...body, memo: 'B' },
        headers,
      });
      expect(other.status, url).toBe(409);
      expect(other.body.reason).toBe('IDEMPOTENCY_KEY_REUSED');
    }
  });

  it('is printed beside the description on the statement', async () => {
    const acct = one.checking.accountNumber;
    await t.db.execute(
      sql`update accounts set opened_at = '2025-01-02T00:00:00Z' where account_number = ${acct}`,
    );
    const deposit = await call(t.app, 'POST', '/teller/deposits', {
      token: one.tokens.teller,
      body: { accountId: acct, amount: 12.5, memo: 'Class job: librarian' },
    });
    await t.db.execute(
      sql`update transactions set transaction_date = '2025-01-15T10:00:00Z' where id = ${deposit.body.id}`,
    );
    await postTransactions(t.db, { now: new Date('2025-01-15T12:00:00Z') });
    await runMonthEnd(t.db, { now: new Date('2025-02-01T00:00:00Z') });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/user/statements/download/statement-${acct}-2025-01.pdf`,
      headers: { authorization: `Bearer ${one.tokens.student}` },
    });
    expect(res.statusCode).toBe(200);
    const { text } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });
    expect(text).toContain(
      `${messages.describedWithMemo('Teller Deposit', 'Class job: librarian')} 12.50 12.50`,
    );
  });
});
