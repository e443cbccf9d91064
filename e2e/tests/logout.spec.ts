import { expect, test } from '@playwright/test';
import { bearer, signIn } from './support';

test('logout revokes the token, and browser back lands on login', async ({ page, request }) => {
  await signIn(page, 'student');
  await page.getByRole('link', { name: 'Account Information' }).click();
  await expect(page.getByRole('heading', { name: 'Account Information' })).toBeVisible();
  const token = await page.evaluate(
    () => JSON.parse(sessionStorage.getItem('bank.session') ?? '{}').token as string,
  );
  expect(token).toBeTruthy();

  await page.getByTestId('header-menu').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => sessionStorage.getItem('bank.session'))).toBeNull();

  await page.goBack();
  await expect(page).toHaveURL(/\/login(\?.*)?$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(page.getByText('Account Information')).toHaveCount(0);

  const revoked = await request.get('/api/user/users/student', { headers: bearer(token) });
  expect(revoked.status()).toBe(401);
});
