import { and, eq } from 'drizzle-orm';
import { messages } from '@bank/shared';
import type { Executor, Tx } from '../../db/database.js';
import { lockAccountForMonthEnd, waitForPostingLock } from '../../db/locks.js';
import { inTransaction } from '../../db/transaction.js';
import { accounts, banks, interestCredits } from '../../db/schema.js';
import { createSingleLeg } from '../ledger/index.js';
import { dayIndexIn, lastInstantOf, type MonthPeriod } from '../months/period.js';
import { postedBalanceBefore, postedEntriesBetween } from '../months/posted-history.js';
import { monthlyInterestCents, sumOfEndOfDayBalances } from './interest-amount.js';

/** The description of every interest credit (API.md "Interest"). */
export const INTEREST_DESCRIPTION = messages.interestDescription;

export type InterestOutcome = 'credited' | 'nothing-due' | 'already-done' | 'not-eligible';

/**
 * End-of-day balance of a day = Σ of the account's live posted transactions posted before the
 * next day's 00:00 in the bank's time zone (the period's): money earns from the day it posts
 * there, exactly as the statement shows it (pending money earns nothing yet). Days are the
 * calendar's, so a day of a change to or from daylight saving counts once. Returns the month's
 * interest in cents.
 */
async function interestDue(
  tx: Tx,
  accountNumber: string,
  period: MonthPeriod,
  rateHundredths: number,
): Promise<number> {
  const opening = await postedBalanceBefore(tx, accountNumber, period.start);
  const entries = await postedEntriesBetween(tx, accountNumber, period.start, period.end);
  const postings = entries.map((entry) => ({
    dayIndex: dayIndexIn(period, entry.postedDate),
    signedCents: BigInt(entry.type === 'credit' ? entry.amountCents : -entry.amountCents),
  }));
  const endOfDaySum = sumOfEndOfDayBalances(opening, postings, period.daysInMonth);
  return Number(monthlyInterestCents(endOfDaySum, rateHundredths, period.daysInMonth));
}

/**
 * The month's interest for one savings account that is open now, once. It is credited through
 * the ledger, posted at once at the month's last instant (so it is on that month's statement and
 * counts from the next month on). A month with nothing due, or of a bank whose savings are off
 * when the month is closed, is recorded with amount 0 and no transaction, so that it is never
 * revisited (and turning savings on later does not pay for months gone by).
 */
export async function creditInterest(
  db: Executor,
  accountNumber: string,
  period: MonthPeriod,
): Promise<InterestOutcome> {
  return inTransaction(db, async (tx) => {
    // Only month-end work writes interest_credits, so under this lock the check below holds.
    await lockAccountForMonthEnd(tx, accountNumber);
    // No posting is half done while this reads the month's history (a posting stamps its rows
    // before it commits), and the credit below posts: the posting lock, exclusive.
    await waitForPostingLock(tx);
    const [row] = await tx
      .select({
        account: accounts,
        savingsActive: banks.savingsActive,
        rateHundredths: banks.savingsRateHundredths,
      })
      .from(accounts)
      .innerJoin(banks, eq(banks.id, accounts.bankId))
      .where(eq(accounts.accountNumber, accountNumber))
      .limit(1);
    const account = row?.account;
    if (!account || account.type !== 'SAVINGS' || account.closedAt !== null || account.openedAt >= period.end)
      return 'not-eligible';
    const [done] = await tx
      .select({ amount: interestCredits.amountCents })
      .from(interestCredits)
      .where(
        and(
          eq(interestCredits.accountNumber, accountNumber),
          eq(interestCredits.periodStart, period.periodStart),
        ),
      )
      .limit(1);
    if (done) return 'already-done';

    const amountCents = row.savingsActive
      ? await interestDue(tx, accountNumber, period, row.rateHundredths)
      : 0;
    let transactionId: number | null = null;
    if (amountCents > 0) {
      const postedAt = lastInstantOf(period);
      // Joins this transaction (which holds the posting lock); then the account's row lock.
      const credit = await createSingleLeg(
        tx,
        { now: postedAt, postingDelaySeconds: 0 },
        {
          accountId: accountNumber,
          type: 'credit',
          description: INTEREST_DESCRIPTION,
          amountCents,
          createdBy: null,
          transactionDate: postedAt,
          post: true,
        },
      );
      transactionId = credit.id;
    }
    await tx
      .insert(interestCredits)
      .values({ accountNumber, periodStart: period.periodStart, transactionId, amountCents });
    return amountCents > 0 ? 'credited' : 'nothing-due';
  });
}
