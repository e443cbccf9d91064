import { formatDate } from './format';
import { uiText } from './ui-text';

/*
 * Days as the bank counts them (issue 33): a row shows the day its money moved, and a pending one
 * when it arrives, in the bank's time zone (bank settings `timeZone`), not the viewer's: Friday's
 * pay shows Friday on every device. Intl knows every IANA zone; an unknown one (never from the
 * server, which refuses them) falls back to the viewer's.
 */

function partsIn(iso: string, timeZone: string | undefined) {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'long',
    }).formatToParts(new Date(iso));
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
    return { day: `${part('month')}/${part('day')}/${part('year')}`, weekday: part('weekday') };
  } catch {
    return null;
  }
}

/** MM/DD/YYYY of an instant on the bank's calendar. */
export function bankDay(iso: string, timeZone: string | undefined): string {
  return partsIn(iso, timeZone)?.day ?? formatDate(iso);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * "on its way: arrives Saturday": today, tomorrow, a weekday within the week, else the date. Days
 * are compared on the bank's calendar (noon-to-noon steps keep clear of daylight-saving shifts).
 */
export function arrivalText(iso: string, timeZone: string | undefined, now: Date = new Date()): string {
  const arrives = partsIn(iso, timeZone);
  if (!arrives) return uiText.onItsWay(formatDate(iso));
  const dayAfter = (n: number) => bankDay(new Date(now.getTime() + n * DAY_MS).toISOString(), timeZone);
  if (arrives.day === dayAfter(0) || Date.parse(iso) <= now.getTime())
    return uiText.onItsWay(uiText.arrivesToday);
  if (arrives.day === dayAfter(1)) return uiText.onItsWay(uiText.arrivesTomorrow);
  const withinWeek = [2, 3, 4, 5, 6].some((n) => arrives.day === dayAfter(n));
  return uiText.onItsWay(withinWeek ? arrives.weekday : arrives.day);
}
