import { expect, test, type Page } from '@playwright/test';
import {
  CLASS_SIZE,
  amountsOverlapping,
  LAST_STUDENT,
  LIST_LOADED,
  showAll,
  useScheme,
  withClass,
  wrappedAmounts,
} from './long-lists-data';
import { expectNoHorizontalOverflow, expectNoViolations, signIn, VIEWPORTS } from './support';

/**
 * Issue 20 item 4: Students, Manage Users and Manage Accounts with a class of 100 — a page at a
 * time, a search and a count, no sideways scroll on a 320 px phone, amounts never broken, and a
 * Reset Password that opens a dialog named for its student where the teacher is.
 */

const RESET_NAME = `Reset Password: ${LAST_STUDENT.name} (${LAST_STUDENT.userId})`;

withClass();

test('Students at 320 px: no sideways scroll, amounts on one line, and Reset Password on the 100th student opens a dialog naming them', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await signIn(page, 'admin');
  await page.goto('/1/students');
  await expect(page.getByTestId('list-count')).toHaveText(/^\d+ students$/, LIST_LOADED);
  await expectNoHorizontalOverflow(page);

  await showAll(page, 'student-row');
  const rows = page.getByTestId('student-row');
  const total = Number((await page.getByTestId('list-count').innerText()).split(' ')[0]);
  await expect(rows).toHaveCount(total);
  await expectNoHorizontalOverflow(page);
  expect(await wrappedAmounts(page)).toEqual([]);
  expect(await amountsOverlapping(page)).toEqual([]);
  const last = rows.filter({ hasText: LAST_STUDENT.userId });
  await expect(last).toContainText('$123,456,789.01');

  // The 100th of the class, by keyboard: the button names the student, the dialog too, and the
  // focus is inside the dialog (not at the top of the page).
  const opener = last.getByRole('button', { name: RESET_NAME });
  expect(
    await rows.evaluateAll(
      (all, id) => all.findIndex((r) => r.textContent?.includes(id)),
      LAST_STUDENT.userId,
    ),
  ).toBeGreaterThanOrEqual(CLASS_SIZE - 1);
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: RESET_NAME });
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await expect(dialog.getByRole('button', { name: 'Reset Password' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('each list searches by name or User Id on the server and says how many match', async ({ page }) => {
  await signIn(page, 'admin');
  const search = page.getByRole('searchbox', { name: 'Search' });
  const count = page.getByTestId('list-count');

  await page.goto('/1/students');
  await expect(count).toHaveText(/^\d+ students$/, LIST_LOADED);
  await search.fill('zuri');
  await expect(count).toHaveText(/^1 of \d+ students matches$/);
  await expect(page.getByTestId('student-row')).toHaveCount(1);
  await expect(page).toHaveURL(/\?q=zuri$/);

  await page.goto('/1/admin/users');
  await search.fill('zz-kid-');
  await expect(count).toHaveText(new RegExp(`^${CLASS_SIZE} of \\d+ users match$`));
  await expect(page.getByTestId('user-row')).toHaveCount(25);
  await expect(page.getByText(`Showing 25 of ${CLASS_SIZE} users`)).toBeVisible();

  await page.goto('/1/admin/accounts');
  await search.fill(LAST_STUDENT.userId);
  await expect(count).toHaveText(/^2 of \d+ accounts match$/);
  const rows = page.getByTestId('account-row');
  await expect(rows).toHaveCount(2);
  // Money in it: no Delete on it (issue 33), from the account's own facts (no request per account);
  // one line above the list says when Delete shows.
  await expect(rows.first().getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await expect(
    page.getByText('Delete shows on an account once it is empty and has nothing pending.'),
  ).toBeVisible();
});

const SCREENS: [path: string, heading: string, rowTestId: string][] = [
  ['/1/students', 'Students', 'student-row'],
  ['/1/admin/users', 'Manage Users', 'user-row'],
  ['/1/admin/accounts', 'Manage Accounts', 'account-row'],
];

async function scanScreens(page: Page) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await useScheme(page, colorScheme);
    for (const [path, heading, rowTestId] of SCREENS) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible(LIST_LOADED);
      await expect(page.getByTestId(rowTestId).first()).toBeVisible(LIST_LOADED);
      await expectNoHorizontalOverflow(page);
      expect(await wrappedAmounts(page), `${path} in ${colorScheme}`).toEqual([]);
      await expectNoViolations(page);
    }
    await page.goto(`/1/students?q=${LAST_STUDENT.userId}`);
    await page.getByRole('button', { name: RESET_NAME }).click();
    await expect(page.getByRole('dialog', { name: RESET_NAME })).toBeVisible();
    await expectNoViolations(page);
  }
}

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test(`the three lists and the Reset Password dialog at ${size} width pass axe in both themes`, async ({
    page,
  }) => {
    // Every axe rule on eight screens takes a while on a shared machine.
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signIn(page, 'admin');
    await scanScreens(page);
  });
}
