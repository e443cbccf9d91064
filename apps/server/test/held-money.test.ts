import { beforeEach, describe, expect, it } from 'vitest';
import { messages as ledgerText, participationText } from '@bank/shared';

const messages = { ...ledgerText, ...participationText };
import { createSession } from '../src/domain/auth/sessions.js';
import { call, useTestApp } from './harness.js';
import { insertClassmate, makeWaitingBanker, seedBank, type SeededBank } from './fixtures.js';

/**
 * Issue 33 items 3 and 4: money held for a waiting request shows wherever money shows, a refusal
 * it causes says so, and a transaction carries the moment the money was given or taken.
 */

const t = useTestApp();
let bank: SeededBank;
let saver: { username: string; token: string; checking: string; savings: string };

const post = (token: string, url: string, body?: unknown, headers?: Record<string, string>) =>
  call(t.app, 'POST', url, { token, body, ...(headers ? { headers } : {}) });
const accountsOf = async () =>
  (await call(t.app, 'GET', `/user/accounts/user/${saver.username}`, { token: saver.token })).body as any[];

beforeEach(async () => {
  bank = await seedBank(t.db, 'held');
  const mate = await insertClassmate(t.db, bank, 'held-saver');
  saver = { ...mate, token: await createSession(t.db, mate.id, 3600) };
  expect(
    (await post(bank.tokens.admin, '/teller/deposits', { accountId: saver.checking, amount: 20 })).status,
  ).toBe(201);
});

/** The bank's student becomes a class banker whose every request waits, and asks to take `amount` out. */
async function holdOnSaver(amount: number) {
  await makeWaitingBanker(t.db, bank);
  const asked = await post(bank.tokens.student, '/user/requests', {
    kind: 'withdrawal',
    accountId: saver.checking,
    amount,
  });
  expect(asked.body.status).toBe('waiting');
}

describe('money held for a waiting request', () => {
  it('a transfer the balance would pay but the hold stops says what is held; nothing moves', async () => {
    await holdOnSaver(8);
    const refused = await post(saver.token, '/user/transfers', {
      fromAccountId: saver.checking,
      toAccountId: saver.savings,
      amount: 15,
    });
    expect([refused.status, refused.body.message]).toEqual([409, messages.insufficientFundsHeld('$8.00')]);
    expect((await accountsOf()).map((a) => [a.accountType, a.balance, a.available])).toEqual([
      ['CHECKING', 20, 12],
      ['SAVINGS', 0, 0],
    ]);
    // Within what is available it goes.
    const within = await post(saver.token, '/user/transfers', {
      fromAccountId: saver.checking,
      toAccountId: saver.savings,
      amount: 12,
    });
    expect(within.status).toBe(201);
  });

  it('a teller withdrawal stopped by the hold says so too; more than the balance is only "Insufficient funds"', async () => {
    await holdOnSaver(8);
    const held = await post(bank.tokens.admin, '/teller/withdrawals', {
      accountId: saver.checking,
      amount: 13,
    });
    expect([held.status, held.body.message]).toEqual([409, messages.insufficientFundsHeld('$8.00')]);
    const beyond = await post(bank.tokens.admin, '/teller/withdrawals', {
      accountId: saver.checking,
      amount: 21,
    });
    expect([beyond.status, beyond.body.message]).toEqual([409, messages.insufficientFunds]);
    const transfer = await post(saver.token, '/user/transfers', {
      fromAccountId: saver.checking,
      toAccountId: saver.savings,
      amount: 25,
    });
    expect(transfer.body.message).toBe(messages.insufficientFunds);
  });

  it('without a hold, a refusal is the plain "Insufficient funds"', async () => {
    const refused = await post(saver.token, '/user/transfers', {
      fromAccountId: saver.checking,
      toAccountId: saver.savings,
      amount: 25,
    });
    expect([refused.status, refused.body.message]).toEqual([409, messages.insufficientFunds]);
  });

  it("staff's approvals list shows each account's balance and what is available; a decision's answer neither", async () => {
    await holdOnSaver(8);
    const list = await call(t.app, 'GET', `/teller/requests/${bank.bankId}`, { token: bank.tokens.teller });
    expect(list.body.map((r: any) => [r.accountId, r.amount, r.balance, r.available, r.canPay])).toEqual([
      [saver.checking, 8, 20, 12, true],
    ]);
    const decided = await post(bank.tokens.admin, `/teller/requests/${list.body[0].requestId}/reject`, {
      reason: 'Not today',
    });
    expect(decided.body).toMatchObject({ status: 'rejected', balance: null, available: null, canPay: null });
    // The banker's Cancel, too late, says what became of it.
    const cancel = await post(bank.tokens.student, `/user/requests/${list.body[0].requestId}/cancel`);
    expect([cancel.status, cancel.body.message]).toEqual([
      409,
      messages.requestAlreadyDecided({
        status: 'rejected',
        decidedBy: bank.admin.username,
        reason: 'Not today',
      }),
    ]);
    expect(cancel.body.message).toContain('No money moved');
    // The banker never learns the classmate's money.
    const own = await call(t.app, 'GET', `/user/requests/${bank.student.username}`, {
      token: bank.tokens.student,
    });
    expect(own.body[0]).not.toHaveProperty('balance');
    expect(own.body[0]).not.toHaveProperty('available');
  });
});

describe('the moment the money moved', () => {
  it('a transaction carries createdAt, the day before the day it posts; a repeat answers the same', async () => {
    const before = Date.now();
    const key = { 'idempotency-key': 'held-days-1' };
    const body = { fromAccountId: saver.checking, toAccountId: saver.savings, amount: 5 };
    const first = await post(saver.token, '/user/transfers', body, key);
    expect(first.status).toBe(201);
    const { debit, credit } = first.body;
    for (const leg of [debit, credit]) {
      const created = Date.parse(leg.createdAt);
      expect(created).toBeGreaterThanOrEqual(before - 1000);
      expect(created).toBeLessThanOrEqual(Date.now() + 1000);
      // API.md "The ledger rules": it posts a day (the posting delay) after it was made.
      expect(Date.parse(leg.transactionDate) - created).toBe(t.config.postingDelaySeconds * 1000);
    }
    const repeat = await post(saver.token, '/user/transfers', body, key);
    expect(repeat.body).toEqual(first.body);
    const listed = await call(t.app, 'GET', `/user/transactions/${saver.checking}`, { token: saver.token });
    expect(listed.body.find((row: any) => row.id === debit.id).createdAt).toBe(debit.createdAt);
    const deposit = await post(bank.tokens.admin, '/teller/deposits', {
      accountId: saver.savings,
      amount: 1,
    });
    expect(Date.parse(deposit.body.transactionDate) - Date.parse(deposit.body.createdAt)).toBe(
      t.config.postingDelaySeconds * 1000,
    );
  });
});
