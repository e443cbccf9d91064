import { describe, expect, it } from 'vitest';
import { monthPeriod } from '../months/period.js';
import { computeStatementLines, PRIOR_PERIOD_CORRECTION, type PostedEntry } from './statement-content.js';

const march = monthPeriod(2026, 2, 'UTC');
const entry = (day: number, type: PostedEntry['type'], amountCents: number): PostedEntry => ({
  postedDate: new Date(Date.UTC(2026, 2, day, 10)),
  type,
  amountCents,
  description: `${type} on ${day}`,
});

describe('statement lines', () => {
  it('runs the balance from the opening one in posting order; opening + credits - debits = closing', () => {
    const result = computeStatementLines(march, {
      openingBalanceCents: 10_000,
      postedBalanceBeforeCents: 10_000,
      entries: [entry(2, 'credit', 2_500), entry(5, 'debit', 4_000), entry(9, 'credit', 1)],
    });
    expect(result.lines.map((l) => [l.debitCents, l.creditCents, l.balanceCents])).toEqual([
      [null, 2_500, 12_500],
      [4_000, null, 8_500],
      [null, 1, 8_501],
    ]);
    expect(result).toMatchObject({
      totalDebitsCents: 4_000,
      totalCreditsCents: 2_501,
      closingBalanceCents: 8_501,
    });
  });

  it('prints a month without postings with equal opening and closing balances', () => {
    const result = computeStatementLines(march, {
      openingBalanceCents: 700,
      postedBalanceBeforeCents: 700,
      entries: [],
    });
    expect(result).toEqual({
      lines: [],
      totalDebitsCents: 0,
      totalCreditsCents: 0,
      closingBalanceCents: 700,
    });
  });

  it("carries a later change to earlier months as one correction line on the month's first day", () => {
    const lowered = computeStatementLines(march, {
      openingBalanceCents: 10_000,
      postedBalanceBeforeCents: 9_000,
      entries: [entry(3, 'credit', 500)],
    });
    expect(lowered.lines[0]).toEqual({
      date: march.start,
      description: PRIOR_PERIOD_CORRECTION,
      debitCents: 1_000,
      creditCents: null,
      balanceCents: 9_000,
    });
    expect(lowered.closingBalanceCents).toBe(9_500);

    const raised = computeStatementLines(march, {
      openingBalanceCents: 0,
      postedBalanceBeforeCents: 250,
      entries: [],
    });
    expect(raised.lines).toEqual([
      {
        date: march.start,
        description: PRIOR_PERIOD_CORRECTION,
        debitCents: null,
        creditCents: 250,
        balanceCents: 250,
      },
    ]);
  });

  it('refuses amounts beyond exact integer arithmetic instead of printing a wrong figure', () => {
    expect(() =>
      computeStatementLines(march, {
        openingBalanceCents: Number.MAX_SAFE_INTEGER,
        postedBalanceBeforeCents: Number.MAX_SAFE_INTEGER,
        entries: [entry(1, 'credit', 1)],
      }),
    ).toThrow();
  });
});
