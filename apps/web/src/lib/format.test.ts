import dayjs from 'dayjs';
import { afterAll, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, localDay, onLocalDay } from './format';

/**
 * format.ts reads and writes dates with the platform's Date, not dayjs (it runs on a Student's
 * first screens). These hold each function to what dayjs gives, in zones west and east of
 * Greenwich and across daylight-saving changes.
 */
/** Each zone with its offset from UTC in January, in getTimezoneOffset's minutes: the zone is in force. */
const zones = [
  ['America/Los_Angeles', 480],
  ['Asia/Tokyo', -540],
  ['Europe/London', 0],
  ['UTC', 0],
] as const;
const instants = [
  '2026-03-05T03:00:00.000Z', // the day before in Los Angeles
  '2026-03-04T20:00:00.000Z', // the day after in Tokyo
  '2026-03-08T10:30:00.000Z', // the morning Los Angeles moves its clocks forward
  '2026-11-01T08:59:59.999Z', // the night it moves them back
  '2026-03-29T00:30:00.000Z', // London's change
  '2026-12-31T23:59:59.000Z',
  '2026-07-04T12:00:00.000Z',
  '2026-01-01T00:00:00.000Z',
  '2026-06-15T12:00:00+09:00', // with an offset instead of Z
  '2026-06-15T12:00:00', // no offset: local time
  '2026-06-15', // a bare day: local midnight, not UTC's
];
const days = ['2026-03-08', '2026-11-01', '2026-03-29', '2026-01-01', '2026-12-31'];
const originalZone = process.env.TZ;
afterAll(() => {
  process.env.TZ = originalZone;
});

describe.each(zones)('dates in %s', (zone, januaryOffset) => {
  it('are shown as dayjs showed them', () => {
    process.env.TZ = zone;
    expect(new Date(2026, 0, 1).getTimezoneOffset()).toBe(januaryOffset);
    for (const iso of instants) {
      expect(formatDate(iso), iso).toBe(dayjs(iso).format('MM/DD/YYYY'));
      expect(formatDateTime(iso), iso).toBe(dayjs(iso).format('MM/DD/YYYY h:mm A'));
      expect(localDay(iso), iso).toBe(dayjs(iso).format('YYYY-MM-DD'));
    }
  });

  it('move to another local day at the same local time as dayjs moved them', () => {
    process.env.TZ = zone;
    for (const iso of instants)
      for (const day of days)
        expect(onLocalDay(iso, day), `${iso} to ${day}`).toBe(
          dayjs(`${day}T${dayjs(iso).format('HH:mm:ss.SSS')}`).toISOString(),
        );
  });
});

it('shows nothing for a missing or unreadable date', () => {
  expect(formatDate(null)).toBe('');
  expect(formatDate(undefined)).toBe('');
  expect(formatDate('')).toBe('');
  expect(formatDate('not a date')).toBe('');
  expect(formatDateTime('not a date')).toBe('');
});

it('writes noon as PM and midnight as 12 AM', () => {
  process.env.TZ = 'UTC';
  expect(formatDateTime('2026-03-02T00:05:00.000Z')).toBe('03/02/2026 12:05 AM');
  expect(formatDateTime('2026-03-02T12:05:00.000Z')).toBe('03/02/2026 12:05 PM');
  expect(formatDateTime('2026-03-02T22:41:00.000Z')).toBe('03/02/2026 10:41 PM');
});
