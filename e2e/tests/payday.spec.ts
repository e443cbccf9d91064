import {
  expect,
  test,
  type APIRequestContext,
  type ElementHandle,
  type Locator,
  type Page,
} from '@playwright/test';
import { unique } from './admin-helpers';
import {
  apiToken,
  balanceOf,
  bearer,
  expectNoHorizontalOverflow,
  expectNoViolations,
  shot,
  signIn,
  VIEWPORTS,
} from './support';

/**
 * Payday by student (issue 20, item 2) with a class of 30: one row per student, the summary bar in
 * view however far the list is scrolled and never over what has focus, the review at its top.
 */

const FIRST = [
  'Ada', 'Ben', 'Cyrus', 'Dana', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivo', 'June',
  'Kai', 'Lea', 'Max', 'Nia', 'Otto', 'Pia', 'Quinn', 'Ria', 'Sol', 'Tao',
  'Uma', 'Vic', 'Wren', 'Xia', 'Yuri', 'Zoe', 'Abe', 'Bea', 'Cal', 'Dee',
]; // prettier-ignore

interface Imported {
  username: string;
  name: string;
  accounts: { accountId: string; accountType: 'CHECKING' | 'SAVINGS' }[];
}

/**
 * A branch of its own with 30 Students (through the API): most with checking and savings, Bea with
 * savings only, Cal with checking only; and Zed with no account at all, who cannot be paid.
 */
async function classOfThirty(request: APIRequestContext) {
  const token = await apiToken(request, 'admin');
  const branchName = unique('Room');
  const created = await request.post('/api/admin/branches/create', {
    headers: bearer(token),
    data: { branchName, bankId: 1, numOfAccounts: 0 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const accountsOf = (first: string) =>
    first === 'Bea' ? 'SAVINGS' : first === 'Cal' ? 'CHECKING' : 'CHECKING;SAVINGS';
  const lines = FIRST.map(
    (first) => `${unique(first.toLowerCase())},${first} Fisher,${branchName},${accountsOf(first)}`,
  );
  lines.push(`${unique('zed')},Zed Nobody,${branchName},`);
  const answer = await request.post('/api/admin/users/import', {
    headers: { ...bearer(token), 'Content-Type': 'text/csv' },
    data: `username,name,branch,accounts\n${lines.join('\n')}\n`,
  });
  expect(answer.status(), await answer.text()).toBe(201);
  const { created: students } = (await answer.json()) as { created: Imported[] };
  return { branchName, students, token };
}

/** Exact: the students' table is labelled "Students of the branch". */
const branchSelect = (page: Page) => page.getByLabel('Branch', { exact: true });
const bar = (page: Page) => page.getByTestId('payday-bar');
const rows = (page: Page) => page.getByTestId('payday-row');

/** The element's box lies wholly inside the window. */
async function expectInWindow(page: Page, target: Locator) {
  const box = (await target.boundingBox())!;
  const { width, height } = page.viewportSize()!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(height);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}

async function openClass(page: Page, branchName: string) {
  await signIn(page, 'admin');
  await page.goto('/1/payday');
  await branchSelect(page).selectOption({ label: branchName });
  await expect(rows(page)).toHaveCount(30);
}

/**
 * One key, then where focus went, in one round trip: `hidden` is how far the focused element reaches
 * under the bar or the fixed header (0 or less: clear of both; null: focus is in the bar itself),
 * `reached` whether it is `target`.
 */
async function pressAndLook(page: Page, key: string, target: ElementHandle) {
  await page.keyboard.press(key);
  return page.evaluate((goal) => {
    const focused = document.activeElement as HTMLElement;
    const summary = document.querySelector('[data-testid="payday-bar"]')!;
    const header = document.querySelector('header')!.getBoundingClientRect();
    const box = focused.getBoundingClientRect();
    const hidden = summary.contains(focused)
      ? null
      : Math.max(box.bottom - summary.getBoundingClientRect().top, header.bottom - box.top);
    const what = focused.getAttribute('aria-label') ?? focused.tagName;
    return { hidden, what, reached: focused === goal };
  }, target);
}

/** Tab (or Shift+Tab) through the whole entry: nothing focused is ever under the bar or the header. */
async function walkTheForm(page: Page, key: 'Tab' | 'Shift+Tab', until: Locator) {
  const target = (await until.elementHandle())!;
  for (let presses = 1; presses <= 120; presses += 1) {
    const { hidden, what, reached } = await pressAndLook(page, key, target);
    if (hidden !== null) expect(hidden, `${what} is hidden`).toBeLessThanOrEqual(0);
    if (reached) return presses;
  }
  throw new Error(`${key} never reached ${until.toString()}`);
}

/** The system's colour scheme, which the app follows (its own setting is left at "auto"). */
async function useScheme(page: Page, scheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme: scheme });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
}

/** Nothing spills past the window's width and axe finds nothing, with every rule. */
async function expectSound(page: Page) {
  await expectNoHorizontalOverflow(page);
  await expectNoViolations(page);
}

/**
 * A screenshot for a person to look at (into SHOTS_DIR, else e2e/screenshots/): the whole page from
 * its top (fixed and sticky parts then sit where they would at the top), or the window as it is.
 */
async function photograph(page: Page, name: string, scheme: 'light' | 'dark', whole: boolean) {
  const file = `${name}${scheme === 'dark' ? '-dark' : ''}`;
  if (!whole) return page.screenshot({ path: `${process.env.SHOTS_DIR ?? 'screenshots'}/${file}.png` });
  await page.evaluate(() => window.scrollTo(0, 0));
  return shot(page, file);
}

/** The page's height, logged for the before/after figure (not a pass/fail measure). */
async function logHeight(page: Page, what: string) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  console.log(`PAYDAY HEIGHT ${what}: ${height}px`);
}

const SCHEMES = ['light', 'dark'] as const;

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`payday of a class at ${size} size`, () => {
    test.use({ viewport });

    test('a class of 30 is paid by student, the summary always in view, the review at its top', async ({
      page,
      request,
    }) => {
      // Importing 31 students hashes 31 passwords: on a busy machine that alone can take half a minute.
      test.setTimeout(180_000);
      const { branchName, students, token } = await classOfThirty(request);
      await openClass(page, branchName);
      await expect(page.getByTestId('payday-unpayable')).toContainText('Zed Nobody');
      await expectInWindow(page, bar(page));
      await page.getByRole('textbox', { name: 'Amount for everyone' }).fill('2');
      await page.getByLabel('Memo').fill('Class job: gardener');
      await page.getByRole('checkbox', { name: 'Pay Ada Fisher' }).uncheck();
      await expect(page.getByRole('checkbox', { name: 'Pay every student' })).toHaveJSProperty(
        'indeterminate',
        true,
      );
      await page.getByRole('radio', { name: 'Savings' }).check();
      await expect(page.getByTestId('payday-lacking')).toContainText('Cal Fisher');
      await expect(bar(page)).toContainText(/29 of 30 students (· )?Total \$58\.00/);
      await expect(bar(page)).toContainText('Memo: Class job: gardener');

      // An amount per row: every row starts from the amount for everyone; Ben's is raised to 5.
      await page.getByRole('switch', { name: /One amount for everyone/ }).click();
      await expect(page.getByRole('textbox', { name: 'Amount for Dee Fisher' })).toHaveValue('2');
      await page.getByRole('textbox', { name: 'Amount for Ben Fisher' }).fill('5');
      await expect(bar(page)).toContainText(/29 of 30 students (· )?Total \$61\.00/);

      // Halfway down the list and at its end the bar is in view, under the rows, not over them.
      for (const row of [rows(page).nth(15), rows(page).last()]) {
        await row.scrollIntoViewIfNeeded();
        await expectInWindow(page, bar(page));
        await expectInWindow(page, row);
        const rowBox = (await row.boundingBox())!;
        expect(rowBox.y + rowBox.height).toBeLessThanOrEqual((await bar(page).boundingBox())!.y);
      }
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expectInWindow(page, bar(page));

      await bar(page).getByRole('button', { name: 'Review Payday' }).click();
      const heading = page.getByRole('heading', { name: 'Check the payday, then submit' });
      await expect(heading).toBeFocused();
      await expect(heading).toBeInViewport({ ratio: 1 });
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const summary = page.getByTestId('payday-summary');
      await expect(summary).toBeInViewport({ ratio: 1 });
      await expect(summary).toContainText('29 students');
      await expect(summary).toContainText('$61.00');
      await expect(summary).toContainText('Class job: gardener');
      await expect(page.getByTestId('review-row')).toHaveCount(29);
      await expectInWindow(page, page.getByRole('button', { name: 'Submit Payday' }));

      await page.getByRole('button', { name: 'Submit Payday' }).click();
      await expect(page.getByTestId('payday-result')).toContainText('29 students');
      await expect(page.getByTestId('payday-result')).toContainText('$61.00');
      // Into savings, Ben's own amount; Cal (no savings) into checking; Ada, left out, nothing.
      const balance = (first: string, type: 'CHECKING' | 'SAVINGS') => {
        const student = students.find((s) => s.name === `${first} Fisher`)!;
        const account = student.accounts.find((a) => a.accountType === type)!;
        return balanceOf(request, token, student.username, account.accountId);
      };
      expect(await balance('Ben', 'SAVINGS')).toBe(5);
      expect(await balance('Ben', 'CHECKING')).toBe(0);
      expect(await balance('Dee', 'SAVINGS')).toBe(2);
      expect(await balance('Bea', 'SAVINGS')).toBe(2);
      expect(await balance('Cal', 'CHECKING')).toBe(2);
      expect(await balance('Ada', 'SAVINGS')).toBe(0);
      expect(await balance('Ada', 'CHECKING')).toBe(0);
    });

    test('by keyboard nothing focused hides under the summary bar or the header', async ({
      page,
      request,
    }) => {
      // Some 170 key presses, each looked at.
      test.setTimeout(240_000);
      const { branchName } = await classOfThirty(request);
      await openClass(page, branchName);
      const review = bar(page).getByRole('button', { name: 'Review Payday' });
      await branchSelect(page).focus();
      // One amount for everyone: every row's box and account choice, down to Review.
      expect(await walkTheForm(page, 'Tab', review)).toBeGreaterThan(55);
      // And back up to the branch.
      await walkTheForm(page, 'Shift+Tab', branchSelect(page));
      // An amount per row: down the amount column.
      await page.getByRole('switch', { name: /One amount for everyone/ }).click();
      await page.getByRole('switch', { name: /One amount for everyone/ }).focus();
      await walkTheForm(page, 'Tab', review);
    });

    test('the entry and the review: no axe violation, nothing spilling, photographed in both themes', async ({
      page,
      request,
    }) => {
      // Four scans with every axe rule over 30 rows, and eight screenshots.
      test.setTimeout(300_000);
      const { branchName } = await classOfThirty(request);
      await openClass(page, branchName);
      await page.getByRole('textbox', { name: 'Amount for everyone' }).fill('3');
      await page.getByLabel('Memo').fill('Class job: gardener');
      await page.getByRole('checkbox', { name: 'Pay Dana Fisher' }).uncheck();
      await logHeight(page, `${size} entry`);
      for (const scheme of SCHEMES) {
        await useScheme(page, scheme);
        await expectSound(page);
        await photograph(page, `${size}-payday-30`, scheme, true);
        // Halfway down: the window as the teacher sees it, the bar at its foot.
        await rows(page).nth(15).scrollIntoViewIfNeeded();
        await photograph(page, `${size}-payday-30-scrolled`, scheme, false);
      }
      await useScheme(page, 'light');
      // An amount per row: the row's box beside the account (which must still show its last four).
      const sameAmount = page.getByRole('switch', { name: /One amount for everyone/ });
      await sameAmount.click();
      await rows(page).nth(15).scrollIntoViewIfNeeded();
      await expectNoHorizontalOverflow(page);
      await photograph(page, `${size}-payday-30-per-row`, 'light', false);
      await sameAmount.click();
      await bar(page).getByRole('button', { name: 'Review Payday' }).click();
      await expect(page.getByTestId('review-row')).toHaveCount(29);
      await logHeight(page, `${size} review`);
      for (const scheme of SCHEMES) {
        await useScheme(page, scheme);
        await expectSound(page);
        // As it opens: at its top.
        await photograph(page, `${size}-payday-30-review-top`, scheme, false);
        await photograph(page, `${size}-payday-30-review`, scheme, true);
      }
    });
  });
}
