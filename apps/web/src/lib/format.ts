import { formatMoney } from '@bank/shared';

/*
 * Dates are read and written with the platform's Date, not dayjs: these run on a Student's first
 * screens, and a library there is bytes a phone waits for before showing them
 * (docs/adr/0051-dates-and-time-zones-on-screens.md). format.test.ts checks every function against
 * dayjs, which the schedule screens use.
 */

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * The instant `iso` names, read as dayjs reads it: a bare `YYYY-MM-DD` is that day's local
 * midnight (Date alone would take UTC midnight, a day early west of Greenwich), and a date-time
 * without an offset is local time; anything with `Z` or an offset is that instant.
 */
function parseDate(iso: string): Date {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(iso);
}

const isValid = (date: Date) => !Number.isNaN(date.getTime());

/** `MM/DD/YYYY` of a local date. */
const monthDayYear = (date: Date) =>
  `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${pad(date.getFullYear(), 4)}`;

/** "$1,234.50", "-$12.00": amounts always with 2 decimals (spec §9). */
export function money(amount: number): string {
  return `${amount < 0 ? '-' : ''}$${formatMoney(Math.abs(amount))}`;
}

/** MM/DD/YYYY in the viewer's time zone (spec §2). */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = parseDate(iso);
  return isValid(date) ? monthDayYear(date) : '';
}

/** "03/02/2026 10:05 AM": when something was asked, to the minute, in the viewer's time zone. */
export function formatDateTime(iso: string): string {
  const date = parseDate(iso);
  if (!isValid(date)) return '';
  const hours = date.getHours();
  return `${monthDayYear(date)} ${hours % 12 || 12}:${pad(date.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** "**4821": how the product names an account in descriptions and pickers. */
export function lastFour(accountId: string): string {
  return `**${accountId.slice(-4)}`;
}

/** Currency units to integer cents for sums shown on screen (the server sends at most 2 decimals). */
export function cents(amount: number): number {
  return Math.round(amount * 100);
}

/**
 * Parses what a person typed into an amount box: a number when it looks like one, otherwise the
 * text itself, so that the shared schemas report "must be a number" with the form's own message.
 */
export function parseAmountInput(text: string): number | string {
  const trimmed = text.trim().replace(/,/g, '');
  return /^-?(\d+\.?\d*|\.\d+)$/.test(trimmed) ? Number(trimmed) : text;
}

/** `YYYY-MM-DD` of an instant in the viewer's time zone, as a date input shows it. */
export function localDay(iso: string): string {
  const date = parseDate(iso);
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The instant on the local `day` at the local time of day of `iso`, as a full ISO date-time. The
 * server keeps what it is sent, so the row shows the chosen day in the viewer's zone (issue 9: a
 * bare date was joined to the UTC time of day and could land on the day before or after).
 */
export function onLocalDay(iso: string, day: string): string {
  const time = parseDate(iso);
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(
    year,
    month - 1,
    date,
    time.getHours(),
    time.getMinutes(),
    time.getSeconds(),
    time.getMilliseconds(),
  ).toISOString();
}

/** The memo of a money movement (issue 12), or '' when it has none. */
export function memoOf(movement: object): string {
  return 'memo' in movement && typeof movement.memo === 'string' ? movement.memo : '';
}
