import { describe, expect, it } from 'vitest';
import { messages } from '@bank/shared';
import { resolveTransactionDate } from './update-transaction.js';

const current = new Date('2026-03-02T14:35:07.123Z');

describe("an edit's transactionDate", () => {
  it('keeps the time of day (UTC) when only a date is sent, as the edit form does', () => {
    expect(resolveTransactionDate('2026-02-27', current).toISOString()).toBe('2026-02-27T14:35:07.123Z');
  });

  it('takes a date-time as given, reading one without a zone as UTC', () => {
    expect(resolveTransactionDate('2026-02-27T08:00:00+02:00', current).toISOString()).toBe(
      '2026-02-27T06:00:00.000Z',
    );
    expect(resolveTransactionDate('2026-02-27T08:00:00', current).toISOString()).toBe(
      '2026-02-27T08:00:00.000Z',
    );
  });

  it("refuses days that do not exist and text that is not a date, with the form's message", () => {
    for (const input of ['2026-02-30', '2026-13-01', '1899-12-31', 'yesterday', '2026-02-27Tnoon']) {
      expect(() => resolveTransactionDate(input, current), input).toThrow(messages.transactionDateInvalid);
    }
  });
});
