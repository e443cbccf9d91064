import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { branchIdOf, createAccount, createStudent, unique } from './admin-helpers';
import { apiToken, bearer, expectNoHorizontalOverflow, expectNoViolations, shot, VIEWPORTS } from './support';

/**
 * Issue 33 (items 3, 4, 5, 9) end to end: money held for a waiting request shows on Home's cards,
 * goals fill in their order and the Student reorders them by mouse and by keyboard, a pending row
 * says when it arrives, the first sign-in does not ask for the temporary password again, and the
 * other screens a Student reads say what things are in plain words (docs/plain-language.md).
 */

const PASSWORD = 'Maple-River-2468';

async function ok(
  request: APIRequestContext,
  token: string,
  method: 'post' | 'put',
  url: string,
  data: unknown,
) {
  const res = await request[method](url, { headers: bearer(token), data });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json().catch(() => null);
}

/** A Student with a password of their own. */
async function readyStudent(request: APIRequestContext, admin: string, username: string, branchId: number) {
  const temporary = await createStudent(request, admin, username, branchId);
  const token = await apiToken(request, username, temporary);
  await ok(request, token, 'put', `/api/user/users/${username}/updatePassword`, [temporary, PASSWORD]);
  return apiToken(request, username, PASSWORD);
}

/**
 * A class of its own: a saver with $20.00 in checking (of which a banker's waiting request holds
 * $8.00) and $50.00 in savings with two goals, Bike ($40) and Book ($30).
 */
async function saverWithHoldAndGoals(request: APIRequestContext) {
  const admin = await apiToken(request, 'admin');
  const branchName = unique('Room');
  await ok(request, admin, 'post', '/api/admin/branches/create', { branchName, bankId: 1, numOfAccounts: 0 });
  const branchId = await branchIdOf(request, admin, branchName);
  const banker = unique('banker');
  const saver = unique('saver');
  const bankerToken = await readyStudent(request, admin, banker, branchId);
  const saverToken = await readyStudent(request, admin, saver, branchId);
  const checking = await createAccount(request, admin, saver, branchId, 'CHECKING');
  const savings = await createAccount(request, admin, saver, branchId, 'SAVINGS');
  await ok(request, admin, 'post', '/api/teller/deposits', { accountId: checking, amount: 20 });
  await ok(request, admin, 'post', '/api/teller/deposits', { accountId: savings, amount: 50 });
  await ok(request, admin, 'put', `/api/admin/users/${banker}/updateUser`, {
    userId: banker,
    name: `Test ${banker}`,
    userRole: 'USER',
    branch: branchId,
    banker: true,
  });
  const settings = await (await request.get('/api/user/bank/1', { headers: bearer(admin) })).json();
  await ok(request, admin, 'put', '/api/admin/bank/update', { ...settings, bankerLimit: 0 });
  const asked = await ok(request, bankerToken, 'post', '/api/user/requests', {
    kind: 'withdrawal',
    accountId: checking,
    amount: 8,
    memo: 'Late library book',
  });
  expect(asked.status).toBe('waiting');
  await ok(request, admin, 'put', '/api/admin/bank/update', settings);
  await ok(request, saverToken, 'post', '/api/user/goals', { accountId: savings, name: 'Bike', amount: 40 });
  await ok(request, saverToken, 'post', '/api/user/goals', { accountId: savings, name: 'Book', amount: 30 });
  return { saver, checking, banker };
}

async function signInAs(page: Page, username: string) {
  await page.goto('/login');
  await page.getByLabel('User Id').fill(username);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

const goalNames = (page: Page) => page.getByTestId('goal').getByRole('heading').allInnerTexts();

test('a held amount shows on Home; goals fill in their order and move by mouse and keyboard', async ({
  page,
  request,
}) => {
  // The set-up signs in four times (a password hash each): slow on a shared machine.
  test.setTimeout(180_000);
  const { saver, checking } = await saverWithHoldAndGoals(request);
  await signInAs(page, saver);

  const card = page.getByRole('link', { name: /^CHECKING \*\*\d{4} For spending and moving money Balance/ });
  await expect(card).toContainText('$20.00');
  await expect(card).toContainText('Available $12.00 (held $8.00 for a waiting request)');
  // Why, in a child's words (item 9).
  await expect(card).toContainText('$8.00 is set aside: a class banker asked to take it out');

  // Two goals never count the same dollars: Bike takes $40 of the $50, Book what is left.
  const goals = page.getByRole('region', { name: 'Savings goals' });
  await expect(goals.getByRole('article', { name: 'Bike' })).toContainText('$40.00 of $40.00');
  await expect(goals.getByRole('article', { name: 'Book' })).toContainText('$10.00 of $30.00');
  await expect(goals.getByRole('button', { name: 'Move Bike up' })).toBeDisabled();

  // By mouse: Book first gets the money first.
  await goals.getByRole('button', { name: 'Move Book up' }).click();
  await expect(goals.getByRole('status')).toContainText('Book is now goal 1.');
  await expect.poll(() => goalNames(page)).toEqual(['Book', 'Bike']);
  await expect(goals.getByRole('article', { name: 'Book' })).toContainText('$30.00 of $30.00');
  await expect(goals.getByRole('article', { name: 'Bike' })).toContainText('$20.00 of $40.00');

  // By keyboard alone: Tab to "Move Book down", Enter.
  const down = goals.getByRole('button', { name: 'Move Book down' });
  await goals.getByRole('button', { name: 'Move Book up' }).focus();
  await page.keyboard.press('Tab');
  await expect(down).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => goalNames(page)).toEqual(['Bike', 'Book']);
  await expect(goals.getByRole('article', { name: 'Book' })).toContainText('$10.00 of $30.00');

  // The pending deposit says when it arrives.
  await page.goto(`/account/${checking}`);
  const pendingRow = page.getByRole('table', { name: 'Pending transactions' }).getByRole('row').nth(1);
  await expect(pendingRow).toContainText(/on its way: arrives (today|tomorrow|\w+day)/);
  await expect(page.getByTestId('available-held')).toContainText('held $8.00');
});

test('screens of issue 33 at phone and desktop, light and dark, with nothing axe finds', async ({
  page,
  request,
}) => {
  test.setTimeout(420_000);
  const { saver, checking } = await saverWithHoldAndGoals(request);
  const screens: [string, string, string][] = [
    ['home', '/home', 'goal'],
    ['account', `/account/${checking}`, 'arrives'],
  ];
  await signInAs(page, saver);
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    for (const scheme of ['light', 'dark'] as const) {
      // The app follows the system's scheme when none is chosen.
      await page.emulateMedia({ colorScheme: scheme });
      for (const [name, path, ready] of screens) {
        await page.goto(path);
        await expect(page.getByTestId(ready).first()).toBeVisible();
        await expectNoViolations(page);
        await expectNoHorizontalOverflow(page);
        await shot(page, `words-${size}-${scheme}-student-${name}`);
      }
    }
  }
});

test('the landing page and the first sign-in, at phone and desktop, light and dark, with nothing axe finds', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const admin = await apiToken(request, 'admin');
  const branchId = await branchIdOf(request, admin, 'Main Campus');
  const username = unique('first');
  const temporary = await createStudent(request, admin, username, branchId);
  await page.goto('/login');
  await page.getByLabel('User Id').fill(username);
  await page.getByLabel(/^Password/).fill(temporary);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/settings\/updatePassword$/);
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/settings/updatePassword');
      await expect(page.getByText('No need to type the temporary password again')).toBeVisible();
      await expect(page.getByLabel('Current Password')).toHaveCount(0);
      await expectNoViolations(page);
      await shot(page, `words-${size}-${scheme}-first-sign-in`);
    }
  }
  // Signed out: the landing page.
  await page.context().clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'What it teaches' })).toBeVisible();
      await expect(page.getByText(/lorem ipsum/i)).toHaveCount(0);
      await expectNoViolations(page);
      await expectNoHorizontalOverflow(page);
      await shot(page, `words-${size}-${scheme}-landing`);
    }
  }
});

test("a Student's other screens say what things are, in plain words, at phone and desktop, light and dark", async ({
  page,
  request,
}) => {
  test.setTimeout(480_000);
  const { saver, banker } = await saverWithHoldAndGoals(request);
  const each = async (name: string, ready: () => Promise<void>) => {
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await ready();
        await expectNoViolations(page);
        await expectNoHorizontalOverflow(page);
        await shot(page, `words-${size}-${scheme}-${name}`);
      }
    }
  };

  // Signed out: where the password is, and what to do when it is forgotten.
  await each('login-failed', async () => {
    await page.goto('/login');
    await expect(page.getByText('on the sign-in slip from your teacher')).toBeVisible();
    // A new name each time: four failures of one name from one address come near the throttle.
    await page.getByLabel('User Id').fill(unique('nobody'));
    await page.getByLabel(/^Password/).fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toContainText('A teacher can give you a new one.');
  });

  await signInAs(page, saver);
  await each('account-info', async () => {
    await page.goto('/settings/accountInfo');
    await expect(page.getByText('The number of the bank itself').first()).toBeVisible();
  });
  await each('transfer-confirm', async () => {
    await page.goto('/1/transfer');
    await expect(page.getByText('The account the money leaves.')).toBeVisible();
    await page.getByLabel('From Account').selectOption({ index: 2 });
    await page.getByLabel('Amount').fill('1');
    await page.getByRole('button', { name: 'Review Transfer' }).click();
    await expect(page.getByText('Nothing has moved yet.')).toBeVisible();
  });
  await each('support', async () => {
    await page.goto('/1/support');
    await expect(
      page.getByText('A ticket is a message to the people who look after this app.'),
    ).toBeVisible();
  });

  // The class banker's own requests say what became of each.
  await page.context().clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await signInAs(page, banker);
  await each('class-bank', async () => {
    await page.goto('/1/class-bank');
    await expect(page.getByTestId('request-status').first()).toHaveText('Waiting for your teacher');
  });
});
