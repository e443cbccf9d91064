/**
 * The month's interest, exactly, in integer arithmetic (API.md "Interest"):
 *
 *   average end-of-day balance × rate / 100 × days in month / 365
 *
 * with the average = Σ end-of-day balances / days and the rate stored in hundredths of a
 * percent (rate% = rateHundredths / 100). As one fraction of integers:
 *
 *   Σ EOD × rateHundredths × days / (days × 100 × 100 × 365)
 *
 * rounded half-even to the cent once, at the end (no rounding of the average on the way).
 */

const CENTS_PER_PERCENT_HUNDREDTH_YEAR = 100n * 100n * 365n;

/** Rounds numerator / denominator (both ≥ 0, denominator > 0) to the nearest integer, ties to even. */
export function divideRoundHalfEven(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n || numerator < 0n)
    throw new RangeError('divideRoundHalfEven needs numerator >= 0 and denominator > 0');
  const quotient = numerator / denominator;
  const twiceRemainder = (numerator % denominator) * 2n;
  if (twiceRemainder > denominator) return quotient + 1n;
  if (twiceRemainder === denominator && quotient % 2n === 1n) return quotient + 1n;
  return quotient;
}

export interface DailyPosting {
  /** 0 for the month's first day (in the bank's time zone). */
  dayIndex: number;
  /** Credits positive, debits negative. */
  signedCents: bigint;
}

/**
 * Σ over the month's days of the balance at the end of that day: the balance before the month
 * counts on every day, and a posting counts from the end of its own day to the month's end.
 */
export function sumOfEndOfDayBalances(
  openingCents: bigint,
  postings: DailyPosting[],
  daysInMonth: number,
): bigint {
  const days = BigInt(daysInMonth);
  let sum = openingCents * days;
  for (const posting of postings) {
    if (posting.dayIndex < 0 || posting.dayIndex >= daysInMonth)
      throw new RangeError('Posting outside the month');
    sum += posting.signedCents * (days - BigInt(posting.dayIndex));
  }
  return sum;
}

/** The interest for a month whose end-of-day balances add up to `endOfDaySumCents`, in cents. */
export function monthlyInterestCents(
  endOfDaySumCents: bigint,
  rateHundredths: number,
  daysInMonth: number,
): bigint {
  if (!Number.isSafeInteger(rateHundredths) || rateHundredths < 0) throw new RangeError('Bad savings rate');
  // A balance is never negative, so neither is the sum; guard anyway: no interest is ever charged.
  if (endOfDaySumCents <= 0n || rateHundredths === 0) return 0n;
  const days = BigInt(daysInMonth);
  return divideRoundHalfEven(
    endOfDaySumCents * BigInt(rateHundredths) * days,
    days * CENTS_PER_PERCENT_HUNDREDTH_YEAR,
  );
}
