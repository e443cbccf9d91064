import dayjs from 'dayjs';
import { SCHEDULE_RUN_TIME } from '@bank/shared';

/**
 * Dates and times as the bank keeps them (API.md "The school year"): schedules run at 06:00 in the
 * bank's time zone, whatever zone the viewer's device is in, so their days and times are shown in
 * the bank's zone. `Intl` knows every zone; nothing here guesses offsets.
 */

function partsIn(instant: string | Date, zone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'short',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(typeof instant === 'string' ? new Date(instant) : instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    weekday: part('weekday'),
    date: `${part('year')}-${part('month')}-${part('day')}`,
    monthDay: `${part('month')}/${part('day')}`,
    time: `${Number(part('hour'))}:${part('minute')}`,
  };
}

/** "Fri 12/04": the day of an instant in the bank's zone. */
export const bankDay = (instant: string, zone: string) => {
  const p = partsIn(instant, zone);
  return `${p.weekday} ${p.monthDay}`;
};

/** "Fri 12/04 6:00": day and time of an instant in the bank's zone. */
export const bankDayTime = (instant: string, zone: string) => {
  const p = partsIn(instant, zone);
  return `${p.weekday} ${p.monthDay} ${p.time}`;
};

/** Today's date in the bank's zone, YYYY-MM-DD (what a schedule's start date is compared with). */
export const bankToday = (zone: string, now: Date = new Date()) => partsIn(now, zone).date;

/** "6:00": the time every schedule runs at. */
export const RUN_TIME = SCHEDULE_RUN_TIME.replace(/^0/, '');

/** "Friday": the weekday of a calendar date (YYYY-MM-DD, no zone: it is a date, not an instant). */
export const weekdayOf = (date: string) => dayjs(date).format('dddd');

/** "4th", "31st": the day of the month of a calendar date, as an ordinal. */
export function dayOrdinal(date: string): string {
  const day = dayjs(date).date();
  const suffix =
    day % 100 >= 11 && day % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[day % 10] ?? 'th');
  return `${day}${suffix}`;
}

/** The first date on or after `from` (YYYY-MM-DD) that falls on `weekday` (0 Sunday … 6 Saturday). */
export function nextWeekday(from: string, weekday: number): string {
  const start = dayjs(from);
  return start.add((weekday - start.day() + 7) % 7, 'day').format('YYYY-MM-DD');
}

/** A calendar date plus some days, YYYY-MM-DD. */
export const addDays = (date: string, days: number) => dayjs(date).add(days, 'day').format('YYYY-MM-DD');

/** "14:05" and "2026-12-01" of an instant in the bank's zone: what a date and a time input show. */
export function bankDateAndTime(instant: string, zone: string): { date: string; time: string } {
  const p = partsIn(instant, zone);
  return { date: p.date, time: p.time.padStart(5, '0') };
}

/**
 * The instant (ISO, UTC) at which the bank's clocks show `date` (YYYY-MM-DD) and `time` (HH:MM).
 * The zone's offset is read back from Intl at a first guess and corrected once, which also lands
 * right on either side of a daylight-saving change; null when the date or time is not one.
 */
export function bankInstant(date: string, time: string, zone: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{1,2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  if (Number.isNaN(wall)) return null;
  const wallOf = (instant: number) => {
    const p = partsIn(new Date(instant), zone);
    const [h, m] = p.time.split(':').map(Number);
    return Date.parse(`${p.date}T00:00:00Z`) + ((h ?? 0) * 60 + (m ?? 0)) * 60_000;
  };
  let guess = wall - (wallOf(wall) - wall);
  guess += wall - wallOf(guess);
  return new Date(guess).toISOString();
}
