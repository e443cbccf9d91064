import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { unique } from './admin-helpers';
import { KeyboardUser } from './keyboard-support';
import { apiToken, balanceOf, bearer, signIn } from './support';

/**
 * A teacher's year without dead ends (issue 33): the demo bank's teacher (a Teller of Main Campus)
 * reverses a student's payday payment, resets a password (which prints a slip) and prints one new
 * sign-in slip, once by mouse and once by keyboard alone, each step counted.
 */

const CLASS = 'Main Campus';

interface Kid {
  username: string;
  name: string;
  account: string;
}

/** Two new students of the teacher's class, each paid $5 by a payday of the admin's. */
async function paidClass(request: APIRequestContext) {
  const admin = await apiToken(request, 'admin');
  const tag = unique('t').slice(2);
  const people = [`Ria ${tag}`, `Leo ${tag}`];
  const answer = await request.post('/api/admin/users/import', {
    headers: { ...bearer(admin), 'Content-Type': 'text/csv' },
    data: `username,name,branch,accounts\n${people
      .map((name) => `${unique(name.slice(0, 3).toLowerCase())},${name},${CLASS},CHECKING`)
      .join('\n')}\n`,
  });
  expect(answer.status(), await answer.text()).toBe(201);
  const created = (
    (await answer.json()) as {
      created: { username: string; name: string; accounts: { accountId: string }[] }[];
    }
  ).created;
  const kids: Kid[] = created.map((c) => ({
    username: c.username,
    name: c.name,
    account: c.accounts[0]!.accountId,
  }));
  const memo = `Class job ${tag}`;
  const paid = await request.post('/api/teller/batches', {
    headers: bearer(admin),
    data: { kind: 'deposit', memo, items: kids.map((k) => ({ accountId: k.account, amount: 5 })) },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  return { admin, memo, tag, ria: kids[0]!, leo: kids[1]! };
}

/** window.print is counted, not opened: a headless browser has no printer. */
async function countPrints(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
}
const printed = (page: Page) => page.evaluate(() => (window as unknown as { printed: number }).printed);

/** Counts every click, so the report can say how many a task takes. */
class Mouse {
  clicks = 0;
  async click(target: Locator) {
    this.clicks += 1;
    await target.click();
  }
}

/** The payday's own row (its reversal's row names it too). */
const paydayRow = (page: Page, memo: string) =>
  page.getByTestId('payday-history-row').filter({ has: page.getByRole('cell', { name: memo, exact: true }) });

const studentRow = (page: Page, name: string) => page.getByTestId('student-row').filter({ hasText: name });

/** The one slip on the screen is the student's: their name, class, User Id, a password. */
async function expectOneSlip(page: Page, kid: Kid): Promise<string> {
  await expect(page.getByRole('heading', { level: 1, name: 'New sign-in slips' })).toBeVisible();
  const slips = page.getByTestId('sign-in-slip');
  await expect(slips).toHaveCount(1);
  await expect(slips).toContainText(kid.name);
  await expect(slips.getByTestId('slip-class')).toContainText(`Class: ${CLASS}`);
  await expect(slips.getByTestId('slip-user-id')).toHaveText(kid.username);
  const password = (await slips.getByTestId('slip-password').innerText()).trim();
  expect(password.length).toBeGreaterThan(5);
  return password;
}

/** The password on the slip signs the student in (they must choose their own next). */
async function expectSignsIn(request: APIRequestContext, kid: Kid, password: string) {
  const response = await request.post('/api/login', { data: { username: kid.username, password } });
  expect(response.status(), await response.text()).toBe(200);
}

test('the teacher reverses a payment, resets a password and prints one new slip, by mouse', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { admin, memo, tag, ria, leo } = await paidClass(request);
  await countPrints(page);
  await signIn(page, 'teller');

  // Reverse Ria's pay from the payday history: Schedules, Payday history, Reverse..., Ria, the reason.
  const reverse = new Mouse();
  await reverse.click(
    page.getByRole('navigation', { name: 'Side navigation' }).getByRole('link', { name: 'Schedules' }),
  );
  await reverse.click(page.getByRole('link', { name: 'Payday history' }));
  await expect(page.getByText('You may reverse the payments of your own class.')).toBeVisible();
  const row = paydayRow(page, memo);
  await expect(row).toContainText(CLASS);
  await reverse.click(row.getByRole('button', { name: `Reverse: ${memo}` }));
  const dialog = page.getByRole('dialog', { name: 'Reverse Payday' });
  await expect(dialog.getByRole('radio', { name: 'Only the students I choose' })).toBeChecked();
  await reverse.click(dialog.getByRole('checkbox', { name: new RegExp(`^${ria.name}`) }));
  await reverse.click(dialog.getByLabel(/^Reason/));
  await page.keyboard.type('Absent on Friday');
  await reverse.click(dialog.getByRole('button', { name: 'Reverse Payday' }));
  await expect(page.getByText('Reversed 1 payment ($5.00)', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(`Reversed for ${ria.name}`);
  expect(await balanceOf(request, admin, ria.username, ria.account)).toBe(0);
  expect(await balanceOf(request, admin, leo.username, leo.account)).toBe(5);
  console.log(`reverse one student's pay: ${reverse.clicks} clicks and the reason typed`);

  // Reset Leo's password: the reset prints his slip.
  const reset = new Mouse();
  await reset.click(
    page.getByRole('navigation', { name: 'Side navigation' }).getByRole('link', { name: 'Students' }),
  );
  await expect(page.getByLabel('Class', { exact: true })).toHaveValue(/\d+/);
  // A school's class lists run to hundreds: the teacher finds the two by their shared name.
  await reset.click(page.getByRole('searchbox', { name: 'Search' }));
  await page.keyboard.type(tag);
  await expect(page.getByTestId('student-row')).toHaveCount(2);
  await reset.click(studentRow(page, leo.name).getByRole('button', { name: /^Reset Password/ }));
  const resetDialog = page.getByRole('dialog', { name: /Reset Password/ });
  await reset.click(resetDialog.getByRole('button', { name: 'Reset Password' }));
  await reset.click(
    page.getByRole('dialog', { name: 'Confirm Action' }).getByRole('button', { name: 'Reset Password' }),
  );
  await reset.click(page.getByRole('button', { name: 'Print a sign-in slip' }));
  const leoPassword = await expectOneSlip(page, leo);
  await reset.click(page.getByRole('button', { name: 'Print', exact: true }));
  expect(await printed(page)).toBe(1);
  await expectSignsIn(request, leo, leoPassword);
  console.log(`reset a password and print its slip: ${reset.clicks} clicks`);

  // One new slip for Ria: choose her, Print new sign-in slips, confirm, Print.
  const reprint = new Mouse();
  await reprint.click(page.getByRole('button', { name: 'Done: forget the passwords' }));
  // Done comes back to the list as it was left: the search is still there.
  await expect(page).toHaveURL(new RegExp(`/students\\?q=${tag}$`));
  await reprint.click(page.getByRole('checkbox', { name: `Choose ${ria.name}` }));
  await reprint.click(page.getByRole('button', { name: 'Print new sign-in slips (1 student)' }));
  await reprint.click(
    page.getByRole('dialog', { name: 'Confirm Action' }).getByRole('button', { name: 'Give New Passwords' }),
  );
  const riaPassword = await expectOneSlip(page, ria);
  await reprint.click(page.getByRole('button', { name: 'Print', exact: true }));
  expect(await printed(page)).toBe(2);
  await expectSignsIn(request, ria, riaPassword);
  // "Done" was the way back from the last slips: from Students it is one click less.
  console.log(`reprint one slip: ${reprint.clicks - 1} clicks from Students`);

  // The slip's QR code opens the sign-in page with the User Id in (on the student's own device, where
  // nobody is signed in): the password is next.
  const device = await browser.newPage();
  await device.goto(`${new URL(page.url()).origin}/login?user=${encodeURIComponent(ria.username)}`);
  await expect(device.getByLabel('User Id')).toHaveValue(ria.username);
  await expect(device.getByLabel(/^Password/)).toBeFocused();
  await device.close();
});

/** After a navigation the app puts the focus on the new screen's heading (slowly on a busy machine). */
async function landed(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused({ timeout: 20_000 });
}

/** Shift+Tab (backwards) until the target has focus: for what lies before the focus. */
async function tabBackTo(keys: KeyboardUser, page: Page, target: Locator) {
  for (let i = 0; i < 80; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await keys.press('Shift+Tab');
  }
  throw new Error(`Shift+Tab never reached ${target.toString()}`);
}

test('the teacher does the same by keyboard alone', async ({ page, request }) => {
  test.setTimeout(180_000);
  const { admin, memo, tag, ria, leo } = await paidClass(request);
  await countPrints(page);
  await signIn(page, 'teller');
  const keys = new KeyboardUser(page);
  const nav = page.getByRole('navigation', { name: 'Side navigation' });

  // Reverse Ria's pay: Home's Schedules, Payday history, Reverse..., Ria, the reason, Enter.
  await keys.skipToContent();
  await keys.tabTo(page.getByRole('main').getByRole('link', { name: /^Schedules/ }));
  await keys.press('Enter');
  await landed(page);
  await keys.tabTo(page.getByRole('link', { name: 'Payday history' }));
  await keys.press('Enter');
  await landed(page);
  const row = paydayRow(page, memo);
  await keys.tabTo(row.getByRole('button', { name: `Reverse: ${memo}` }));
  await keys.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Reverse Payday' });
  await keys.tabTo(dialog.getByRole('checkbox', { name: new RegExp(`^${ria.name}`) }));
  await keys.press('Space');
  await keys.tabTo(dialog.getByLabel(/^Reason/));
  await keys.type('Absent');
  await keys.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(`Reversed for ${ria.name}`);
  expect(await balanceOf(request, admin, ria.username, ria.account)).toBe(0);
  console.log(`by keyboard, reverse one student's pay: ${keys.presses} key presses (6 letters typed)`);

  // Reset Leo's password and print his slip.
  const before = keys.presses;
  await tabBackTo(keys, page, nav.getByRole('link', { name: 'Students' }));
  await keys.press('Enter');
  await landed(page);
  await keys.tabTo(page.getByRole('searchbox', { name: 'Search' }));
  await keys.type(tag);
  await expect(page.getByTestId('student-row')).toHaveCount(2);
  await keys.tabTo(studentRow(page, leo.name).getByRole('button', { name: /^Reset Password/ }));
  await keys.press('Enter');
  const resetDialog = page.getByRole('dialog', { name: /Reset Password/ });
  await keys.tabTo(resetDialog.getByRole('button', { name: 'Reset Password' }));
  await keys.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Confirm Action' });
  await keys.tabTo(confirm.getByRole('button', { name: 'Reset Password' }));
  await keys.press('Enter');
  await keys.tabTo(page.getByRole('button', { name: 'Print a sign-in slip' }));
  await keys.press('Enter');
  const leoPassword = await expectOneSlip(page, leo);
  await keys.tabTo(page.getByRole('button', { name: 'Print', exact: true }));
  await keys.press('Enter');
  expect(await printed(page)).toBe(1);
  await expectSignsIn(request, leo, leoPassword);
  console.log(`by keyboard, reset and print the slip: ${keys.presses - before} key presses`);

  // One new slip for Ria: Done, choose her, Print new sign-in slips, Give New Passwords, Print.
  const start = keys.presses;
  await tabBackTo(keys, page, page.getByRole('button', { name: 'Done: forget the passwords' }));
  await keys.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/students\\?q=${tag}$`));
  await landed(page);
  const chosen = keys.presses;
  await keys.tabTo(page.getByRole('checkbox', { name: `Choose ${ria.name}` }));
  await keys.press('Space');
  await tabBackTo(keys, page, page.getByRole('button', { name: 'Print new sign-in slips (1 student)' }));
  await keys.press('Enter');
  await keys.tabTo(confirm.getByRole('button', { name: 'Give New Passwords' }));
  await keys.press('Enter');
  const riaPassword = await expectOneSlip(page, ria);
  await keys.tabTo(page.getByRole('button', { name: 'Print', exact: true }));
  await keys.press('Enter');
  expect(await printed(page)).toBe(2);
  await expectSignsIn(request, ria, riaPassword);
  console.log(
    `by keyboard, reprint one slip: ${keys.presses - chosen} key presses from Students (${keys.presses - start} from the last slips)`,
  );
});
