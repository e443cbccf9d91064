import { eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { accounts, interestCredits, statements } from '../src/db/schema.js';
import { createSingleLeg, verifyLedger } from '../src/domain/ledger/index.js';
import { postTransactions } from '../src/domain/ledger/posting/index.js';
import { runMonthEnd } from '../src/domain/month-end/index.js';
import { lastEndedMonth, monthBefore } from '../src/domain/months/index.js';
import { useTestApp } from './harness.js';
import { insertAccount, seedTwoBanks } from './fixtures.js';

/**
 * Month-end reads its work a page at a time (issue 32): with pages of 2, five savings accounts over
 * three months get every month's interest and statement, each month's interest before its statement,
 * months oldest first, exactly as one whole read would.
 */

const t = useTestApp();
let banks: Awaited<ReturnType<typeof seedTwoBanks>>;
beforeEach(async () => {
  banks = await seedTwoBanks(t.db);
});

const SAVERS = 5;
const MONTHS = 3;

describe('month-end in pages', () => {
  it('does every account-month with pages smaller than a month, interest before each statement', async () => {
    const now = new Date();
    const last = lastEndedMonth(now, 'UTC');
    const first = monthBefore(monthBefore(last));
    const { one } = banks;
    const savers: string[] = [];
    for (let i = 0; i < SAVERS; i++) {
      const { accountNumber } = await insertAccount(t.db, {
        userId: one.student.id,
        bankId: one.bankId,
        branchId: one.main.id,
        type: 'SAVINGS',
      });
      await t.db
        .update(accounts)
        .set({ openedAt: first.start })
        .where(eq(accounts.accountNumber, accountNumber));
      await createSingleLeg(
        t.db,
        { now: first.start, postingDelaySeconds: 0 },
        {
          accountId: accountNumber,
          type: 'credit',
          description: 'Deposit',
          amountCents: 100_000 + i,
          createdBy: null,
        },
      );
      savers.push(accountNumber);
    }
    await postTransactions(t.db, { now: first.start });

    const result = await runMonthEnd(t.db, { now, pageSize: 2 });

    expect(result.interestCredited).toBe(SAVERS * MONTHS);
    const credits = await t.db
      .select()
      .from(interestCredits)
      .where(inArray(interestCredits.accountNumber, savers));
    expect(credits).toHaveLength(SAVERS * MONTHS);
    expect(credits.every((c) => c.amountCents > 0)).toBe(true);
    const issued = await t.db
      .select()
      .from(statements)
      .where(inArray(statements.accountNumber, savers))
      .orderBy(statements.accountNumber, statements.periodStart);
    expect(issued).toHaveLength(SAVERS * MONTHS);
    for (const account of savers) {
      const own = issued.filter((s) => s.accountNumber === account);
      for (const [i, statement] of own.entries()) {
        const credit = credits.find(
          (c) => c.accountNumber === account && c.periodStart === statement.periodStart,
        );
        const deposit = i === 0 ? 100_000 + savers.indexOf(account) : 0;
        // The month's statement shows its interest: it was credited first.
        expect(statement.closingBalanceCents).toBe(
          statement.openingBalanceCents + deposit + credit!.amountCents,
        );
        if (i > 0) expect(statement.openingBalanceCents).toBe(own[i - 1]!.closingBalanceCents);
      }
    }
    expect(result.months).toEqual(
      [first, monthBefore(last), last].map((m) => m.start.toISOString().slice(0, 7)),
    );
    // Nothing is left: a second run finds no work.
    expect(await runMonthEnd(t.db, { now, pageSize: 2 })).toEqual({
      months: [],
      interestCredited: 0,
      interestNothingDue: 0,
      statementsIssued: 0,
    });
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
