import { expect, test, type Page } from '@playwright/test';
import {
  chooseAccount,
  expectNoHorizontalOverflow,
  expectNoViolations,
  shot,
  signIn,
  STUDENT_CHECKING,
  STUDENT_SAVINGS,
  VIEWPORTS,
} from './support';

/**
 * Every screen and state at desktop and phone width, in the light and the dark theme (the system
 * setting, which the app follows), into e2e/screenshots/ for a person to look at. Each must have
 * rendered, spill nothing past the viewport's width, and have no axe violation of any impact.
 */
async function capture(page: Page, name: string, heading?: string) {
  if (heading) await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoHorizontalOverflow(page);
  await expectNoViolations(page);
  await shot(page, name);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expectNoViolations(page);
  await shot(page, `${name}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
}

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`screens at ${size} width`, () => {
    test.use({ viewport });
    // Each screen is checked and photographed twice, once per theme.
    test.setTimeout(240_000);

    test('signed out', async ({ page }) => {
      await page.goto('/');
      await capture(page, `${size}-landing`, 'Banking for the whole school');
      await page.goto('/login');
      await capture(page, `${size}-login`, 'Login');
      await page.getByRole('button', { name: 'Login' }).click();
      await capture(page, `${size}-login-required`);
      await page.getByLabel('User Id').fill('student');
      await page.getByLabel(/^Password/).fill('wrong-password');
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await capture(page, `${size}-login-failed`);
      await page.goto('/no/such/page');
      await capture(page, `${size}-not-found`, '404 Not Found');
    });

    test('student', async ({ page }) => {
      await signIn(page, 'student');
      await expect(page.getByTestId('account-card')).toHaveCount(2);
      await capture(page, `${size}-student-home`, 'Accounts');
      if (size === 'phone') {
        await page.getByRole('button', { name: 'Open navigation' }).click();
        await expect(page.getByRole('navigation', { name: 'Side navigation' })).toBeInViewport({ ratio: 1 });
        // Let the slide-in and the burger's animation finish.
        await page.waitForTimeout(400);
        await capture(page, `${size}-student-navigation`);
        await page.getByRole('button', { name: 'Close navigation' }).click();
      }
      await page.goto(`/account/${STUDENT_CHECKING}`);
      await expect(page.getByRole('table', { name: 'Posted transactions' })).toBeVisible();
      await capture(page, `${size}-student-account`, 'CHECKING **2345');

      await page.goto('/1/transfer');
      await expect(page.getByLabel('From Account')).toBeVisible();
      await page.getByRole('button', { name: 'Review Transfer' }).click();
      await capture(page, `${size}-transfer-errors`, 'Transfer');
      await page.getByLabel('From Account').selectOption(STUDENT_SAVINGS);
      await page.getByLabel('To Account').selectOption(STUDENT_CHECKING);
      await page.getByLabel('Amount').fill('1');
      await page.getByRole('button', { name: 'Review Transfer' }).click();
      await capture(page, `${size}-transfer-confirm`, 'Transfer');
      await page.getByRole('button', { name: 'Submit Transfer' }).click();
      await capture(page, `${size}-transfer-confirmation`, 'Transfer Confirmation');

      for (const [path, name, heading] of [
        ['/settings', 'settings', 'Settings'],
        ['/settings/accountInfo', 'account-info', 'Account Information'],
        ['/settings/editDisplayName', 'edit-display-name', 'Edit Display Name'],
        ['/settings/updatePassword', 'update-password', 'Change Password'],
        ['/documents/statements', 'statements', 'Statements'],
        ['/1/support', 'support', 'Support'],
      ] as const) {
        await page.goto(path);
        await capture(page, `${size}-student-${name}`, heading);
      }
      await page.goto('/settings/updatePassword');
      await page.getByLabel('Current Password').fill('x');
      await page.getByLabel(/^New Password/).fill('abcdefgh');
      await page.getByLabel('Confirm New Password').fill('abcdefg');
      await capture(page, `${size}-update-password-mismatch`, 'Change Password');
    });

    test('teller', async ({ page }) => {
      await signIn(page, 'teller');
      await capture(page, `${size}-teller-home`, 'Home');
      await page.goto('/1/deposit');
      await page.getByLabel('Branch').selectOption({ label: 'Main Campus' });
      await page.getByRole('button', { name: 'Review Deposit' }).click();
      await capture(page, `${size}-deposit-errors`, 'Deposit');
      await chooseAccount(page, 'Deposit Account', STUDENT_CHECKING);
      await page.getByLabel('Amount').fill('2');
      await page.getByRole('button', { name: 'Review Deposit' }).click();
      await capture(page, `${size}-deposit-confirm`, 'Deposit');
      await page.getByRole('button', { name: 'Submit Deposit' }).click();
      await capture(page, `${size}-deposit-confirmation`, 'Deposit Confirmation');
      await page.goto('/1/withdrawal');
      await page.getByLabel('Branch').selectOption({ label: 'Main Campus' });
      await chooseAccount(page, 'Withdrawal Account', STUDENT_CHECKING);
      await page.getByLabel('Amount').fill('9999999');
      await page.getByRole('button', { name: 'Review Withdrawal' }).click();
      await page.getByRole('button', { name: 'Submit Withdrawal' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await capture(page, `${size}-withdrawal-failed`, 'Withdrawal');
    });

    test('admin', async ({ page }) => {
      await signIn(page, 'admin');
      await capture(page, `${size}-admin-home`, 'Home');
      await page.getByTestId('header-menu').click();
      await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
      await page.waitForTimeout(300);
      await capture(page, `${size}-admin-header-menu`);
      await page.keyboard.press('Escape');
      await page.goto(`/account/${STUDENT_CHECKING}`);
      await page
        .getByRole('button', { name: /^Edit transaction/ })
        .first()
        .click();
      await capture(page, `${size}-admin-edit-transaction`);
      await page.getByRole('button', { name: 'Delete Transaction' }).click();
      await expect(page.getByRole('dialog', { name: 'Confirm Action' })).toBeVisible();
      await page.waitForTimeout(300);
      await expectNoViolations(page);
      await page.screenshot({
        path: `${process.env.SHOTS_DIR ?? 'screenshots'}/${size}-admin-confirm-action.png`,
      });
      await page.getByRole('dialog').getByRole('button', { name: 'Go Back' }).click();
      for (const [path, name, heading] of [
        ['/1/admin/users', 'users', 'Manage Users'],
        ['/1/admin/branches', 'branches', 'Manage Branches'],
        ['/1/admin/accounts', 'accounts', 'Manage Accounts'],
        ['/1/admin/bank', 'bank', 'Bank Settings'],
        ['/settings', 'settings', 'User Settings'],
      ] as const) {
        await page.goto(path);
        await capture(page, `${size}-admin-${name}`, heading);
      }
    });
  });
}
