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

/**
 * Each account per month since it opened, up to the last one that has ended by `asOf`, months in
 * its bank's time zone (`m.month_start` is the local start, a timestamp without zone): what
 * month-end work is chosen from.
 */
function accountMonthsUpTo(asOf: Date, where: SQL): SQL {
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
        order by m.month_start, a.account_number`;
}

/**
 * Savings accounts open now (or only the one named), per month ended by `asOf` since they opened,
 * without an interest record. An account that closes settles its months first
 * (settleInterestBeforeClosing), so a closed account owes nothing.
 */
export async function interestWork(db: Executor, asOf: Date, onlyAccount?: string): Promise<WorkItem[]> {
  return queryRows<WorkItem>(
    db,
    accountMonthsUpTo(
      asOf,
      sql`a.type = 'SAVINGS' and a.closed_at is null
          and (${onlyAccount ?? null}::text is null or a.account_number = ${onlyAccount ?? null})
          and not exists (select 1 from interest_credits ic
                          where ic.account_number = a.account_number and ic.period_start = m.month_start::date)`,
    ),
  );
}

/** Every account, per month ended by `asOf` in which it was open, without an issued statement. */
async function statementWork(db: Database, asOf: Date): Promise<WorkItem[]> {
  return queryRows<WorkItem>(
    db,
    accountMonthsUpTo(
      asOf,
      sql`(a.closed_at is null or a.closed_at > m.month_start at time zone b.time_zone)
          and not exists (select 1 from statements s
                          where s.account_number = a.account_number and s.period_start = m.month_start::date)`,
    ),
  );
}

type MonthWork = { interest: WorkItem[]; statements: WorkItem[] };

function byMonth(items: WorkItem[], into: Map<string, MonthWork>, kind: keyof MonthWork) {
  for (const item of items) {
    const month = into.get(item.periodStart) ?? { interest: [], statements: [] };
    month[kind].push(item);
    into.set(item.periodStart, month);
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
  { now, asOf = now }: MonthEndOptions,
): Promise<MonthEndResult> {
  // A month still running is never closed: its postings could still change.
  const until = asOf.getTime() < now.getTime() ? asOf : now;
  const work = new Map<string, MonthWork>();
  byMonth(await interestWork(db, until), work, 'interest');
  byMonth(await statementWork(db, until), work, 'statements');

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
  for (const periodStart of [...work.keys()].sort()) {
    const month = work.get(periodStart)!;
    let changed = false;
    for (const { accountNumber, timeZone } of month.interest) {
      const period = monthOf(periodStart, timeZone);
      const outcome = await attempt(accountNumber, (tx) => creditInterest(tx, accountNumber, period));
      if (outcome === 'credited') result.interestCredited++;
      if (outcome === 'nothing-due') result.interestNothingDue++;
      changed ||= outcome === 'credited' || outcome === 'nothing-due';
    }
    for (const { accountNumber, timeZone } of month.statements) {
      const period = monthOf(periodStart, timeZone);
      if (
        (await attempt(accountNumber, (tx) => issueStatement(tx, accountNumber, period, now))) === 'issued'
      ) {
        result.statementsIssued++;
        changed = true;
      }
    }
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
