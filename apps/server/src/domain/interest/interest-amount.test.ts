import { describe, expect, it } from 'vitest';
import { divideRoundHalfEven, monthlyInterestCents, sumOfEndOfDayBalances } from './interest-amount.js';

describe('the interest formula, in integers', () => {
  it('rounds half to even, and everything else to the nearest cent', () => {
    const cases: Array<[bigint, bigint, bigint]> = [
      [1n, 2n, 0n], // 0.5 -> 0
      [3n, 2n, 2n], // 1.5 -> 2
      [5n, 2n, 2n], // 2.5 -> 2
      [7n, 2n, 4n], // 3.5 -> 4
      [1n, 3n, 0n],
      [2n, 3n, 1n],
      [2_049_999n, 10_000n, 205n],
      [2_050_001n, 10_000n, 205n],
      [0n, 7n, 0n],
    ];
    for (const [n, d, expected] of cases) expect(divideRoundHalfEven(n, d), `${n}/${d}`).toBe(expected);
  });

  it('adds end-of-day balances: a posting counts from the end of its own day', () => {
    // 10.00 all month, +5.00 on day 16 of 30 (index 15): 15 days at 10.00 and 15 days at 15.00.
    expect(sumOfEndOfDayBalances(1_000n, [{ dayIndex: 15, signedCents: 500n }], 30)).toBe(
      1_000n * 15n + 1_500n * 15n,
    );
    // A posting on the last day counts for one day.
    expect(sumOfEndOfDayBalances(0n, [{ dayIndex: 30, signedCents: 3_100n }], 31)).toBe(3_100n);
  });

  it('matches worked examples: average x rate / 100 x days / 365', () => {
    // 1,000.00 for all of January (31 days) at 2.50 %: 1000 x 0.025 x 31 / 365 = 2.1233 -> 2.12
    expect(monthlyInterestCents(100_000n * 31n, 250, 31)).toBe(212n);
    // 1,000.00 for all of a 30-day month at 2.50 %: 2.0548 -> 2.05
    expect(monthlyInterestCents(100_000n * 30n, 250, 30)).toBe(205n);
    // 18.25 for 30 days at 1.00 %: exactly 1.5 cents -> 2 (half to even)
    expect(monthlyInterestCents(1_825n * 30n, 100, 30)).toBe(2n);
    // 54.75 for 30 days at 1.00 %: exactly 4.5 cents -> 4 (half to even)
    expect(monthlyInterestCents(5_475n * 30n, 100, 30)).toBe(4n);
    // 182.50 for 31 days at 1.00 %: exactly 15.5 cents -> 16; 547.50: 46.5 -> 46
    expect(monthlyInterestCents(18_250n * 31n, 100, 31)).toBe(16n);
    expect(monthlyInterestCents(54_750n * 31n, 100, 31)).toBe(46n);
    // Nothing at a zero rate or balance; 100 % on 1,000,000,000.00 stays exact.
    expect(monthlyInterestCents(100_000n * 31n, 0, 31)).toBe(0n);
    expect(monthlyInterestCents(0n, 250, 31)).toBe(0n);
    expect(monthlyInterestCents(100_000_000_000n * 31n, 10_000, 31)).toBe(8_493_150_685n);
  });
});
