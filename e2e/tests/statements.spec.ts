import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import {
  apiToken,
  bearer,
  expectNoHorizontalOverflow,
  expectNoSeriousViolations,
  shot,
  signIn,
  STUDENT_CHECKING,
  STUDENT_SAVINGS,
  VIEWPORTS,
} from './support';

const STATEMENT_NAME = /^statement-(\d{10})-(\d{4})-(\d{2})\.pdf$/;

test("the student's statements are listed newest first and one downloads under its own name", async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'student');
  const listed = await request.get('/api/user/statements/student', { headers: bearer(token) });
  expect(listed.status(), await listed.text()).toBe(200);
  const names = (await listed.json()) as string[];
  // The demo bank has three past months of history for both accounts.
  expect(names.length).toBeGreaterThanOrEqual(3);
  for (const name of names) expect(name).toMatch(STATEMENT_NAME);
  const accountIds = new Set(names.map((n) => STATEMENT_NAME.exec(n)![1]));
  expect([...accountIds].sort()).toEqual([STUDENT_CHECKING, STUDENT_SAVINGS].sort());

  await signIn(page, 'student');
  await page
    .getByRole('navigation', { name: 'Side navigation' })
    .getByRole('link', { name: 'Statements' })
    .click();
  await expect(page).toHaveURL(/\/documents\/statements$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Statements' })).toBeVisible();

  // A table on a wide screen; on a phone one card per file, in a list of the same name.
  const files = page
    .getByRole('table', { name: 'Statement files' })
    .or(page.getByRole('list', { name: 'Statement files' }));
  const items = files.getByTestId('statement-item');
  await expect(items).toHaveCount(names.length);
  // The file names themselves are on screen, in the server's order (newest first).
  const shown = await files.getByRole('button').allInnerTexts();
  expect(shown.map((t) => t.trim())).toEqual(names);
  const newest = names[0]!;
  const [, accountId, year, month] = STATEMENT_NAME.exec(newest)!;
  const monthName = new Date(Date.UTC(Number(year), Number(month) - 1, 1)).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const type = accountId === STUDENT_CHECKING ? 'CHECKING' : 'SAVINGS';
  await expect(items.first()).toContainText(`${monthName} · ${type} **${accountId!.slice(-4)}`);

  await expectNoSeriousViolations(page);

  // Keyboard: Tab to the newest statement and press Enter.
  const button = page.getByRole('button', { name: newest, exact: true });
  await button.focus();
  await expect(button).toBeFocused();
  const downloading = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(newest);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // A second one by mouse.
  const other = names.at(-1)!;
  const second = page.waitForEvent('download');
  await page.getByRole('button', { name: other, exact: true }).click();
  expect((await second).suggestedFilename()).toBe(other);
  await expect(page.getByRole('alert')).toHaveCount(0);

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    // The side navigation slides out of (or into) view when the width crosses the phone breakpoint.
    await page.waitForTimeout(500);
    await expect(items.first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoHorizontalOverflow(page);
    // A full-page shot of a scrolled page would paint the fixed header in the middle.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await page.mouse.move(viewport.width - 2, viewport.height - 2);
    await shot(page, `${size}-statements`);
  }
  // At phone width the list still works and passes the scan.
  await expectNoSeriousViolations(page);
  const phoneDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: newest, exact: true }).click();
  expect((await phoneDownload).suggestedFilename()).toBe(newest);
});

for (const role of ['teller', 'admin']) {
  test(`${role === 'admin' ? 'an' : 'a'} ${role} is sent home from the statements page`, async ({ page }) => {
    await signIn(page, role);
    await expect(
      page.getByRole('navigation', { name: 'Side navigation' }).getByRole('link', { name: 'Statements' }),
    ).toHaveCount(0);
    await page.goto('/documents/statements');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  });
}
