import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, bearer } from './support';

/**
 * A school-sized class for the long-list specs (issue 20): 100 Students of Main Campus, each with a
 * checking and a savings account, imported through the API in one call. Their User Ids start with
 * "zz-" so that they sort after every other spec's users (Manage Users is ordered by User Id), and
 * the last of them ("Zuri Young", zz-kid-100) sorts last by name too: the Students list's last row.
 */
export const CLASS_SIZE = 100;
export const LAST_STUDENT = { userId: 'zz-kid-100', name: 'Zuri Young' } as const;

const FIRST = ['Amara', 'Ben', 'Chloe', 'Dev', 'Elena', 'Felix', 'Grace', 'Hugo', 'Isla', 'Jonah'];
const LAST = [
  'Adams',
  'Brooks',
  'Castillo',
  'Dubois',
  'Eriksen',
  'Fontaine',
  'Garcia',
  'Haddad',
  'Ito',
  'Kowalski',
];

export function classRoster(): { userId: string; name: string }[] {
  return Array.from({ length: CLASS_SIZE }, (_, i) => {
    const userId = `zz-kid-${String(i + 1).padStart(3, '0')}`;
    if (i === CLASS_SIZE - 1) return { ...LAST_STUDENT };
    return { userId, name: `${FIRST[i % 10]} ${LAST[Math.floor(i / 10)]}` };
  });
}

/** Imports the class unless an earlier test of this run did (the demo bank is fresh every run). */
export async function ensureClass(request: APIRequestContext): Promise<void> {
  const token = await apiToken(request, 'admin');
  const found = await request.get(`/api/admin/users/1?q=zz-kid-&limit=1`, { headers: bearer(token) });
  expect(found.status(), await found.text()).toBe(200);
  if (Number(found.headers()['x-total-count']) >= CLASS_SIZE) return;
  const csv = [
    'username,name,branch,accounts',
    ...classRoster().map((s) => `${s.userId},${s.name},Main Campus,CHECKING;SAVINGS`),
  ].join('\n');
  const answer = await request.post('/api/admin/users/import', {
    headers: { ...bearer(token), 'Content-Type': 'text/csv' },
    data: csv,
  });
  expect(answer.status(), await answer.text()).toBe(201);
}

/** The whole page's height in CSS pixels, once the list has loaded. */
export async function pageHeight(page: Page): Promise<number> {
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => document.documentElement.scrollHeight);
}
