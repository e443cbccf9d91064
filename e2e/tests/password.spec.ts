import { expect, test } from '@playwright/test';
import { apiToken, bearer } from './support';

test('a new user changes the temporary password before anything else', async ({ page, request }) => {
  const admin = await apiToken(request, 'admin');
  const branches = (await (
    await request.get('/api/teller/branches/1', { headers: bearer(admin) })
  ).json()) as {
    branchId: number;
    branchName: string;
  }[];
  const main = branches.find((b) => b.branchName === 'Main Campus')!;
  const username = `e2e-pw-${Date.now().toString(36)}`;
  const created = await request.post('/api/admin/users/create', {
    headers: bearer(admin),
    data: { username, name: 'Password Tester', userRole: 'USER', bankId: 1, branchId: main.branchId },
  });
  const text = await created.text();
  expect(created.status(), text).toBe(201);
  const temporary = /Temporary password: (\S+)/.exec(text)?.[1];
  expect(temporary, text).toBeTruthy();

  await page.goto('/login');
  await page.getByLabel('User Id').fill(username);
  await page.getByLabel(/^Password/).fill(temporary!);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/settings\/updatePassword$/);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/settings\/updatePassword$/);

  // Just signed in with it: the temporary password is not asked a second time (issue 33).
  await expect(page.getByText('No need to type the temporary password again')).toBeVisible();
  await expect(page.getByLabel('Current Password')).toHaveCount(0);
  const next = page.getByLabel(/^New Password/);
  const confirm = page.getByLabel('Confirm New Password');
  const submit = page.getByRole('button', { name: 'Change Password' });

  await next.fill('Fresh-pass-2026');
  await confirm.fill('Fresh-pass-202');
  await expect(page.getByText('New passwords do not match.')).toBeVisible();
  await expect(submit).toBeDisabled();

  await confirm.fill('Fresh-pass-2026');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByRole('status').filter({ hasText: 'Password updated!' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/home$/);

  // The new password signs in; the temporary one no longer does.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const old = await request.post('/api/login', { data: { username, password: temporary } });
  expect(old.status()).toBe(401);
  await page.getByLabel('User Id').fill(username);
  await page.getByLabel(/^Password/).fill('Fresh-pass-2026');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/home$/);
});
