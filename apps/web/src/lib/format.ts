import dayjs from 'dayjs';
import { formatMoney } from '@bank/shared';

/** "$1,234.50", "-$12.00": amounts always with 2 decimals (spec §9). */
export function money(amount: number): string {
  return `${amount < 0 ? '-' : ''}$${formatMoney(Math.abs(amount))}`;
}

/** MM/DD/YYYY in the viewer's time zone (spec §2). */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = dayjs(iso);
  return date.isValid() ? date.format('MM/DD/YYYY') : '';
}

/** "03/02/2026 10:05 AM": when something was asked, to the minute, in the viewer's time zone. */
export function formatDateTime(iso: string): string {
  const date = dayjs(iso);
  return date.isValid() ? date.format('MM/DD/YYYY h:mm A') : '';
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
  return dayjs(iso).format('YYYY-MM-DD');
}

/**
 * The instant on the local `day` at the local time of day of `iso`, as a full ISO date-time. The
 * server keeps what it is sent, so the row shows the chosen day in the viewer's zone (issue 9: a
 * bare date was joined to the UTC time of day and could land on the day before or after).
 */
export function onLocalDay(iso: string, day: string): string {
  return dayjs(`${day}T${dayjs(iso).format('HH:mm:ss.SSS')}`).toISOString();
}

/** The memo of a money movement (issue 12), or '' when it has none. */
export function memoOf(movement: object): string {
  return 'memo' in movement && typeof movement.memo === 'string' ? movement.memo : '';
}
