import { DateTime } from 'luxon';
import { SCHEDULE_RUN_TIME, type ScheduleEvery } from '@bank/shared';

/**
 * When a schedule runs (API.md "The school year"): occurrence k (0 is the start date) falls k weeks,
 * k fortnights or k months after the start date, at 06:00 in the bank's time zone. Months count
 * from the start date itself, not from the previous occurrence, so a schedule started on the 31st
 * runs on the last day of a shorter month and on the 31st again after it. Calendar arithmetic is
 * luxon's, on dates; the zone turns a local 06:00 into an instant, whatever daylight saving does.
 */
export interface Cadence {
  every: ScheduleEvery;
  /** YYYY-MM-DD, a local date of the bank. */
  startDate: string;
}

const start = (cadence: Cadence) => DateTime.fromISO(cadence.startDate, { zone: 'UTC' });

/** The local date of occurrence k, YYYY-MM-DD. */
export function occurrenceDate(cadence: Cadence, k: number): string {
  const from = start(cadence);
  const date =
    cadence.every === 'month'
      ? from.plus({ months: k })
      : from.plus({ weeks: cadence.every === 'week' ? k : 2 * k });
  return date.toISODate()!;
}

/** 06:00 on a local date in the zone, as an instant. */
export function runInstant(date: string, zone: string): Date {
  const instant = DateTime.fromISO(`${date}T${SCHEDULE_RUN_TIME}`, { zone });
  if (!instant.isValid)
    throw new RangeError(`${date} ${SCHEDULE_RUN_TIME} in ${zone}: ${instant.invalidReason}`);
  return instant.toJSDate();
}

/** The instant of occurrence k. */
export const occurrenceInstant = (cadence: Cadence, k: number, zone: string): Date =>
  runInstant(occurrenceDate(cadence, k), zone);

/** Today's date in the zone, YYYY-MM-DD. */
export const localDate = (at: Date, zone: string): string => DateTime.fromJSDate(at, { zone }).toISODate()!;

/** A lower bound of the index of the first occurrence on or after `date` (never past it). */
function estimateIndex(cadence: Cadence, date: string): number {
  const to = DateTime.fromISO(date, { zone: 'UTC' });
  const from = start(cadence);
  if (to <= from) return 0;
  if (cadence.every === 'month') return Math.max(0, Math.floor(to.diff(from, 'months').months) - 1);
  const days = Math.floor(to.diff(from, 'days').days);
  return Math.max(0, Math.floor(days / (cadence.every === 'week' ? 7 : 14)) - 1);
}

/**
 * The index of the first occurrence whose instant is after `after`: what a new, edited or resumed
 * schedule runs next (an occurrence already past is not caught up for it).
 */
export function firstIndexAfter(cadence: Cadence, zone: string, after: Date): number {
  let k = estimateIndex(cadence, localDate(after, zone));
  while (occurrenceInstant(cadence, k, zone) <= after) k += 1;
  return k;
}
