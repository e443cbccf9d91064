import { describe, expect, it } from 'vitest';
import { lastEndedMonth, lastInstantOf, monthContaining, monthOf, monthPeriod } from './period.js';
import { statementFileName } from '../statements/file-name.js';

describe('statement periods (UTC calendar months)', () => {
  it('runs from the first instant of the month up to, not including, the next month', () => {
    const february = monthPeriod(2028, 1);
    expect(february.start.toISOString()).toBe('2028-02-01T00:00:00.000Z');
    expect(february.end.toISOString()).toBe('2028-03-01T00:00:00.000Z');
    expect(february).toMatchObject({ label: '2028-02', periodStart: '2028-02-01', daysInMonth: 29 });
    expect(monthPeriod(2026, 1).daysInMonth).toBe(28);
    expect(monthPeriod(2026, 11).end.toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('finds the month of an instant in UTC, whatever the clock of the viewer', () => {
    expect(monthContaining(new Date('2026-03-31T23:59:59.999Z')).label).toBe('2026-03');
    expect(monthContaining(new Date('2026-04-01T00:30:00+02:00')).label).toBe('2026-03');
    expect(monthContaining(new Date('2026-04-01T00:00:00.000Z')).label).toBe('2026-04');
  });

  it('reads a stored period start or a label back, and refuses anything else', () => {
    expect(monthOf('2026-11-01').label).toBe('2026-11');
    expect(monthOf('2026-11').start.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(() => monthOf('November')).toThrow();
  });

  it('closes only months that have ended: the last one ends at or before the given instant', () => {
    expect(lastEndedMonth(new Date('2026-03-01T00:00:00.000Z')).label).toBe('2026-02');
    expect(lastEndedMonth(new Date('2026-02-28T23:59:59.999Z')).label).toBe('2026-01');
    expect(lastEndedMonth(new Date('2026-01-15T12:00:00.000Z')).label).toBe('2025-12');
  });

  it("dates month-end postings at the month's last millisecond and names the file by account and month", () => {
    const june = monthPeriod(2026, 5);
    expect(lastInstantOf(june).toISOString()).toBe('2026-06-30T23:59:59.999Z');
    expect(statementFileName('1234567890', june)).toBe('statement-1234567890-2026-06.pdf');
  });
});
