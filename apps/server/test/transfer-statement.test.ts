import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { messages } from '@bank/shared';
import { queryRows } from '../src/db/client.js';
import { inTransaction } from '../src/db/transaction.js';
import type { Actor } from '../src/domain/actor.js';
import { AppError } from '../src/domain/errors.js';
import { transferOnce, verifyLedger } from '../src/domain/ledger/index.js';
import { call, useTestApp } from './harness.js';
import { seedTwoBanks, setBank } from './fixtures.js';

/**
 * A transfer is one database statement (the function ledger_transfer_group, db/functions), answer
 * included. Its answer must be what the rest of the API says about the same rows, and its refusals
 * must leave nothing behind, Idempotency-Key included. Through HTTP, on both databases (the ledger
 * suites cover the rest of the transfer rules); a transfer inside a caller's transaction, which no
 * route makes, through the domain call.
 */
const t = useTestApp();
let banks: Awaited<ReturnType<typeof seedTwoBanks>>;

beforeEach(async () => {
  banks = await seedTwoBanks(t.db);
});

const keyRows = async () =>
  (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from idempotency_keys`))[0]!.n;

async function deposit(accountId: string, amount: number) {
  const res = await call(t.app, 'POST', '/teller/deposits', {
    token: banks.one.tokens.admin,
    body: { accountId, amount },
  });
  expect(res.status).toBe(201);
}

describe('a transfer in one statement', () => {
  it("answers each leg exactly as the account's transaction list shows it, and replays that answer", async () => {
    const { one } = banks;
    await deposit(one.checking.accountNumber, 100);
    const body = {
      fromAccountId: one.checking.accountNumber,
      toAccountId: one.otherChecking.accountNumber,
      amount: 12.34,
    };
    const headers = { 'idempotency-key': 'same-shape-1' };
    const first = await call(t.app, 'POST', '/user/transfers', { token: one.tokens.admin, headers, body });
    expect(first.status).toBe(201);
    for (const [leg, account] of [
      ['debit', one.checking.accountNumber],
      ['credit', one.otherChecking.accountNumber],
    ] as const) {
      const list = await call(t.app, 'GET', `/user/transactions/${account}`, { token: one.tokens.admin });
      const listed = (list.body as Array<{ id: number }>).find((row) => row.id === first.body[leg].id);
      expect(first.body[leg]).toEqual(listed);
    }
    expect(first.body.debit).toMatchObject({
      amount: 12.34,
      status: 'pending',
      description: messages.transferToDescription('CHECKING', one.otherChecking.accountNumber.slice(-4)),
      transferId: first.body.transferId,
    });
    const again = await call(t.app, 'POST', '/user/transfers', { token: one.tokens.admin, headers, body });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('remembers no key for a refused transfer: the same key goes through once the money is there', async () => {
    const { one } = banks;
    const body = {
      fromAccountId: one.checking.accountNumber,
      toAccountId: one.otherChecking.accountNumber,
      amount: 5,
    };
    const headers = { 'idempotency-key': 'refused-then-fine' };
    const refused = await call(t.app, 'POST', '/user/transfers', { token: one.tokens.admin, headers, body });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(messages.insufficientFunds);
    expect(await keyRows()).toBe(0);
    await deposit(one.checking.accountNumber, 5);
    const fine = await call(t.app, 'POST', '/user/transfers', { token: one.tokens.admin, headers, body });
    expect(fine.status).toBe(201);
    expect(await keyRows()).toBe(1);
  });

  it("refuses a teller without the bank's transfer permission (403), another bank's account (404), writing nothing", async () => {
    const { one, two } = banks;
    await deposit(one.checking.accountNumber, 50);
    await setBank(t.db, one.bankId, { tellerTransferPermission: false });
    const body = {
      fromAccountId: one.checking.accountNumber,
      toAccountId: one.otherChecking.accountNumber,
      amount: 1,
    };
    const headers = { 'idempotency-key': 'teller-1' };
    const teller = await call(t.app, 'POST', '/user/transfers', { token: one.tokens.teller, headers, body });
    expect(teller.status).toBe(403);
    expect(teller.body.message).toBe(messages.tellerPermissionMissing);
    const elsewhere = await call(t.app, 'POST', '/user/transfers', {
      token: one.tokens.admin,
      headers,
      body: { ...body, toAccountId: two.checking.accountNumber },
    });
    expect(elsewhere.status).toBe(404);
    const [rows] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from transactions`);
    expect(rows!.n).toBe(1);
    expect(await keyRows()).toBe(0);
  });
  it("gives a teller's repeat its first answer even after the permission was turned off, moving nothing", async () => {
    const { one } = banks;
    await deposit(one.checking.accountNumber, 50);
    await setBank(t.db, one.bankId, { tellerTransferPermission: true });
    const request = {
      token: one.tokens.teller,
      headers: { 'idempotency-key': 'teller-before-the-change' },
      body: {
        fromAccountId: one.checking.accountNumber,
        toAccountId: one.otherChecking.accountNumber,
        amount: 2,
      },
    };
    const first = await call(t.app, 'POST', '/user/transfers', request);
    expect(first.status).toBe(201);
    await setBank(t.db, one.bankId, { tellerTransferPermission: false });
    const repeat = await call(t.app, 'POST', '/user/transfers', request);
    expect(repeat.status).toBe(201);
    expect(repeat.body).toEqual(first.body);
    const fresh = await call(t.app, 'POST', '/user/transfers', {
      ...request,
      headers: { 'idempotency-key': 'teller-after-the-change' },
    });
    expect(fresh.status).toBe(403);
    const [rows] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from transactions`);
    expect(rows!.n).toBe(3);
  });

  it("inside the caller's transaction, moves the money in it at the caller's clock, and a refusal leaves it going", async () => {
    const { one } = banks;
    await deposit(one.checking.accountNumber, 20);
    const admin: Actor = { ...one.admin, sessionId: 0 };
    const clock = { now: new Date('2031-02-03T04:05:06.000Z'), postingDelaySeconds: 60 };
    const move = (amountCents: number) => ({
      fromAccountId: one.checking.accountNumber,
      toAccountId: one.otherChecking.accountNumber,
      amountCents,
    });
    const moved = await inTransaction(t.db, async (tx) => {
      const refused = await transferOnce(tx, clock, admin, move(2001), null).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).statusCode).toBe(409);
      return transferOnce(tx, clock, admin, move(1234), 'in-a-transaction');
    });
    expect(moved).toMatchObject({ status: 201, replayed: false });
    expect(moved.body.debit).toMatchObject({ amount: 12.34, transactionDate: '2031-02-03T04:06:06.000Z' });
    const [written] = await queryRows<{ created: string }>(
      t.db,
      sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as created from transactions
          where transfer_id = ${moved.body.transferId} and type = 'credit'`,
    );
    expect(written!.created).toBe('2031-02-03T04:05:06');
    expect(await keyRows()).toBe(1);

    const rolledBack = inTransaction(t.db, async (tx) => {
      await transferOnce(tx, clock, admin, move(100), 'rolled-back');
      throw new Error('the caller gives up');
    });
    await expect(rolledBack).rejects.toThrow('the caller gives up');
    const [count] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from transactions`);
    expect(count!.n).toBe(3);
    expect(await keyRows()).toBe(1);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
