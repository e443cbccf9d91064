import { DateTime } from 'luxon';

/**
 * Text for the statement, from integer cents and instants read in the bank's time zone only: no
 * floating point touches an amount on its way to the page, and a date is the bank's day.
 */

const inZone = (instant: Date, zone: string) => DateTime.fromJSDate(instant, { zone });

/** MM/DD/YYYY in the zone, the statement's date format. */
export function formatStatementDate(instant: Date, zone: string): string {
  const day = inZone(instant, zone);
  return `${String(day.month).padStart(2, '0')}/${String(day.day).padStart(2, '0')}/${day.year}`;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "November 1, 2026" in the zone. */
export function formatLongDate(instant: Date, zone: string): string {
  const day = inZone(instant, zone);
  return `${MONTH_NAMES[day.month - 1]} ${day.day}, ${day.year}`;
}

/** "November 2026", from the month's label ("2026-11"). */
export function formatMonthName(label: string): string {
  const [year, month] = label.split('-');
  return `${MONTH_NAMES[Number(month) - 1]} ${year}`;
}
