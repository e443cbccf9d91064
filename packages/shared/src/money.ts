import { limits } from './constants.js';

/**
 * Converts a JSON number in currency units to integer cents, exactly, or returns null when it is
 * not a finite number with at most 2 decimal places. Works on the number's shortest decimal
 * representation, so 0.29 becomes 29 (not 28.999… as 0.29 * 100 would).
 */
export function toCents(amount: number): number | null {
  if (!Number.isFinite(amount)) return null;
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(String(amount));
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign ? -cents : cents;
}

/** Integer cents to a JSON number in currency units (exact for every amount we allow). */
export function fromCents(cents: number): number {
  return cents / 100;
}

/**
 * Integer cents as text, exactly (no floating point touches the amount), for the statements and
 * the audit log: 123456 -> "1,234.56"; -5 -> "-0.05".
 */
export function formatCents(cents: number | bigint): string {
  const value = BigInt(cents);
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  const whole = (magnitude / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = (magnitude % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

export function isAllowedAmountCents(cents: number): boolean {
  return Number.isSafeInteger(cents) && cents > 0 && cents <= limits.maxAmountCents;
}

/**
 * One formatter for every amount: `toLocaleString` with options builds a new one per call, which a
 * phone's account page (a hundred amounts) paid for in its first render (issue 22).
 */
const moneyFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "1234.5" -> "1,234.50": amounts are always shown with 2 decimals (spec §9). */
export function formatMoney(amount: number): string {
  return moneyFormat.format(amount);
}
