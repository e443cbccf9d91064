import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, bearer } from './support';

/**
 * A school-sized class for the long-list specs (issue 20): 100 Students of Main Campus, each with a
 * checking and a savings account, imported through the API in one call. Their User Ids start with
 * "zz-kid-" so that they sort after every other spec's users (Manage Users is ordered by User Id),
 * and the last of them ("Zuri Young", zz-kid-100) sorts last by name too: the Students list's last
 * row. One has a long name and the last has a large balance, so that a narrow screen has something
 * to wrap.
 */
export const CLASS_SIZE = 100;
export const LAST_STUDENT = { userId: 'zz-kid-100', name: 'Zuri Young' } as const;
/** What the last student holds in each account (pending deposits count in the balance). */
export const LARGE_BALANCE = 123_456_789.01;
export const LONG_NAME = 'Maximiliana Bartholomew-Featherstonehaugh';

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
    if (i === 49) return { userId, name: LONG_NAME };
    return { userId, name: `${FIRST[i % 10]} ${LAST[Math.floor(i / 10)]}` };
  });
}

interface Imported {
  created: { username: string; accounts: { accountId: string }[] }[];
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
  const last = ((await answer.json()) as Imported).created.find((s) => s.username === LAST_STUDENT.userId);
  for (const { accountId } of last!.accounts) {
    const deposit = await request.post('/api/teller/deposits', {
      headers: { ...bearer(token), 'Idempotency-Key': randomUUID() },
      data: { accountId, amount: LARGE_BALANCE },
    });
    expect(deposit.status(), await deposit.text()).toBe(201);
  }
}

/**
 * Imports the class once per worker, before its tests: the import hashes 100 temporary passwords,
 * which takes most of a minute on a busy machine, longer than a test's own time.
 */
export function withClass(): void {
  test.beforeAll(async ({ playwright }, testInfo) => {
    testInfo.setTimeout(300_000);
    const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    try {
      await ensureClass(request);
    } finally {
      await request.dispose();
    }
  });
}

/**
 * How long a screen and its list's first page may take to appear: the screen's code is loaded on
 * first use, and Playwright's tracing and role queries walk the whole page while a shared, busy
 * machine draws it (seconds, none of them the app's own).
 */
export const LIST_LOADED = { timeout: 30_000 } as const;

/** The whole page's height in CSS pixels, once the list has loaded. */
export async function pageHeight(page: Page): Promise<number> {
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => document.documentElement.scrollHeight);
}

/**
 * Presses Show more by keyboard until the list is whole; each time the focus moves to the first
 * row just shown.
 */
export async function showAll(page: Page, rowTestId: string): Promise<void> {
  const more = page.getByRole('button', { name: 'Show more' });
  const rows = page.getByTestId(rowTestId);
  await expect(rows.first()).toBeVisible(LIST_LOADED);
  while (await more.isVisible()) {
    const shown = await rows.count();
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(rows.nth(shown)).toBeFocused();
  }
}

/** Light or dark, as a system setting would choose (the app follows it without a stored choice). */
export async function useScheme(page: Page, colorScheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
}

/** Amounts on screen that are broken over two lines (each line of an inline box is a client rect). */
export async function wrappedAmounts(page: Page): Promise<string[]> {
  return page
    .locator('[data-money]')
    .evaluateAll((els) => els.filter((e) => e.getClientRects().length > 1).map((e) => e.textContent ?? ''));
}

/**
 * Amounts drawn over a link or a button of their own line or card (the nearest element with a
 * test id): text that cannot wrap overflows its box on a narrow screen, and the next item paints
 * over it ("CHECKING **1234" across "$123,456,789.01").
 */
export async function amountsOverlapping(page: Page): Promise<string[]> {
  return page.locator('[data-money]').evaluateAll((amounts) => {
    const overlap = (a: DOMRect, b: DOMRect) =>
      a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
    // The text's own extent: a box that cannot hold its text stays small while the text overflows it.
    const drawn = (element: Element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return range.getBoundingClientRect();
    };
    return amounts
      .filter((amount) => {
        const line = amount.parentElement?.closest('[data-testid]') ?? document.body;
        const box = amount.getBoundingClientRect();
        return Array.from(line.querySelectorAll('a, button')).some((c) => overlap(box, drawn(c)));
      })
      .map((amount) => amount.textContent ?? '');
  });
}
