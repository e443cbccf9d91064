/**
 * Text for the statement, from integer cents and UTC instants only: no floating point touches
 * an amount on its way to the page.
 */

/** MM/DD/YYYY in UTC, the statement's date format. */
export function formatStatementDate(instant: Date): string {
  const mm = String(instant.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(instant.getUTCDate()).padStart(2, '0');
  return `${mm}/${dd}/${instant.getUTCFullYear()}`;
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

/** "November 1, 2026" in UTC. */
export function formatLongDate(instant: Date): string {
  return `${MONTH_NAMES[instant.getUTCMonth()]} ${instant.getUTCDate()}, ${instant.getUTCFullYear()}`;
}

/** "November 2026". */
export function formatMonthName(start: Date): string {
  return `${MONTH_NAMES[start.getUTCMonth()]} ${start.getUTCFullYear()}`;
}
