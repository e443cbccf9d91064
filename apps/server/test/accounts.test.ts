import { beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { messages } from '@bank/shared';
import { accounts, transactions, users } from '../src/db/schema.js';
import { queryRows } from '../src/db/client.js';
import { insertWithFreshNumber } from '../src/domain/accounts/account-number.js';
import { call, useTestApp } from './harness.js';
import { insertAccount, insertUser, seedTwoBanks, setBank } from './fixtures.js';

const t = useTestApp();
let banks: Awaited<ReturnType<typeof seedTwoBanks>>;
beforeEach(async () => {
  banks = await seedTwoBanks(t.db);
});

/** Every account row, so a refused request can be shown to have changed nothing. */
const allAccounts = () =>
  queryRows<{ account_number: string; balance_cents: number; closed_at: Date | null }>(
    t.db,
    sql`select account_number, balance_cents, closed_at from accounts order by account_number`,
  );

/** What the ledger would write for one transaction, with the balance kept in step (tests only). */
async function insertTransaction(
  accountNumber: string,
  input: { type: 'credit' | 'debit'; amountCents: number; status: 'pending' | 'posted'; deleted?: boolean },
) {
  const sign = input.type === 'credit' ? 1 : -1;
  const [account] = await t.db.select().from(accounts).where(eq(accounts.accountNumber, accountNumber));
  const balanceCents = account!.balanceCents + (input.deleted ? 0 : sign * input.amountCents);
  const posted = input.status === 'posted';
  await t.db.insert(transactions).values({
    accountNumber,
    type: input.type,
    description: input.type === 'credit' ? 'Teller Deposit' : 'Teller Withdrawal',
    amountCents: input.amountCents,
    status: input.status,
    transactionDate: new Date(),
    postedDate: posted ? new Date() : null,
    accountBalanceCents: posted ? balanceCents : null,
    postingSeq: posted ? Date.now() : null,
    deletedAt: input.deleted ? new Date() : null,
  });
  await t.db.update(accounts).set({ balanceCents }).where(eq(accounts.accountNumber, accountNumber));
}

const closeAccountRow = (accountNumber: string) =>
  t.db.update(accounts).set({ closedAt: new Date() }).where(eq(accounts.accountNumber, accountNumber));

describe('GET /user/accounts/user/{username}', () => {
  const listAs = (token: string, username: string) =>
    call(t.app, 'GET', `/user/accounts/user/${username}`, { token });

  it('gives a student their own open accounts, balance in currency units', async () => {
    const { one } = banks;
    await t.db
      .update(accounts)
      .set({ balanceCents: 12_345 })
      .where(eq(accounts.accountNumber, one.checking.accountNumber));
    const res = await listAs(one.tokens.student, 'one-student');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id: one.checking.accountNumber,
        accountId: one.checking.accountNumber,
        accountType: 'CHECKING',
        balance: 123.45,
        available: 123.45,
        branchId: one.main.id,
        bankId: one.bankId,
        username: 'one-student',
        pendingCount: 0,
      },
    ]);
  });

  it('matches the username without case and leaves closed accounts out', async () => {
    const { one } = banks;
    const savings = await insertAccount(t.db, {
      userId: one.student.id,
      bankId: one.bankId,
      branchId: one.main.id,
      type: 'SAVINGS',
    });
    await closeAccountRow(one.checking.accountNumber);
    const res = await listAs(one.tokens.student, 'ONE-Student');
    expect(res.status).toBe(200);
    expect(res.body.map((a: { accountId: string }) => a.accountId)).toEqual([savings.accountNumber]);
  });

  it('lets staff of the bank read any of its customers', async () => {
    const { one } = banks;
    for (const token of [one.tokens.admin, one.tokens.teller]) {
      const res = await listAs(token, 'one-student2');
      expect(res.status).toBe(200);
      expect(res.body.map((a: { accountId: string }) => a.accountId)).toEqual([
        one.otherChecking.accountNumber,
      ]);
    }
  });

  it("answers 404 for another customer, another bank's customer, or an unknown user", async () => {
    const { one, two } = banks;
    const refusals: Array<[string, string]> = [
      [one.tokens.student, 'one-student2'],
      [one.tokens.student, 'one-admin'],
      [one.tokens.otherStudent, 'one-student'],
      [two.tokens.admin, 'one-student'],
      [two.tokens.teller, 'one-student'],
      [two.tokens.student, 'one-student'],
      [one.tokens.admin, 'nobody-here'],
    ];
    for (const [token, username] of refusals) {
      const res = await listAs(token, username);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'NOT_FOUND', reason: 'NOT_FOUND', message: messages.notFound });
    }
    expect((await call(t.app, 'GET', '/user/accounts/user/one-student')).status).toBe(401);
  });
});

describe('GET /teller/accounts/bank/{bankId}', () => {
  const listAs = (token: string, bankId = banks.one.bankId) =>
    call(t.app, 'GET', `/teller/accounts/bank/${bankId}`, { token });

  it('gives staff every open account of their bank with its owner', async () => {
    const { one } = banks;
    const closed = await insertAccount(t.db, {
      userId: one.student.id,
      bankId: one.bankId,
      branchId: one.main.id,
    });
    await closeAccountRow(closed.accountNumber);
    for (const token of [one.tokens.admin, one.tokens.teller]) {
      const res = await listAs(token);
      expect(res.status).toBe(200);
      const summary = res.body.map((a: { accountId: string; username: string; branchId: number }) => [
        a.accountId,
        a.username,
        a.branchId,
      ]);
      expect(summary).toEqual([
        [one.checking.accountNumber, 'one-student', one.main.id],
        [one.otherChecking.accountNumber, 'one-student2', one.north.id],
      ]);
    }
  });

  it("refuses students (403) and another bank's staff (404)", async () => {
    const { one, two } = banks;
    for (const token of [one.tokens.student, one.tokens.otherStudent])
      expect((await listAs(token)).status).toBe(403);
    for (const token of [two.tokens.admin, two.tokens.teller]) expect((await listAs(token)).status).toBe(404);
    expect((await listAs(one.tokens.admin, 9999)).status).toBe(404);
  });
});

describe('POST /admin/accounts/create', () => {
  const create = (token: string, body: unknown) =>
    call(t.app, 'POST', '/admin/accounts/create', { token, body });

  it('opens an account with a new random 10-digit number and a zero balance', async () => {
    const { one } = banks;
    const res = await create(one.tokens.admin, {
      branchId: one.main.id,
      userId: 'one-student',
      accountType: 'SAVINGS',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: res.body.accountId,
      accountId: expect.stringMatching(/^[1-9][0-9]{9}$/),
      accountType: 'SAVINGS',
      balance: 0,
      available: 0,
      branchId: one.main.id,
      bankId: one.bankId,
      username: 'one-student',
      pendingCount: 0,
    });
    const listed = await call(t.app, 'GET', '/user/accounts/user/one-student', { token: one.tokens.student });
    expect(listed.body).toContainEqual(res.body);
    const branchesRes = await call(t.app, 'GET', `/teller/branches/${one.bankId}`, {
      token: one.tokens.admin,
    });
    expect(branchesRes.body[0].numOfAccounts).toBe(2);
  });

  it('accepts username for userId (any case), the branch as a string, its own bankId, and defaults to CHECKING', async () => {
    const { one } = banks;
    const res = await create(one.tokens.admin, {
      branchId: String(one.north.id),
      username: 'ONE-STUDENT2',
      bankId: one.bankId,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      accountType: 'CHECKING',
      username: 'one-student2',
      branchId: one.north.id,
    });
  });

  it('gives every new account a different number', async () => {
    const { one } = banks;
    const numbers = new Set<string>();
    for (let i = 0; i < 15; i++) {
      const res = await create(one.tokens.admin, { branchId: one.main.id, userId: 'one-student' });
      numbers.add(res.body.accountId);
    }
    expect(numbers.size).toBe(15);
  });

  it("answers 400 with the form's messages for a missing branch or user", async () => {
    const { one } = banks;
    const before = await allAccounts();
    for (const branchId of [undefined, '', 'blank', 0, -3, 1.5]) {
      const res = await create(one.tokens.admin, { branchId, userId: 'one-student' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        message: 'Please select a branch',
        fields: { branchId: 'Please select a branch' },
      });
    }
    for (const user of [{}, { userId: '' }, { userId: '   ' }, { username: '' }]) {
      const res = await create(one.tokens.admin, { branchId: one.main.id, ...user });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        message: 'Please select a user',
        fields: { userId: 'Please select a user' },
      });
    }
    const badType = await create(one.tokens.admin, {
      branchId: one.main.id,
      userId: 'one-student',
      accountType: 'GOLD',
    });
    expect(badType.status).toBe(400);
    expect(await allAccounts()).toEqual(before);
  });

  it('answers 409 unless the owner is a current Student of the chosen branch', async () => {
    const { one } = banks;
    const retired = await insertUser(t.db, {
      username: 'one-retired',
      role: 'USER',
      bankId: one.bankId,
      branchId: one.main.id,
    });
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, retired.id));
    const before = await allAccounts();
    for (const [userId, branchId] of [
      ['one-student2', one.main.id],
      ['one-student', one.north.id],
      ['one-teller', one.main.id],
      ['one-admin', one.main.id],
      ['one-retired', one.main.id],
    ] as const) {
      const res = await create(one.tokens.admin, { branchId, userId });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        error: 'CONFLICT',
        reason: 'ACCOUNT_OWNER_NOT_STUDENT_OF_BRANCH',
        message: messages.accountOwnerNotStudentOfBranch,
      });
    }
    expect(await allAccounts()).toEqual(before);
  });

  it('answers 409 "Account type is not offered" for a type the bank has switched off', async () => {
    const { one } = banks;
    await setBank(t.db, one.bankId, { savingsActive: false });
    const before = await allAccounts();
    const res = await create(one.tokens.admin, {
      branchId: one.main.id,
      userId: 'one-student',
      accountType: 'SAVINGS',
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: 'CONFLICT',
      reason: 'ACCOUNT_TYPE_NOT_OFFERED',
      message: 'Account type is not offered',
    });
    expect(await allAccounts()).toEqual(before);
    const checking = await create(one.tokens.admin, {
      branchId: one.main.id,
      userId: 'one-student',
      accountType: 'CHECKING',
    });
    expect(checking.status).toBe(201);
    await setBank(t.db, one.bankId, { checkingActive: false, savingsActive: true });
    expect(
      (await create(one.tokens.admin, { branchId: one.main.id, userId: 'one-student' })).body.message,
    ).toBe('Account type is not offered');
  });

  it("answers 404 for another bank's branch, user or bankId and for unknown ones", async () => {
    const { one, two } = banks;
    const before = await allAccounts();
    const refusals = [
      { branchId: two.main.id, userId: 'one-student' },
      { branchId: one.main.id, userId: 'two-student' },
      { branchId: two.main.id, userId: 'two-student' },
      { branchId: one.main.id, userId: 'one-student', bankId: two.bankId },
      { branchId: 9999, userId: 'one-student' },
      { branchId: one.main.id, userId: 'nobody-here' },
    ];
    for (const body of refusals) {
      const res = await create(one.tokens.admin, body);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('NOT_FOUND');
    }
    expect(await allAccounts()).toEqual(before);
  });

  it('refuses tellers and students with 403', async () => {
    const { one } = banks;
    const before = await allAccounts();
    for (const token of [one.tokens.teller, one.tokens.student]) {
      const res = await create(token, { branchId: one.main.id, userId: 'one-student' });
      expect(res.status).toBe(403);
    }
    expect(await allAccounts()).toEqual(before);
  });

  it('draws another number when the first one is taken', async () => {
    const { one } = banks;
    const taken = one.checking.accountNumber;
    const draws = [taken, taken, '4444444444'];
    const values = {
      bankId: one.bankId,
      branchId: one.main.id,
      userId: one.student.id,
      type: 'CHECKING' as const,
    };
    const row = await t.db.transaction((tx) => insertWithFreshNumber(tx, values, () => draws.shift()!));
    expect(row.accountNumber).toBe('4444444444');
    expect(draws).toEqual([]);
    await expect(t.db.transaction((tx) => insertWithFreshNumber(tx, values, () => taken))).rejects.toThrow(
      /no free account number/,
    );
  });
});

describe('DELETE /admin/accounts/{accountId}/delete', () => {
  const close = (token: string, accountId: string) =>
    call(t.app, 'DELETE', `/admin/accounts/${accountId}/delete`, { token });

  it('closes an empty account without erasing it or its history', async () => {
    const { one } = banks;
    const number = one.checking.accountNumber;
    await insertTransaction(number, { type: 'credit', amountCents: 500, status: 'posted' });
    await insertTransaction(number, { type: 'debit', amountCents: 500, status: 'posted' });
    const res = await close(one.tokens.admin, number);
    expect(res.status).toBe(204);
    expect(res.body).toBe('');
    const [row] = await t.db.select().from(accounts).where(eq(accounts.accountNumber, number));
    expect(row?.closedAt).toBeInstanceOf(Date);
    expect(await t.db.select().from(transactions).where(eq(transactions.accountNumber, number))).toHaveLength(
      2,
    );
    const listed = await call(t.app, 'GET', '/user/accounts/user/one-student', { token: one.tokens.student });
    expect(listed.body).toEqual([]);
    const branchesRes = await call(t.app, 'GET', `/teller/branches/${one.bankId}`, {
      token: one.tokens.admin,
    });
    expect(branchesRes.body[0].numOfAccounts).toBe(0);
    // Closed is final: a second close finds no open account.
    expect((await close(one.tokens.admin, number)).status).toBe(404);
  });

  it('answers 409 while the balance is not zero or something is pending', async () => {
    const { one } = banks;
    const funded = one.checking.accountNumber;
    await insertTransaction(funded, { type: 'credit', amountCents: 1, status: 'posted' });
    const pendingOnly = one.otherChecking.accountNumber;
    await insertTransaction(pendingOnly, { type: 'credit', amountCents: 700, status: 'posted' });
    await insertTransaction(pendingOnly, { type: 'debit', amountCents: 700, status: 'pending' });
    const before = await allAccounts();
    for (const number of [funded, pendingOnly]) {
      const res = await close(one.tokens.admin, number);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        error: 'CONFLICT',
        reason: 'ACCOUNT_NOT_EMPTY',
        message: messages.accountNotEmpty,
      });
    }
    expect(await allAccounts()).toEqual(before);
  });

  it('ignores a pending transaction that was deleted', async () => {
    const { one } = banks;
    await insertTransaction(one.checking.accountNumber, {
      type: 'credit',
      amountCents: 900,
      status: 'pending',
      deleted: true,
    });
    expect((await close(one.tokens.admin, one.checking.accountNumber)).status).toBe(204);
  });

  it("answers 404 for another bank's or an unknown account, 403 for tellers and students, 400 for a bad number", async () => {
    const { one, two } = banks;
    const before = await allAccounts();
    expect((await close(two.tokens.admin, one.checking.accountNumber)).status).toBe(404);
    expect((await close(one.tokens.admin, '9999999999')).status).toBe(404);
    for (const token of [one.tokens.teller, one.tokens.student]) {
      expect((await close(token, one.checking.accountNumber)).status).toBe(403);
    }
    const bad = await close(one.tokens.admin, '12345');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('VALIDATION');
    expect(await allAccounts()).toEqual(before);
  });

  it('waits for a deposit that holds the account row, then refuses to close', async () => {
    const { one } = banks;
    const number = one.checking.accountNumber;
    let closing: ReturnType<typeof close> | undefined;
    // A deposit as the ledger makes one: lock the account, add a pending credit and the balance.
    await t.db.transaction(async (tx) => {
      await tx.select().from(accounts).where(eq(accounts.accountNumber, number)).for('update');
      closing = close(one.tokens.admin, number);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.insert(transactions).values({
        accountNumber: number,
        type: 'credit',
        description: 'Teller Deposit',
        amountCents: 2_500,
        transactionDate: new Date(),
      });
      await tx.update(accounts).set({ balanceCents: 2_500 }).where(eq(accounts.accountNumber, number));
    });
    const res = await closing!;
    expect(res.status).toBe(409);
    const [row] = await t.db.select().from(accounts).where(eq(accounts.accountNumber, number));
    expect(row).toMatchObject({ balanceCents: 2_500, closedAt: null });
  });
});
