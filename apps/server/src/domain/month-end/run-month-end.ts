import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database, type Executor, type Tx } from '../../db/database.js';
import { allowLongJob } from '../../db/timeouts.js';
import { inTransaction } from '../../db/transaction.js';
import { creditInterest } from '../interest/index.js';
import { issueStatement } from '../statements/index.js';
import { lastEndedMonth, monthOf, type MonthPeriod } from '../months/period.js';

export interface MonthEndOptions {
  /** Months that ended at or before this instant are closed; never later than the real time. */
  asOf: Date;
  /** Account-months one look reads at most (MONTH_END_PAGE; tests take smaller pages). */
  pageSize?: number;
}

export interface MonthEndResult {
  /** The months ("2026-10") in which anything was done. */
  months: string[];
  interestCredited: number;
  /** Months recorded as done with nothing to credit (0.00 due, or savings off). */
  interestNothingDue: number;
  statementsIssued: number;
}

interface WorkItem {
  accountNumber: string;
  periodStart: string;
}

/** Account-months one look reads at most: a bank of any size, or a long outage, is closed in pages. */
export const MONTH_END_PAGE = 500;

/** Each account per month since it opened, up to the last ended one: what month-end work is chosen from. */
function accountMonthsUpTo(last: MonthPeriod, where: SQL): SQL {
  return sql`select a.account_number as "accountNumber", to_char(m.month_start, 'YYYY-MM-DD') as "periodStart"
        from accounts a
        cross join lateral generate_series(
          date_trunc('month', a.opened_at at time zone 'UTC'), ${last.periodStart}::timestamp, interval '1 month'
        ) as m(month_start)
        where ${where}`;
}

/** Interest's work: savings accounts open now, per ended month since they opened, without an interest record. */
const owesInterest = sql`a.type = 'SAVINGS' and a.closed_at is null
  and not exists (select 1 from interest_credits ic
                  where ic.account_number = a.account_number and ic.period_start = m.month_start::date)`;

/** Statements' work: every account, per ended month in which it was open, without an issued statement. */
const owesStatement = sql`(a.closed_at is null or a.closed_at > m.month_start at time zone 'UTC')
  and not exists (select 1 from statements s
                  where s.account_number = a.account_number and s.period_start = m.month_start::date)`;

/**
 * One account's months that still owe interest, oldest first. An account that closes settles
 * them first (settleInterestBeforeClosing), so a closed account owes nothing.
 */
export async function interestWork(
  db: Executor,
  last: MonthPeriod,
  accountNumber: string,
): Promise<WorkItem[]> {
  return queryRows<WorkItem>(
    db,
    sql`${accountMonthsUpTo(last, sql`${owesInterest} and a.account_number = ${accountNumber}`)}
        order by m.month_start`,
  );
}

/** The ended months in which any account still owes interest or a statement, oldest first (a few dozen at most). */
async function monthsWithWork(db: Executor, last: MonthPeriod): Promise<string[]> {
  const rows = await queryRows<{ periodStart: string }>(
    db,
    sql`select distinct w."periodStart" from (${accountMonthsUpTo(last, sql`(${owesInterest}) or (${owesStatement})`)}) w
        order by w."periodStart"`,
  );
  return rows.map((r) => r.periodStart);
}

/** The next page of accounts, after `after` in account order, that owe `owes` for the month. */
async function accountsOwing(
  db: Executor,
  page: { month: MonthPeriod; owes: SQL; after: string; size: number },
): Promise<string[]> {
  const rows = await queryRows<{ accountNumber: string }>(
    db,
    sql`select a.account_number as "accountNumber"
        from accounts a cross join (select ${page.month.periodStart}::timestamp as month_start) m
        where date_trunc('month', a.opened_at at time zone 'UTC') <= m.month_start
          and a.account_number > ${page.after} and ${page.owes}
        order by a.account_number limit ${page.size}`,
  );
  return rows.map((r) => r.accountNumber);
}

/** Each account that owes `owes` for the month, a page at a time, in account order. */
async function* eachAccountOwing(
  db: Executor,
  month: MonthPeriod,
  owes: SQL,
  size: number,
): AsyncGenerator<string> {
  let after = '';
  for (;;) {
    const page = await accountsOwing(db, { month, owes, after, size });
    yield* page;
    if (page.length < size) return;
    after = page.at(-1)!;
  }
}

/**
 * Closes every month that has ended by `asOf` (UTC months): first each savings account's
 * interest, posted on the month's last instant, then every account's statement, which therefore
 * shows it. Months are closed oldest first, because a month's interest earns in the next one.
 * Bounded like posting: the accounts are read a page at a time, and each account-month is its
 * own short transaction, which locks no account a transfer needs but for interest's one credit.
 * Idempotent and safe to run from several processes at once: each account-month is done under
 * an advisory lock and recorded by key (interest_credits, statements), so a repeat does nothing.
 * One account's failure does not hold up the others; the run throws at the end, naming it.
 */
export async function runMonthEnd(
  db: Database,
  { asOf, pageSize = MONTH_END_PAGE }: MonthEndOptions,
): Promise<MonthEndResult> {
  const now = new Date();
  // A month still running (in real time) is never closed: its postings could still change.
  const last = lastEndedMonth(asOf.getTime() < now.getTime() ? asOf : now);
  const result: MonthEndResult = {
    months: [],
    interestCredited: 0,
    interestNothingDue: 0,
    statementsIssued: 0,
  };
  // An account whose month failed is left alone for the later months of this run: their interest
  // and statements build on that month. The next run tries again.
  const failed = new Map<string, unknown>();
  const attempt = async <T>(accountNumber: string, task: (tx: Tx) => Promise<T>): Promise<T | undefined> => {
    if (failed.has(accountNumber)) return undefined;
    try {
      // Each account-month waits for postings under way and for another process's month-end on
      // the same account, then renders its statement inside the transaction: a long job's limits.
      return await inTransaction(db, async (tx) => {
        await allowLongJob(tx);
        return task(tx);
      });
    } catch (error) {
      failed.set(accountNumber, error);
      return undefined;
    }
  };
  for (const periodStart of await monthsWithWork(db, last)) {
    const period = monthOf(periodStart);
    let changed = false;
    for await (const accountNumber of eachAccountOwing(db, period, owesInterest, pageSize)) {
      const outcome = await attempt(accountNumber, (tx) => creditInterest(tx, accountNumber, period));
      if (outcome === 'credited') result.interestCredited++;
      if (outcome === 'nothing-due') result.interestNothingDue++;
      changed ||= outcome === 'credited' || outcome === 'nothing-due';
    }
    for await (const accountNumber of eachAccountOwing(db, period, owesStatement, pageSize)) {
      if (
        (await attempt(accountNumber, (tx) => issueStatement(tx, accountNumber, period, now))) === 'issued'
      ) {
        result.statementsIssued++;
        changed = true;
      }
    }
    if (changed) result.months.push(period.label);
  }
  if (failed.size > 0) {
    const accountsFailed = [...failed.keys()].join(', ');
    throw new AggregateError(
      [...failed.values()],
      `Month-end failed for account(s) ${accountsFailed}; the rest is done (${JSON.stringify(result)})`,
    );
  }
  return result;
}
