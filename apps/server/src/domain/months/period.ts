import { DateTime } from 'luxon';

/**
 * Statement and interest periods are calendar months in the bank's time zone (bank settings
 * `timeZone`, the zone its schedules keep): a month runs from 00:00 on its first day there up
 * to, not including, 00:00 on the first day of the next month there. So the bank's days are the
 * ones its statements and interest count: a Friday-evening payday on the month's last day is that
 * month's, wherever UTC has got to. Calendar arithmetic is luxon's, in the zone.
 */
export interface MonthPeriod {
  /** First instant of the month there, e.g. 2026-11-01T00:00 in the zone. */
  start: Date;
  /** First instant of the next month there: the month is [start, end). */
  end: Date;
  /** "2026-11", as in the statement's file name. */
  label: string;
  /** "2026-11-01", as stored in statements.period_start and interest_credits.period_start. */
  periodStart: string;
  /** Calendar days (a day of a change to or from daylight saving is one day all the same). */
  daysInMonth: number;
  /** The IANA zone it is cut in. */
  zone: string;
}

function periodFrom(first: DateTime, zone: string): MonthPeriod {
  const label = first.toFormat('yyyy-MM');
  return {
    start: first.toJSDate(),
    end: first.plus({ months: 1 }).toJSDate(),
    label,
    periodStart: `${label}-01`,
    daysInMonth: first.daysInMonth!,
    zone,
  };
}

function checked(at: DateTime, zone: string): DateTime {
  if (!at.isValid)
    throw new RangeError(`Not a month in ${zone}: ${at.invalidExplanation ?? at.invalidReason}`);
  return at;
}

/** The month `monthIndex` (0 for January; beyond 0–11 it runs on into other years) of `year`, in `zone`. */
export function monthPeriod(year: number, monthIndex: number, zone: string): MonthPeriod {
  const january = checked(DateTime.fromObject({ year, month: 1, day: 1 }, { zone }), zone);
  return periodFrom(january.plus({ months: monthIndex }), zone);
}

/** The month, in `zone`, that contains `instant`. */
export function monthContaining(instant: Date, zone: string): MonthPeriod {
  return periodFrom(checked(DateTime.fromJSDate(instant, { zone }), zone).startOf('month'), zone);
}

/** The month of a stored period start ("2026-11-01") or a label ("2026-11"), in `zone`. */
export function monthOf(periodStartOrLabel: string, zone: string): MonthPeriod {
  const match = /^(\d{4})-(\d{2})/.exec(periodStartOrLabel);
  if (!match) throw new Error(`Not a month: ${periodStartOrLabel}`);
  return monthPeriod(Number(match[1]), Number(match[2]) - 1, zone);
}

/** The month before `period`, in its zone. */
export const monthBefore = (period: MonthPeriod): MonthPeriod =>
  periodFrom(DateTime.fromJSDate(period.start, { zone: period.zone }).minus({ months: 1 }), period.zone);

/** The latest month, in `zone`, that has ended by `asOf` (its end is at or before asOf). */
export const lastEndedMonth = (asOf: Date, zone: string): MonthPeriod =>
  monthBefore(monthContaining(asOf, zone));

/** The last instant of the month (its end minus one millisecond): month-end postings are dated here. */
export const lastInstantOf = (period: MonthPeriod) => new Date(period.end.getTime() - 1);

/** Which day of the month an instant of it falls on there: 0 for the first. */
export const dayIndexIn = (period: MonthPeriod, instant: Date): number =>
  DateTime.fromJSDate(instant, { zone: period.zone }).day - 1;
