import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { firstIndexAfter, localDate, occurrenceDate, occurrenceInstant } from './occurrences.js';

describe('schedule occurrences', () => {
  it('runs weekly and fortnightly on the start date’s weekday', () => {
    const weekly = { every: 'week' as const, startDate: '2026-12-04' };
    expect([0, 1, 2, 4].map((k) => occurrenceDate(weekly, k))).toEqual([
      '2026-12-04',
      '2026-12-11',
      '2026-12-18',
      '2027-01-01',
    ]);
    const fortnightly = { every: '2weeks' as const, startDate: '2026-12-04' };
    expect([0, 1, 2].map((k) => occurrenceDate(fortnightly, k))).toEqual([
      '2026-12-04',
      '2026-12-18',
      '2027-01-01',
    ]);
  });

  it('runs a month schedule started on the 31st on the last day of shorter months, and on the 31st again', () => {
    const monthly = { every: 'month' as const, startDate: '2027-01-31' };
    expect([0, 1, 2, 3, 4].map((k) => occurrenceDate(monthly, k))).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
    ]);
    // 2028 is a leap year.
    expect(occurrenceDate({ every: 'month', startDate: '2028-01-31' }, 1)).toBe('2028-02-29');
    expect(occurrenceDate({ every: 'month', startDate: '2026-12-29' }, 2)).toBe('2027-02-28');
  });

  it('runs at 06:00 local across daylight saving changes in America/New_York', () => {
    const zone = 'America/New_York';
    // DST began on 2027-03-14 and ends on 2027-11-07.
    const weekly = { every: 'week' as const, startDate: '2027-03-06' };
    expect(occurrenceInstant(weekly, 0, zone).toISOString()).toBe('2027-03-06T11:00:00.000Z');
    expect(occurrenceInstant(weekly, 1, zone).toISOString()).toBe('2027-03-13T11:00:00.000Z');
    expect(occurrenceInstant(weekly, 2, zone).toISOString()).toBe('2027-03-20T10:00:00.000Z');
    const autumn = { every: 'week' as const, startDate: '2027-10-31' };
    expect(occurrenceInstant(autumn, 0, zone).toISOString()).toBe('2027-10-31T10:00:00.000Z');
    expect(occurrenceInstant(autumn, 1, zone).toISOString()).toBe('2027-11-07T11:00:00.000Z');
    expect(occurrenceInstant(weekly, 0, 'UTC').toISOString()).toBe('2027-03-06T06:00:00.000Z');
    expect(occurrenceInstant(weekly, 0, 'Asia/Kolkata').toISOString()).toBe('2027-03-06T00:30:00.000Z');
  });

  it('finds the first occurrence after a moment: today’s if it is before 06:00, else the next', () => {
    const zone = 'America/New_York';
    const weekly = { every: 'week' as const, startDate: '2026-12-04' };
    expect(firstIndexAfter(weekly, zone, new Date('2026-12-01T12:00:00Z'))).toBe(0);
    expect(firstIndexAfter(weekly, zone, new Date('2026-12-04T10:59:59Z'))).toBe(0);
    expect(firstIndexAfter(weekly, zone, new Date('2026-12-04T11:00:00Z'))).toBe(1);
    expect(firstIndexAfter(weekly, zone, new Date('2027-02-12T12:00:00Z'))).toBe(11);
    expect(localDate(new Date('2026-12-04T03:00:00Z'), zone)).toBe('2026-12-03');
  });

  it('never skips an occurrence and never returns one already past (any cadence, zone and moment)', () => {
    const zones = ['UTC', 'America/New_York', 'Europe/Berlin', 'Australia/Sydney', 'Pacific/Kiritimati'];
    fc.assert(
      fc.property(
        fc.constantFrom('week' as const, '2weeks' as const, 'month' as const),
        fc.date({
          min: new Date('2026-01-01T00:00:00Z'),
          max: new Date('2030-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: 0, max: 2000 }),
        fc.constantFrom(...zones),
        (every, start, daysLater, zone) => {
          const cadence = { every, startDate: start.toISOString().slice(0, 10) };
          const after = new Date(start.getTime() + daysLater * 86_400_000 + 3_600_000 * (daysLater % 24));
          const k = firstIndexAfter(cadence, zone, after);
          expect(occurrenceInstant(cadence, k, zone).getTime()).toBeGreaterThan(after.getTime());
          if (k > 0)
            expect(occurrenceInstant(cadence, k - 1, zone).getTime()).toBeLessThanOrEqual(after.getTime());
        },
      ),
      { numRuns: 300 },
    );
  });
});
