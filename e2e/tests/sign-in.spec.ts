import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from './support';

/** Issue 13: the sign-in page runs on React alone; the app downloads while the user types. */
test('the sign-in page works before the app has downloaded, and hands over to it', async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  // The app's own chunk is held back until the test lets it go.
  await page.route(/\/assets\/start-app-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login?next=%2Fsettings');
  await expect(page.getByRole('textbox', { name: 'User Id' })).toBeFocused();
  await expect(page).toHaveTitle('Login · School Bank');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Please enter your User Id')).toBeVisible();
  await page.getByLabel('User Id').fill('student');
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  // Signed in, the page waits for the app: "Logging In..." until the next screen is there.
  await expect(page.getByRole('button', { name: 'Logging In...' })).toBeDisabled();
  release();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('navigation', { name: 'Side navigation' })).toBeVisible();
});

/** A school's connection drops mid-load: the page says so, with Reload, never "Loading…" for good. */
test('a page whose files do not arrive says so, and Reload brings the bank', async ({ page }) => {
  const react = /\/assets\/react-[^/]*\.js$/;
  await page.route(react, (route) => route.abort('connectionreset'));
  await page.goto('/login');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The bank did not load. Check that you are online, then press Reload.');
  await expect(page.getByRole('button', { name: 'Reload' })).toBeFocused();
  await expect(page.getByText('Loading…')).toHaveCount(0);
  await page.unroute(react);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'User Id' })).toBeFocused();

  // Signed in, the app's libraries do not arrive on the next visit.
  await page.getByLabel('User Id').fill('student');
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/home$/);
  const libraries = /\/assets\/libraries-[^/]*\.js$/;
  await page.route(libraries, (route) => route.abort('connectionreset'));
  await page.evaluate(() => window.history.replaceState(null, '', '/home'));
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('The bank did not load.');
  await page.unroute(libraries);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('navigation', { name: 'Side navigation' })).toBeVisible();
});
