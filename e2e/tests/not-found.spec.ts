import { expect, test } from '@playwright/test';
import { signIn } from './support';

test('an unknown route shows the no-route-matches screen', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 Not Found' })).toBeVisible();
  await expect(page.getByText('No route matches URL')).toContainText('"/no/such/page"');

  await signIn(page, 'student');
  await page.goto('/home/extra');
  await expect(page.getByRole('heading', { name: '404 Not Found' })).toBeVisible();
  // The shell stays around it.
  await expect(page.getByRole('navigation', { name: 'Side navigation' })).toBeVisible();
});
