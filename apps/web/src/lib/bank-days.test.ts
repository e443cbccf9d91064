import { describe, expect, it } from 'vitest';
import { guidanceMessages as m } from '@bank/shared';
import { arrivalText, bankDay } from './bank-days';

const CHICAGO = 'America/Chicago';

describe("the bank's days", () => {
  it("shows the day on the bank's calendar: Friday evening's pay is Friday's, wherever the viewer is", () => {
    // 21:00 on Friday 6 March in Chicago is already Saturday in UTC.
    expect(bankDay('2026-03-07T03:00:00.000Z', CHICAGO)).toBe('03/06/2026');
    expect(bankDay('2026-03-07T03:00:00.000Z', 'UTC')).toBe('03/07/2026');
    expect(bankDay('2026-03-07T03:00:00.000Z', 'Asia/Tokyo')).toBe('03/07/2026');
  });

  it('says when pending money arrives: today, tomorrow, a weekday within the week, else the date', () => {
    const thursday = new Date('2026-03-05T15:00:00.000Z');
    const saturdayMorning = '2026-03-07T12:00:00.000Z';
    expect(arrivalText(saturdayMorning, CHICAGO, thursday)).toBe(m.onItsWay('Saturday'));
    expect(arrivalText(saturdayMorning, CHICAGO, new Date('2026-03-06T15:00:00.000Z'))).toBe(
      m.onItsWay(m.arrivesTomorrow),
    );
    expect(arrivalText(saturdayMorning, CHICAGO, new Date('2026-03-07T06:30:00.000Z'))).toBe(
      m.onItsWay(m.arrivesToday),
    );
    expect(arrivalText('2026-03-20T12:00:00.000Z', CHICAGO, thursday)).toBe(m.onItsWay('03/20/2026'));
    // Due already (the posting job runs within the minute): today.
    expect(arrivalText(saturdayMorning, CHICAGO, new Date('2026-03-09T15:00:00.000Z'))).toBe(
      m.onItsWay(m.arrivesToday),
    );
  });

  it("falls back to the viewer's calendar for a zone it does not know", () => {
    expect(bankDay('2026-03-07T12:00:00.000Z', 'Not/AZone')).toMatch(/^03\/0[67]\/2026$/);
  });
});
