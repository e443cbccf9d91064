import { and, eq } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/database.js';
import { lockAccountForMonthEnd, waitForPostingsToSettle } from '../../db/locks.js';
import { inTransaction } from '../../db/transaction.js';
import { accounts, banks, interestCredits, statements, users } from '../../db/schema.js';
import { monthBefore, monthOf, type MonthPeriod } from '../months/period.js';
import { postedBalanceBefore, postedEntriesBetween } from '../months/posted-history.js';
import { statementFileName } from './file-name.js';
import { computeStatementLines, type StatementContent } from './statement-content.js';
import { renderStatementPdf } from './render-statement.js';

export type IssueOutcome = 'issued' | 'already-issued' | 'not-open' | 'awaiting-interest';

const toCentsNumber = (value: bigint) => {
  const cents = Number(value);
  if (!Number.isSafeInteger(cents)) throw new Error('Balance out of range');
  return cents;
};

async function loadAccount(tx: Tx, accountNumber: string) {
  const [row] = await tx
    .select({ account: accounts, customerName: users.name, bankName: banks.name })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .innerJoin(banks, eq(banks.id, accounts.bankId))
    .where(eq(accounts.accountNumber, accountNumber))
    .limit(1);
  return row;
}

/**
 * The previous month's statement: where it ended and its closing balance, or null when there is
 * none. It ended at the end of its month in the zone it was cut in, which is not today's when
 * the bank's zone changed since (or it was issued before months followed the bank's zone).
 */
async function previousStatement(
  tx: Tx,
  accountNumber: string,
  period: MonthPeriod,
): Promise<{ end: Date; closingBalanceCents: number } | null> {
  const previous = monthBefore(period);
  const [row] = await tx
    .select({ closing: statements.closingBalanceCents, timeZone: statements.timeZone })
    .from(statements)
    .where(and(eq(statements.accountNumber, accountNumber), eq(statements.periodStart, previous.periodStart)))
    .limit(1);
  return row
    ? { end: monthOf(previous.periodStart, row.timeZone).end, closingBalanceCents: row.closing }
    : null;
}

/** A savings account open now gets the month's interest first, and the statement shows it. */
async function interestPending(
  tx: Tx,
  account: typeof accounts.$inferSelect,
  period: MonthPeriod,
): Promise<boolean> {
  if (account.type !== 'SAVINGS' || account.closedAt !== null) return false;
  const [done] = await tx
    .select({ amount: interestCredits.amountCents })
    .from(interestCredits)
    .where(
      and(
        eq(interestCredits.accountNumber, account.accountNumber),
        eq(interestCredits.periodStart, period.periodStart),
      ),
    )
    .limit(1);
  return !done;
}

/**
 * Issues one account's statement for one month that has ended (in the bank's time zone, the
 * period's), once: the PDF is rendered from the posted history as it is now and stored; it is
 * never rendered again. It starts where the previous month's statement ended, with its closing
 * balance, when that statement exists (so a change of zone leaves no posting out and none on two
 * statements), else at the month's start with the posted balance before it.
 */
export async function issueStatement(
  db: Executor,
  accountNumber: string,
  period: MonthPeriod,
  issuedAt: Date,
): Promise<IssueOutcome> {
  return inTransaction(db, async (tx) => {
    await lockAccountForMonthEnd(tx, accountNumber);
    // Every row posted so far is committed before the history below is read, and none is half
    // done (a posting stamps posted_date first and commits later): the statement is complete.
    await waitForPostingsToSettle(tx);
    const [existing] = await tx
      .select({ id: statements.id })
      .from(statements)
      .where(and(eq(statements.accountNumber, accountNumber), eq(statements.periodStart, period.periodStart)))
      .limit(1);
    if (existing) return 'already-issued';
    const row = await loadAccount(tx, accountNumber);
    if (!row) return 'not-open';
    const { account } = row;
    const openInMonth =
      account.openedAt < period.end && (account.closedAt === null || account.closedAt > period.start);
    if (!openInMonth) return 'not-open';
    if (await interestPending(tx, account, period)) return 'awaiting-interest';

    const previous = await previousStatement(tx, accountNumber, period);
    const covered: MonthPeriod = { ...period, start: previous?.end ?? period.start };
    const postedBefore = toCentsNumber(await postedBalanceBefore(tx, accountNumber, covered.start));
    const openingBalanceCents = previous?.closingBalanceCents ?? postedBefore;
    const entries = await postedEntriesBetween(tx, accountNumber, covered.start, covered.end);
    const figures = computeStatementLines(covered, {
      openingBalanceCents,
      postedBalanceBeforeCents: postedBefore,
      entries,
    });
    const content: StatementContent = {
      bankName: row.bankName,
      customerName: row.customerName,
      accountType: account.type,
      accountNumber,
      period: covered,
      issuedAt,
      openingBalanceCents,
      ...figures,
    };
    const pdf = await renderStatementPdf(content);
    await tx
      .insert(statements)
      .values({
        accountNumber,
        periodStart: period.periodStart,
        timeZone: period.zone,
        fileName: statementFileName(accountNumber, period),
        openingBalanceCents,
        closingBalanceCents: figures.closingBalanceCents,
        pdf,
      })
      .onConflictDoNothing();
    return 'issued';
  });
}
