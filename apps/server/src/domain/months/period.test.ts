import { describe, expect, it } from 'vitest';
import {
  dayIndexIn,
  lastEndedMonth,
  lastInstantOf,
  monthContaining,
  monthOf,
  monthPeriod,
} from './period.js';
import { statementFileName } from '../statements/file-name.js';

describe("statement periods (calendar months in the bank's time zone)", () => {
  it('runs from the first instant of the month up to, not including, the next month', () => {
    const february = monthPeriod(2028, 1, 'UTC');
    expect(february.start.toISOString()).toBe('2028-02-01T00:00:00.000Z');
    expect(february.end.toISOString()).toBe('2028-03-01T00:00:00.000Z');
    expect(february).toMatchObject({ label: '2028-02', periodStart: '2028-02-01', daysInMonth: 29 });
    expect(monthPeriod(2026, 1, 'UTC').daysInMonth).toBe(28);
    expect(monthPeriod(2026, 11, 'UTC').end.toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(monthPeriod(2026, -1, 'UTC').label).toBe('2025-12');
  });

  it('starts and ends at midnight in the zone, whatever daylight saving does', () => {
    const march = monthPeriod(2025, 2, 'America/Los_Angeles');
    // PST at its start, PDT (since the 9th) at its end: 31 days, one of them 23 hours long.
    expect(march.start.toISOString()).toBe('2025-03-01T08:00:00.000Z');
    expect(march.end.toISOString()).toBe('2025-04-01T07:00:00.000Z');
    expect(march).toMatchObject({ label: '2025-03', daysInMonth: 31, zone: 'America/Los_Angeles' });
    const january = monthPeriod(2025, 0, 'Pacific/Auckland');
    expect(january.start.toISOString()).toBe('2024-12-31T11:00:00.000Z');
    expect(january.end.toISOString()).toBe('2025-01-31T11:00:00.000Z');
  });

  it('finds the month of an instant in the zone, whatever the clock of the viewer', () => {
    expect(monthContaining(new Date('2026-03-31T23:59:59.999Z'), 'UTC').label).toBe('2026-03');
    expect(monthContaining(new Date('2026-04-01T00:30:00+02:00'), 'UTC').label).toBe('2026-03');
    expect(monthContaining(new Date('2026-04-01T00:00:00.000Z'), 'UTC').label).toBe('2026-04');
    // Friday 31 January 2025, 18:00 in Los Angeles, is 1 February in UTC.
    expect(monthContaining(new Date('2025-02-01T02:00:00Z'), 'America/Los_Angeles').label).toBe('2025-01');
    // 31 January 2025, 12:00 UTC, is 1 February in Auckland.
    expect(monthContaining(new Date('2025-01-31T12:00:00Z'), 'Pacific/Auckland').label).toBe('2025-02');
  });

  it('reads a stored period start or a label back, and refuses anything else', () => {
    expect(monthOf('2026-11-01', 'UTC').label).toBe('2026-11');
    expect(monthOf('2026-11', 'UTC').start.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(() => monthOf('November', 'UTC')).toThrow();
    expect(() => monthOf('2026-11', 'Not/A_Zone')).toThrow();
  });

  it('closes only months that have ended: the last one ends at or before the given instant', () => {
    expect(lastEndedMonth(new Date('2026-03-01T00:00:00.000Z'), 'UTC').label).toBe('2026-02');
    expect(lastEndedMonth(new Date('2026-02-28T23:59:59.999Z'), 'UTC').label).toBe('2026-01');
    expect(lastEndedMonth(new Date('2026-01-15T12:00:00.000Z'), 'UTC').label).toBe('2025-12');
    expect(lastEndedMonth(new Date('2026-03-01T07:59:59.999Z'), 'America/Los_Angeles').label).toBe('2026-01');
    expect(lastEndedMonth(new Date('2026-03-01T08:00:00.000Z'), 'America/Los_Angeles').label).toBe('2026-02');
  });

  it('counts the days of the month in the zone', () => {
    const march = monthPeriod(2025, 2, 'America/Los_Angeles');
    expect(dayIndexIn(march, march.start)).toBe(0);
    // 00:30 on the 31st there: fewer than 30 days of 24 hours after the start, the 31st all the same.
    expect(dayIndexIn(march, new Date('2025-03-31T07:30:00Z'))).toBe(30);
    expect(dayIndexIn(march, lastInstantOf(march))).toBe(30);
  });

  it("dates month-end postings at the month's last millisecond and names the file by account and month", () => {
    const june = monthPeriod(2026, 5, 'UTC');
    expect(lastInstantOf(june).toISOString()).toBe('2026-06-30T23:59:59.999Z');
    expect(statementFileName('1234567890', june)).toBe('statement-1234567890-2026-06.pdf');
    const juneInAuckland = monthPeriod(2026, 5, 'Pacific/Auckland');
    expect(lastInstantOf(juneInAuckland).toISOString()).toBe('2026-06-30T11:59:59.999Z');
    expect(statementFileName('1234567890', juneInAuckland)).toBe('statement-1234567890-2026-06.pdf');
  });
});
