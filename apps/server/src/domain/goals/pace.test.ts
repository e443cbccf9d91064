import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { weeklySavingCents, weeksToGoal } from './pace.js';

const day = 24 * 60 * 60 * 1000;
const now = new Date('2026-11-25T12:00:00Z');

describe('the pace of a savings goal', () => {
  it('averages over 8 weeks, or the weeks since the account opened if fewer (at least one)', () => {
    expect(weeklySavingCents(8_000, new Date(now.getTime() - 365 * day), now)).toBe(1_000);
    expect(weeklySavingCents(2_000, new Date(now.getTime() - 14 * day), now)).toBe(1_000);
    expect(weeklySavingCents(700, new Date(now.getTime() - 2 * day), now)).toBe(700);
  });

  it('counts whole weeks of saving without interest', () => {
    expect(
      weeksToGoal({ balanceCents: 1_000, goalCents: 7_000, weeklyCents: 1_000, annualRatePercent: 0 }),
    ).toBe(6);
    expect(
      weeksToGoal({ balanceCents: 1_000, goalCents: 7_001, weeklyCents: 1_000, annualRatePercent: 0 }),
    ).toBe(7);
  });

  it('lets interest help, so it is never later than without it', () => {
    const plain = weeksToGoal({
      balanceCents: 100_000,
      goalCents: 150_000,
      weeklyCents: 500,
      annualRatePercent: 0,
    });
    const interest = weeksToGoal({
      balanceCents: 100_000,
      goalCents: 150_000,
      weeklyCents: 500,
      annualRatePercent: 10,
    });
    expect(plain).toBe(100);
    expect(interest).toBeLessThan(100);
  });

  it('has no estimate when reached, not growing, or beyond ten years', () => {
    expect(
      weeksToGoal({ balanceCents: 5_000, goalCents: 5_000, weeklyCents: 100, annualRatePercent: 0 }),
    ).toBeNull();
    expect(
      weeksToGoal({ balanceCents: 0, goalCents: 5_000, weeklyCents: 0, annualRatePercent: 5 }),
    ).toBeNull();
    expect(
      weeksToGoal({ balanceCents: 4_000, goalCents: 5_000, weeklyCents: -100, annualRatePercent: 0 }),
    ).toBeNull();
    expect(
      weeksToGoal({ balanceCents: 0, goalCents: 1_000_000, weeklyCents: 1, annualRatePercent: 0 }),
    ).toBeNull();
  });

  it('is a number of weeks at which the plain saving reaches the goal, and not one before', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 200_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        (balance, goal, weekly) => {
          const weeks = weeksToGoal({
            balanceCents: balance,
            goalCents: goal,
            weeklyCents: weekly,
            annualRatePercent: 0,
          });
          const out = balance >= goal || (goal - balance) / weekly > 520;
          expect(weeks).toBe(out ? null : Math.ceil((goal - balance) / weekly));
        },
      ),
    );
  });
});
