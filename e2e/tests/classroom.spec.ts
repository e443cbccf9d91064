import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { branchIdOf, createAccount, createStudent, unique } from './admin-helpers';
import { apiToken, bearer, expectNoAxeViolations, signIn, VIEWPORTS } from './support';

/**
 * The classroom tools (issue 12) end to end: a payday for a branch, the roster import with its
 * printable sign-in slips, and a teller finding a student. Clicks and keystrokes are counted
 * where a teacher would make them, for the before/after figure.
 */
class Effort {
  clicks = 0;
  keys = 0;
  async click(target: Locator) {
    this.clicks += 1;
    await target.click();
  }
  /** A select: one click to open it, one to choose. */
  async choose(target: Locator, label: string) {
    this.clicks += 2;
    await target.selectOption({ label });
  }
  async type(target: Locator, text: string) {
    this.clicks += 1;
    this.keys += text.length;
    await target.fill(text);
  }
}

/** A branch of its own with four Students, each with a checking account (set-up through the API). */
async function classOfFour(request: APIRequestContext) {
  const token = await apiToken(request, 'admin');
  const branchName = unique('Room');
  const created = await request.post('/api/admin/branches/create', {
    headers: bearer(token),
    data: { branchName, bankId: 1, numOfAccounts: 0 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const branchId = await branchIdOf(request, token, branchName);
  const students: { username: string; account: string }[] = [];
  for (let i = 0; i < 4; i += 1) {
    const username = unique(`kid${i}`);
    await createStudent(request, token, username, branchId);
    students.push({ username, account: await createAccount(request, token, username, branchId) });
  }
  return { branchName, students };
}

test('a branch of four students is paid at once with a memo, shown on a student’s account page', async ({
  page,
  request,
}) => {
  const { branchName, students } = await classOfFour(request);
  await signIn(page, 'admin');
  const effort = new Effort();
  const nav = page.getByRole('navigation', { name: 'Side navigation' });
  await effort.click(nav.getByRole('link', { name: 'Payday' }));
  await expect(page).toHaveURL(/\/1\/payday$/);
  await effort.choose(page.getByLabel('Branch', { exact: true }), branchName);
  await expect(page.getByTestId('payday-row')).toHaveCount(4);
  await effort.type(page.getByRole('textbox', { name: 'Amount for everyone' }), '12.5');
  await effort.type(page.getByLabel('Memo'), 'Class job: librarian');
  await effort.click(page.getByRole('button', { name: 'Review Payday' }));
  const summary = page.getByTestId('payday-summary');
  await expect(summary).toContainText('4 students');
  await expect(summary).toContainText('$50.00');
  await expect(page.getByTestId('review-row')).toHaveCount(4);
  await expect(page.getByTestId('review-row').first()).toContainText('$12.50');
  await effort.click(page.getByRole('button', { name: 'Submit Payday' }));
  await expect(page.getByRole('status')).toContainText('Payday successfully submitted');
  const result = page.getByTestId('payday-result');
  await expect(result).toContainText('4 students');
  await expect(result).toContainText('$50.00');
  await expect(result).toContainText('Class job: librarian');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^payday-.*\.csv$/);
  console.log(`PAYDAY EFFORT: ${effort.clicks} clicks, ${effort.keys} keystrokes for 4 students`);

  await page.goto(`/account/${students[2]!.account}`);
  const pending = page.getByRole('table', { name: 'Pending transactions' });
  await expect(pending).toContainText('Teller Deposit');
  await expect(pending.getByTestId('transaction-memo')).toContainText('Class job: librarian');
});

async function importRoster(page: Page, csv: string) {
  await page.getByLabel('Roster (CSV)').fill(csv);
  await page.getByRole('button', { name: 'Check', exact: true }).click();
}

test('a roster is imported, its slips printed, and a student signs in with a slip’s password', async ({
  page,
}) => {
  const names = [unique('ada'), unique('ben'), unique('cy')];
  const rows = (branch: string) =>
    `username,name,branch,accounts\n${names[0]},Ada Lovelace,Main Campus,CHECKING;SAVINGS\n${names[1]},Ben Okafor,${branch},CHECKING\n${names[2]},Cy Young,North Campus,\n`;
  await signIn(page, 'admin');
  await page.goto('/1/admin/users');
  await page.getByRole('link', { name: 'Import Students' }).click();
  await expect(page).toHaveURL(/\/1\/admin\/users\/import$/);
  await importRoster(page, rows('Nowhere Campus'));
  const bad = page.getByTestId('import-row').nth(1);
  // What was typed, and the branches there are to choose from.
  await expect(bad).toContainText('Nowhere Campus');
  await expect(bad).toContainText(/There is no branch "Nowhere Campus"\. Choose one of: .*Main Campus/);
  await expect(page.getByRole('button', { name: 'Create Students' })).toBeDisabled();
  await importRoster(page, rows('Main Campus'));
  await expect(page.getByText('All 3 rows are ready to create.', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Create Students' }).click();
  await expect(page.getByTestId('created-row')).toHaveCount(3);

  await page.getByRole('link', { name: 'Print sign-in slips' }).click();
  await expect(page).toHaveURL(/\/import\/slips$/);
  await page.emulateMedia({ media: 'print' });
  const slips = page.getByTestId('sign-in-slip');
  await expect(slips).toHaveCount(3);
  await expect(slips.first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Side navigation' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(slips.first()).toContainText('Demo School Bank');
  await expect(slips.first()).toContainText('/login');
  const password = (await slips.nth(1).getByTestId('slip-password').innerText()).trim();
  await page.emulateMedia({ media: 'screen' });

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.goto('/login');
  await page.getByLabel('User Id').fill(names[1]!);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/settings\/updatePassword$/);
});

test('a teller finds a student by part of the name and deposits from the Students page', async ({ page }) => {
  await signIn(page, 'teller');
  await page
    .getByRole('navigation', { name: 'Side navigation' })
    .getByRole('link', { name: 'Students' })
    .click();
  await page.getByLabel('Search').fill('aya');
  await expect(page.getByTestId('student-row')).toHaveCount(1);
  await expect(page.getByTestId('student-row')).toContainText('Maya Chen');
  await page.getByRole('link', { name: 'Deposit: Maya Chen, CHECKING **3456' }).click();
  await expect(page).toHaveURL(/\/1\/deposit$/);
  await expect(page.getByRole('combobox', { name: 'Deposit Account' })).toHaveValue(
    /^Maya Chen · CHECKING \*\*3456/,
  );
  await page.getByLabel('Amount').fill('3');
  await page.getByRole('button', { name: 'Review Deposit' }).click();
  await page.getByRole('button', { name: 'Submit Deposit' }).click();
  await expect(page.getByRole('status')).toContainText('Deposit successfully submitted');
  await expect(page.getByTestId('confirmation-details')).toContainText('4000023456');
});

test('a payday with an amount per row works by keyboard alone', async ({ page, request }) => {
  const { branchName, students } = await classOfFour(request);
  await signIn(page, 'admin');
  await page.goto('/1/payday');
  const branch = page.getByLabel('Branch', { exact: true });
  await branch.focus();
  await branch.selectOption({ label: branchName });
  await expect(page.getByTestId('payday-row')).toHaveCount(4);
  // Branch → the kind (arrow keys choose) → the switch: Space turns one amount off.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('radio', { name: /Deposit/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('switch', { name: /One amount for everyone/ })).toBeFocused();
  await page.keyboard.press('Space');
  // Memo, Pay into, the box for everyone, the first row's Pay box, then its amount; Tab moves
  // down the amount column.
  await page.keyboard.press('Tab');
  await page.keyboard.type('Tutoring');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('radio', { name: 'Checking' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('checkbox', { name: 'Pay every student' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('payday-row').first().getByRole('textbox')).toBeFocused();
  for (const amount of ['1', '2', '3', '4']) {
    await page.keyboard.type(amount);
    await page.keyboard.press('Tab');
  }
  // Past the last amount: the Review button; Enter reviews, Tab and Enter submit.
  await expect(page.getByRole('button', { name: 'Review Payday' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('payday-summary')).toContainText('$10.00');
  await page.getByRole('button', { name: 'Submit Payday' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('payday-result')).toContainText('Tutoring');
  const token = await apiToken(request, 'admin');
  const answer = await request.get(`/api/user/transactions/${students[3]!.account}`, {
    headers: bearer(token),
  });
  expect(JSON.stringify(await answer.json())).toContain('Tutoring');
});

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`classroom screens at ${size} width`, () => {
    test.use({ viewport });

    /** Every axe rule finds nothing; then a full-page screenshot to look at. */
    async function check(page: Page, name: string) {
      await expectNoAxeViolations(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `/tmp/shots-classroom/${size}-${name}.png`, fullPage: true });
    }

    test('payday, students, import and slips', async ({ page, request }) => {
      // Axe with every rule on eleven screens takes a while on a shared machine.
      test.setTimeout(180_000);
      const { branchName } = await classOfFour(request);
      await signIn(page, 'admin');
      await page.goto('/1/payday');
      await page.getByLabel('Branch', { exact: true }).selectOption({ label: branchName });
      await expect(page.getByTestId('payday-row')).toHaveCount(4);
      await page.getByRole('switch', { name: /One amount for everyone/ }).click();
      await check(page, 'payday-entry-per-row');
      await page.getByRole('switch', { name: /One amount for everyone/ }).click();
      await page.getByRole('radio', { name: /Withdrawal/ }).check();
      await page.getByRole('textbox', { name: 'Amount for everyone' }).fill('5');
      await page.getByRole('button', { name: 'Review Payday' }).click();
      await expect(page.getByTestId('review-row')).toHaveCount(4);
      await check(page, 'payday-review-refused');
      await page.getByRole('button', { name: 'Back' }).click();
      await page.getByRole('radio', { name: /Deposit/ }).check();
      await page.getByLabel('Memo').fill('Weekly wage');
      await page.getByRole('button', { name: 'Review Payday' }).click();
      await check(page, 'payday-review');
      await page.getByRole('button', { name: 'Submit Payday' }).click();
      await expect(page.getByTestId('payday-result')).toBeVisible();
      await check(page, 'payday-done');

      await page.goto('/1/students');
      await expect(page.getByTestId('student-row').first()).toBeVisible();
      await page.getByRole('button', { name: 'Reset Password: Maya Chen' }).click();
      await check(page, 'students');

      await page.goto('/1/admin/users/import');
      await importRoster(page, `username,name,branch,accounts\n${unique('zed')},Zed Ink,Nowhere,CHECKING\n`);
      await expect(page.getByTestId('import-row')).toHaveCount(1);
      await check(page, 'import-check');
      await importRoster(
        page,
        `username,name,branch,accounts\n${unique('zed')},Zed Ink,${branchName},CHECKING\n`,
      );
      await page.getByRole('button', { name: 'Create Students' }).click();
      await expect(page.getByTestId('created-row')).toHaveCount(1);
      await check(page, 'import-result');
      await page.getByRole('link', { name: 'Print sign-in slips' }).click();
      await expect(page.getByTestId('sign-in-slip')).toHaveCount(1);
      await check(page, 'slips');
      await page.emulateMedia({ media: 'print' });
      await page.screenshot({ path: `/tmp/shots-classroom/${size}-slips-print.png`, fullPage: true });
    });
  });
}
