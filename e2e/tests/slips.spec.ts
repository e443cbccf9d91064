import { writeFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { unique } from './admin-helpers';
import { expectNoViolations, shot, signIn, VIEWPORTS } from './support';

/**
 * Issue 20: a class of 30 imported and its sign-in slips printed, eight to a page on A4 and Letter
 * alike; the slips readable in both themes and on a phone; the import screen's steps in view.
 */

const CLASS_SIZE = 30;
/** Where the PDFs and screenshots go to be looked at (gitignored). */
const SHOTS = process.env.SHOTS_DIR ?? 'screenshots';

function roster(prefix: string, size: number): string {
  const lines = Array.from({ length: size }, (_, i) => {
    const branch = i % 2 === 0 ? 'Main Campus' : 'North Campus';
    // Some long names and User Ids: the longest fit on a slip too.
    const username = i === 0 ? `${prefix}-a-rather-long-user-id`.slice(0, 32) : `${prefix}-${i}`;
    return `${username},Student Number ${i + 1},${branch},${i % 3 === 0 ? 'CHECKING;SAVINGS' : 'CHECKING'}`;
  });
  return `username,name,branch,accounts\n${lines.join('\n')}\n`;
}

/** Whether the whole element is inside the viewport (not scrolled past or hidden under the header). */
async function inView(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const header = document.querySelector('.mantine-AppShell-header')?.getBoundingClientRect().bottom ?? 0;
    return box.top >= header && box.bottom <= window.innerHeight;
  });
}

async function importClass(page: Page, size: number, shots?: string) {
  await page.goto('/1/admin/users/import');
  await page.getByLabel('Roster (CSV)').fill(roster(unique('s'), size));
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  const summary = page.getByTestId('check-summary');
  await expect(summary).toContainText(`All ${size} rows are ready to create.`);
  // After Check: the summary has the focus, in view, and Create is right under it.
  await expect(summary).toBeFocused();
  const create = page.getByRole('button', { name: 'Create Students' });
  expect(await inView(summary)).toBe(true);
  expect(await inView(create)).toBe(true);
  if (shots) await page.screenshot({ path: `${SHOTS}/import-checked-${shots}.png` });
  await create.click();
  const message = page.getByTestId('created-message');
  // Each temporary password is hashed on purpose slowly: 30 take a while on a shared machine.
  await expect(message).toContainText(`${size} students created`, { timeout: 90_000 });
  // After Create: the message has the focus, with Print sign-in slips in view.
  await expect(message).toBeFocused();
  expect(await inView(page.getByRole('link', { name: 'Print sign-in slips' }))).toBe(true);
  if (shots) await page.screenshot({ path: `${SHOTS}/import-created-${shots}.png` });
}

async function pageCount(pdf: Buffer): Promise<number> {
  return (await PDFDocument.load(pdf)).getPageCount();
}

/** Each User Id and password on one line that fits its slip: never broken, never cut off. */
async function expectWholeValues(page: Page) {
  const values = page.locator('[data-testid=slip-user-id], [data-testid=slip-password]');
  const broken = await values.evaluateAll((elements) =>
    elements
      .filter((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return range.getClientRects().length !== 1 || el.scrollWidth > el.clientWidth;
      })
      .map((el) => el.textContent),
  );
  expect(broken).toEqual([]);
  expect(await values.count()).toBe(2 * CLASS_SIZE);
}

test('30 slips print on exactly 4 pages of A4 and of Letter, in either theme', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin');
  await importClass(page, CLASS_SIZE);
  await page.getByRole('link', { name: 'Print sign-in slips' }).click();
  await expect(page.getByTestId('sign-in-slip')).toHaveCount(CLASS_SIZE);
  await expect(page.getByTestId('slip-address').first()).toHaveText(/^http:\/\/127\.0\.0\.1:\d+\/login$/);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, media: 'print' });
    for (const format of ['A4', 'Letter'] as const) {
      const pdf = await page.pdf({ format });
      writeFileSync(`${SHOTS}/slips-${format}-${colorScheme}.pdf`, pdf);
      expect(await pageCount(pdf), `${format} in the ${colorScheme} theme`).toBe(4);
    }
  }
  // Printed: nothing but the slips, the QR code at least 22 mm (83 CSS px) wide, values whole.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Side navigation' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Sign-in slips' })).toBeHidden();
  const qr = await page.getByTestId('slip-qr').first().boundingBox();
  expect(qr!.width).toBeGreaterThanOrEqual((22 / 25.4) * 96);
  await expectWholeValues(page);
});

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test(`the slips and the import's steps at ${size} width pass axe in both themes`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(viewport);
    await signIn(page, 'admin');
    await page.goto('/1/admin/users/import');
    // The empty box shows the example roster.
    await expect(page.getByLabel('Roster (CSV)')).toHaveAttribute(
      'placeholder',
      /^username,name,branch,accounts\n/,
    );
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: `${SHOTS}/import-empty-${size}-${colorScheme}.png` });
    }
    await page
      .getByLabel('Roster (CSV)')
      .fill(`username,name,branch,accounts\n${unique('zed')},Zed Ink,Nroth Campus,CHECKING\n`);
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    const bad = page.getByTestId('import-row');
    await expect(bad).toContainText('Nroth Campus');
    await expect(bad).toContainText(/There is no branch "Nroth Campus"\. Choose one of: .*Main Campus/);
    await expect(page.getByTestId('check-summary')).toBeFocused();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expectNoViolations(page);
      // A full-page capture draws the fixed header where the page is scrolled to: from the top.
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `import-bad-row-${size}-${colorScheme}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await importClass(page, CLASS_SIZE, size);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: `${SHOTS}/import-created-${size}-dark.png` });
    await page.getByRole('link', { name: 'Print sign-in slips' }).click();
    await expect(page.getByTestId('sign-in-slip')).toHaveCount(CLASS_SIZE);
    await expectWholeValues(page);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expectNoViolations(page);
      await page.screenshot({ path: `${SHOTS}/slips-${size}-${colorScheme}.png` });
    }
  });
}
