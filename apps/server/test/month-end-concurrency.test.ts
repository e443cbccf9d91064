import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/db/client.js';
import { LOCK_KEYS } from '../src/db/locks.js';
import { accounts, interestCredits, statements, transactions } from '../src/db/schema.js';
import { monthlyInterestCents, sumOfEndOfDayBalances } from '../src/domain/interest/index.js';
import { createSingleLeg, verifyLedger } from '../src/domain/ledger/index.js';
import { postTransactions } from '../src/domain/ledger/posting/index.js';
import { runMonthEnd } from '../src/domain/month-end/index.js';
import { lastEndedMonth, type MonthPeriod } from '../src/domain/months/index.js';
import { call, databaseKind, databaseUrlOf, useTestApp } from './harness.js';
import { insertAccount, seedTwoBanks } from './fixtures.js';

/**
 * Month-end (interest, statements) against posting and closing, through the real database:
 * statements and interest see every row posted before the month's end, and an account closed
 * after a month's end still gets that month's interest.
 */

const t = useTestApp();
let banks: Awaited<ReturnType<typeof seedTwoBanks>>;
beforeEach(async () => {
  banks = await seedTwoBanks(t.db);
});

const DAY_MS = 86_400_000;
const scratchUrl = () => databaseUrlOf(t.db);

/** An account of bank one's student, opened at the start of `month`. */
async function accountOpenedIn(month: MonthPeriod, type: 'CHECKING' | 'SAVINGS') {
  const { one } = banks;
  const account = await insertAccount(t.db, {
    userId: one.student.id,
    bankId: one.bankId,
    branchId: one.main.id,
    type,
  });
  await t.db
    .update(accounts)
    .set({ openedAt: month.start })
    .where(eq(accounts.accountNumber, account.accountNumber));
  return account.accountNumber;
}

/** A deposit made at `at`, pending until it is posted. */
const depositAt = (accountId: string, at: Date, amountCents: number) =>
  createSingleLeg(
    t.db,
    { now: at, postingDelaySeconds: 0 },
    { accountId, type: 'credit', description: 'Deposit', amountCents, createdBy: null },
  );

async function balanceOf(accountNumber: string) {
  const [row] = await t.db.select().from(accounts).where(eq(accounts.accountNumber, accountNumber));
  return row!.balanceCents;
}

describe.skipIf(databaseKind === 'pglite')(
  'month-end and posting at the same time (PostgreSQL only: PGlite runs one transaction at a time, so no posting can be in flight)',
  () => {
    it('statements and interest wait for a posting in flight and include its rows posted before the month ended', async () => {
      const month = lastEndedMonth(new Date(), 'UTC');
      const checking = await accountOpenedIn(month, 'CHECKING');
      const savings = await accountOpenedIn(month, 'SAVINGS');
      for (const account of [checking, savings]) {
        await depositAt(account, month.start, 100_000);
        await postTransactions(t.db, { now: month.start });
        await depositAt(account, new Date(month.start.getTime() + 10 * DAY_MS), 50_000);
      }
      // Another process posts the second deposits on the month's 11th day and has not committed yet.
      const other = await openDatabase({ databaseUrl: scratchUrl() });
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let stamped!: () => void;
      const inFlight = new Promise<void>((resolve) => (stamped = resolve));
      const posting = other.db.transaction(async (tx) => {
        const result = await postTransactions(tx, {
          now: new Date(month.start.getTime() + 10 * DAY_MS + 3_600_000),
          wait: true,
        });
        expect(result.posted).toBe(2);
        stamped();
        await gate;
      });
      try {
        await inFlight;
        const monthEnd = runMonthEnd(t.db, { now: new Date() });
        await new Promise((resolve) => setTimeout(resolve, 300));
        release();
        await posting;
        await monthEnd;
      } finally {
        release();
        await other.close();
      }

      const days = month.daysInMonth;
      const expectedInterest = Number(
        monthlyInterestCents(
          sumOfEndOfDayBalances(
            0n,
            [
              { dayIndex: 0, signedCents: 100_000n },
              { dayIndex: 10, signedCents: 50_000n },
            ],
            days,
          ),
          250,
          days,
        ),
      );
      expect(expectedInterest).toBeGreaterThan(0);
      const [credit] = await t.db
        .select()
        .from(interestCredits)
        .where(eq(interestCredits.accountNumber, savings));
      expect(credit!.amountCents).toBe(expectedInterest);
      for (const account of [checking, savings]) {
        const [statement] = await t.db
          .select()
          .from(statements)
          .where(and(eq(statements.accountNumber, account), eq(statements.periodStart, month.periodStart)));
        expect(statement!.closingBalanceCents, account).toBe(await balanceOf(account));
      }
      expect(await balanceOf(savings)).toBe(150_000 + expectedInterest);
      expect(await verifyLedger(t.db)).toEqual([]);
    });

    it("the admin's posting that waited for the lock is stamped when it posts, not when it was asked for", async () => {
      const { one } = banks;
      await depositAt(one.checking.accountNumber, new Date(Date.now() - DAY_MS), 500);
      const other = new pg.Client({ connectionString: scratchUrl() });
      await other.connect();
      let releasedAt: number;
      try {
        await other.query('begin');
        await other.query('select pg_advisory_xact_lock($1)', [LOCK_KEYS.posting]);
        const waiting = call(t.app, 'POST', '/admin/transactions/post', { token: one.tokens.admin });
        await new Promise((resolve) => setTimeout(resolve, 300));
        releasedAt = Date.now();
        await other.query('commit');
        expect((await waiting).body).toEqual({ posted: 1 });
      } finally {
        await other.end();
      }
      const [row] = await t.db
        .select()
        .from(transactions)
        .where(eq(transactions.accountNumber, one.checking.accountNumber));
      expect(row!.postedDate!.getTime()).toBeGreaterThanOrEqual(releasedAt - 5);
    });
  },
);

describe('closing a savings account before month-end has run', () => {
  it("credits the ended month's interest first: nothing is lost, and the account closes once emptied", async () => {
    const { one } = banks;
    const month = lastEndedMonth(new Date(), 'UTC');
    const savings = await accountOpenedIn(month, 'SAVINGS');
    await depositAt(savings, month.start, 1_000_000);
    await postTransactions(t.db, { now: month.start });
    // Emptied after the month's end, before the month-end job has run.
    const withdrawal = await call(t.app, 'POST', '/teller/withdrawals', {
      token: one.tokens.admin,
      body: { accountId: savings, amount: 10_000 },
    });
    expect(withdrawal.status).toBe(201);
    await postTransactions(t.db, { now: new Date(), all: true });
    expect(await balanceOf(savings)).toBe(0);

    const expectedInterest = Number(
      monthlyInterestCents(
        sumOfEndOfDayBalances(0n, [{ dayIndex: 0, signedCents: 1_000_000n }], month.daysInMonth),
        250,
        month.daysInMonth,
      ),
    );
    expect(expectedInterest).toBeGreaterThan(0);
    const close = () =>
      call(t.app, 'DELETE', `/admin/accounts/${savings}/delete`, { token: one.tokens.admin });
    // The month's interest is credited now, so the account is not empty any more.
    expect((await close()).status).toBe(409);
    expect(await balanceOf(savings)).toBe(expectedInterest);
    const [credit] = await t.db
      .select()
      .from(interestCredits)
      .where(eq(interestCredits.accountNumber, savings));
    expect(credit).toMatchObject({ periodStart: month.periodStart, amountCents: expectedInterest });

    const payout = await call(t.app, 'POST', '/teller/withdrawals', {
      token: one.tokens.admin,
      body: { accountId: savings, amount: expectedInterest / 100 },
    });
    expect(payout.status).toBe(201);
    await postTransactions(t.db, { now: new Date(), all: true });
    expect((await close()).status).toBe(204);

    // Month-end afterwards credits nothing more and issues the month's statement, interest on it.
    const result = await runMonthEnd(t.db, { now: new Date() });
    expect(result.interestCredited).toBe(0);
    const [statement] = await t.db.select().from(statements).where(eq(statements.accountNumber, savings));
    expect(statement!.closingBalanceCents).toBe(1_000_000 + expectedInterest);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
