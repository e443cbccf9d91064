import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database, type Executor, type Tx } from '../../db/database.js';
import { allowLongJob } from '../../db/timeouts.js';
import { inTransaction } from '../../db/transaction.js';
import { creditInterest } from '../interest/index.js';
import { issueStatement } from '../statements/index.js';
import { monthOf } from '../months/period.js';

export interface MonthEndOptions {
  /** The clock's time: statements are issued at it, and a month still running then is never closed. */
  now: Date;
  /** Close only the months that ended by this earlier instant (the operator's --as-of); `now` by default. */
  asOf?: Date;
  /** How many account-months are read at once (MONTH_END_PAGE; smaller in tests). */
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
  /** The bank's time zone, which its months are cut in. */
  timeZone: string;
}

/** At most this many account-months are read at once: a school's year or a district's, the same. */
export const MONTH_END_PAGE = 500;

/** Where a page of work starts: a month (its local start, "YYYY-MM-DD") and the accounts after one. */
interface WorkPage {
  periodStart?: string;
  afterAccount?: string;
  limit?: number;
}

/**
 * Each account per month since it opened, up to the last one that has ended by `asOf`, months in
 * its bank's time zone (`m.month_start` is the local start, a timestamp without zone): what
 * month-end work is chosen from, one month's page at a time when `page` names the month.
 */
function accountMonthsUpTo(asOf: Date, where: SQL, page: WorkPage = {}): SQL {
  const { periodStart = null, afterAccount = '', limit = null } = page;
  return sql`select a.account_number as "accountNumber", to_char(m.month_start, 'YYYY-MM-DD') as "periodStart",
          b.time_zone as "timeZone"
        from accounts a
        join banks b on b.id = a.bank_id
        cross join lateral generate_series(
          date_trunc('month', a.opened_at at time zone b.time_zone),
          date_trunc('month', ${asOf.toISOString()}::timestamptz at time zone b.time_zone) - interval '1 month',
          interval '1 month'
        ) as m(month_start)
        where ${where}
          and (${periodStart}::text is null or m.month_start = ${periodStart}::timestamp)
          and a.account_number > ${afterAccount}
        order by m.month_start, a.account_number
        limit ${limit}`;
}

const interestWhere = (onlyAccount: string | null) =>
  sql`a.type = 'SAVINGS' and a.closed_at is null
      and (${onlyAccount}::text is null or a.account_number = ${onlyAccount})
      and not exists (select 1 from interest_credits ic
                      where ic.account_number = a.account_number and ic.period_start = m.month_start::date)`;

const statementWhere = sql`(a.closed_at is null or a.closed_at > m.month_start at time zone b.time_zone)
      and not exists (select 1 from statements s
                      where s.account_number = a.account_number and s.period_start = m.month_start::date)`;

/**
 * Savings accounts open now (or only the one named), per month ended by `asOf` since they opened,
 * without an interest record. An account that closes settles its months first
 * (settleInterestBeforeClosing), so a closed account owes nothing.
 */
export async function interestWork(
  db: Executor,
  asOf: Date,
  onlyAccount?: string,
  page?: WorkPage,
): Promise<WorkItem[]> {
  return queryRows<WorkItem>(db, accountMonthsUpTo(asOf, interestWhere(onlyAccount ?? null), page));
}

/** Every account, per month ended by `asOf` in which it was open, without an issued statement. */
function statementWork(db: Executor, asOf: Date, page: WorkPage): Promise<WorkItem[]> {
  return queryRows<WorkItem>(db, accountMonthsUpTo(asOf, statementWhere, page));
}

/** The oldest month after `after` with interest or a statement still to do, if any. */
async function nextMonthWithWork(db: Executor, asOf: Date, after: string): Promise<string | undefined> {
  const [row] = await queryRows<{ periodStart: string | null }>(
    db,
    sql`select min(w."periodStart") as "periodStart" from (
          (${accountMonthsUpTo(asOf, interestWhere(null))})
          union all
          (${accountMonthsUpTo(asOf, statementWhere)})
        ) w where w."periodStart" > ${after}`,
  );
  return row?.periodStart ?? undefined;
}

/** One month's work of one kind, read a page at a time, each page handed to `each` in turn. */
async function forEachPage(
  read: (page: WorkPage) => Promise<WorkItem[]>,
  periodStart: string,
  pageSize: number,
  each: (item: WorkItem) => Promise<void>,
): Promise<void> {
  let afterAccount = '';
  for (;;) {
    const items = await read({ periodStart, afterAccount, limit: pageSize });
    for (const item of items) await each(item);
    if (items.length < pageSize) return;
    afterAccount = items.at(-1)!.accountNumber;
  }
}

/**
 * Closes every month that has ended by `asOf`, each bank's months in its time zone: first each
 * savings account's interest, posted on the month's last instant, then every account's statement,
 * which therefore shows it. Months are closed oldest first, because a month's interest earns in the next one.
 * Idempotent and safe to run from several processes at once: each account-month is done under
 * an advisory lock and recorded by key (interest_credits, statements), so a repeat does nothing.
 * One account's failure does not hold up the others; the run throws at the end, naming it.
 */
export async function runMonthEnd(
  db: Database,
  { now, asOf = now, pageSize = MONTH_END_PAGE }: MonthEndOptions,
): Promise<MonthEndResult> {
  // A month still running is never closed: its postings could still change.
  const until = asOf.getTime() < now.getTime() ? asOf : now;
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
  // A month's interest is credited before its statements (which show it); a failed account's
  // later months are skipped, and a month with only failed work left is passed over, not retried.
  for (
    let periodStart = await nextMonthWithWork(db, until, '');
    periodStart !== undefined;
    periodStart = await nextMonthWithWork(db, until, periodStart)
  ) {
    let changed = false;
    await forEachPage(
      (page) => interestWork(db, until, undefined, page),
      periodStart,
      pageSize,
      async (item) => {
        const outcome = await attempt(item.accountNumber, (tx) =>
          creditInterest(tx, item.accountNumber, monthOf(item.periodStart, item.timeZone)),
        );
        if (outcome === 'credited') result.interestCredited++;
        if (outcome === 'nothing-due') result.interestNothingDue++;
        changed ||= outcome === 'credited' || outcome === 'nothing-due';
      },
    );
    await forEachPage(
      (page) => statementWork(db, until, page),
      periodStart,
      pageSize,
      async (item) => {
        const period = monthOf(item.periodStart, item.timeZone);
        if (
          (await attempt(item.accountNumber, (tx) => issueStatement(tx, item.accountNumber, period, now))) ===
          'issued'
        ) {
          result.statementsIssued++;
          changed = true;
        }
      },
    );
    if (changed) result.months.push(periodStart.slice(0, 7));
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
