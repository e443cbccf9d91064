/**
 * Statement and interest periods are calendar months in UTC: a month runs from 00:00:00.000 UTC
 * on its first day up to, not including, 00:00:00.000 UTC on the first day of the next month.
 * UTC because the bank has customers of one server in any zone and one month must be one set
 * of transactions for everyone (the API's dates are ISO-8601 instants).
 */
export interface MonthPeriod {
  /** First instant of the month, e.g. 2026-11-01T00:00:00.000Z. */
  start: Date;
  /** First instant of the next month: the month is [start, end). */
  end: Date;
  /** "2026-11", as in the statement's file name. */
  label: string;
  /** "2026-11-01", as stored in statements.period_start and interest_credits.period_start. */
  periodStart: string;
  daysInMonth: number;
}

export function monthPeriod(year: number, monthIndex: number): MonthPeriod {
  const start = new Date(Date.UTC(year, monthIndex, 1));
  const end = new Date(Date.UTC(year, monthIndex + 1, 1));
  const label = `${String(start.getUTCFullYear()).padStart(4, '0')}-${String(start.getUTCMonth() + 1).padStart(2, '0')}`;
  const daysInMonth = Math.round((end.getTime() - start.getTime()) / 86_400_000);
  return { start, end, label, periodStart: `${label}-01`, daysInMonth };
}

/** The month that contains `instant` (UTC). */
export function monthContaining(instant: Date): MonthPeriod {
  return monthPeriod(instant.getUTCFullYear(), instant.getUTCMonth());
}

/** The month of a stored period start ("2026-11-01") or a label ("2026-11"). */
export function monthOf(periodStartOrLabel: string): MonthPeriod {
  const match = /^(\d{4})-(\d{2})/.exec(periodStartOrLabel);
  if (!match) throw new Error(`Not a month: ${periodStartOrLabel}`);
  return monthPeriod(Number(match[1]), Number(match[2]) - 1);
}

/** The latest month that has ended by `asOf` (its end is at or before asOf). */
export function lastEndedMonth(asOf: Date): MonthPeriod {
  const current = monthContaining(asOf);
  return monthPeriod(current.start.getUTCFullYear(), current.start.getUTCMonth() - 1);
}

/** The last instant of the month (its end minus one millisecond): month-end postings are dated here. */
export const lastInstantOf = (period: MonthPeriod) => new Date(period.end.getTime() - 1);
