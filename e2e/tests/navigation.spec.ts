import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, navLinkTexts, signIn } from './support';

test.describe('navigation by role', () => {
  test('a signed-out visitor sees the landing header', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByText('Pricing')).toBeVisible();
    await expect(header.getByText('Features')).toBeVisible();
    await expect(header.getByRole('button', { name: 'Sign Up' })).toBeVisible();
    await header.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('navigation', { name: 'Side navigation' })).toHaveCount(0);
  });

  test('the student sees their accounts, Transfer, Account Information and Statements', async ({ page }) => {
    await signIn(page, 'student');
    const links = await navLinkTexts(page);
    expect(links[0]).toBe('Accounts');
    expect(links[1]).toMatch(/^CHECKING \*\*2345 \$[\d,]+\.\d\d$/);
    expect(links[2]).toMatch(/^SAVINGS \*\*7890 \$[\d,]+\.\d\d$/);
    expect(links.slice(3)).toEqual([
      'Transfer',
      'Store',
      'Auctions',
      'Job board',
      'Account Information',
      'Statements',
      'Settings',
      'Support',
    ]);
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(page.getByTestId('account-card')).toHaveCount(2);

    await page.getByRole('link', { name: 'Account Information' }).click();
    await expect(page.getByRole('heading', { name: 'Account Information' })).toBeVisible();
    await expect(page.getByTestId('account-info').first()).toContainText('021000089');
    await page.getByRole('link', { name: 'Statements' }).click();
    await expect(page.getByRole('heading', { name: 'Statements' })).toBeVisible();
    await page.getByRole('link', { name: 'Support' }).click();
    await expect(page).toHaveURL(/\/1\/support$/);
  });

  test('the teller sees the money flows the bank allows', async ({ page }) => {
    await signIn(page, 'teller');
    expect(await navLinkTexts(page)).toEqual([
      'Home',
      'Deposit',
      'Withdrawal',
      'Transfer',
      'Payday',
      'Schedules',
      'Students',
      'Approvals',
      'Store orders',
      'Store items',
      'Jobs',
      'Awards',
      'Auctions',
      'Settings',
      'Support',
    ]);
    await expect(page.getByTestId('action-tile')).toHaveCount(14);
    // Admin screens send a teller home.
    await page.goto('/1/admin/users');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('the admin sees everything, and the header menu has Settings and Logout', async ({ page }) => {
    await signIn(page, 'admin');
    expect(await navLinkTexts(page)).toEqual([
      'Home',
      'Deposit',
      'Withdrawal',
      'Transfer',
      'Payday',
      'Schedules',
      'Students',
      'Approvals',
      'Store orders',
      'Store items',
      'Jobs',
      'Awards',
      'Auctions',
      'Users',
      'Branches',
      'Accounts',
      'Activity',
      'Bank Settings',
      'User Settings',
      'Support',
    ]);
    for (const [link, heading] of [
      ['Users', 'Manage Users'],
      ['Branches', 'Manage Branches'],
      ['Accounts', 'Manage Accounts'],
      ['Bank Settings', 'Bank Settings'],
      ['User Settings', 'User Settings'],
    ]) {
      await page
        .getByRole('navigation', { name: 'Side navigation' })
        .getByRole('link', { name: link, exact: true })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
    await page.getByTestId('header-menu').click();
    await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
  });

  test('sign-in works with the keyboard alone', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('User Id').focus();
    await page.keyboard.type('student');
    await page.keyboard.press('Tab');
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/home$/);
    await expect(
      page.getByRole('navigation', { name: 'Side navigation' }).getByRole('link', { name: 'Transfer' }),
    ).toBeVisible();
    // Shift+Tab from where focus landed reaches a Transfer link (the home's button or the side navigation's).
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Shift+Tab');
      const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
      if (focused.includes('Transfer')) break;
    }
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/1\/transfer$/);
  });

  test('a wrong password shows the failed-login message', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('User Id').fill('student');
    await page.getByLabel(/^Password/).fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'There was a problem logging in. Check your username and password and try again.',
    );
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the phone layout opens the navigation with the burger', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'student');
    const nav = page.getByRole('navigation', { name: 'Side navigation' });
    await expect(nav).not.toBeInViewport();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(nav).toBeInViewport();
    await nav.getByRole('link', { name: 'Transfer' }).click();
    await expect(page).toHaveURL(/\/1\/transfer$/);
    await expect(nav).not.toBeInViewport();
  });
});
