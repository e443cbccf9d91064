import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { bearer, expectNoHorizontalOverflow } from './support';

export { expectNoHorizontalOverflow, expectNoSeriousViolations } from './support';

/** Helpers of the admin screens' specs (admin-*.spec.ts). */

/** A suffix that keeps this run's users, branches and accounts apart from any other test's. */
export function unique(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

/** A full-page screenshot into e2e/screenshots/, after the page has settled. */
export async function adminShot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  // Let the Confirm Action dialog and status messages finish fading in.
  await page.waitForTimeout(300);
  await expectNoHorizontalOverflow(page);
  // A full-page capture draws the fixed header where the page is scrolled to: start at the top.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(100);
  await page.screenshot({ path: `screenshots/${name}.png`, fullPage: true });
}

/** Confirms the open "Confirm Action" dialog with its button. */
export async function confirmAction(page: Page, button: string) {
  const dialog = page.getByRole('dialog', { name: 'Confirm Action' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toHaveCount(0);
}

export async function branchIdOf(request: APIRequestContext, token: string, name: string): Promise<number> {
  const response = await request.get('/api/teller/branches/1', { headers: bearer(token) });
  expect(response.status(), await response.text()).toBe(200);
  const branches = (await response.json()) as { branchId: number; branchName: string }[];
  const branch = branches.find((b) => b.branchName === name);
  if (!branch) throw new Error(`no branch ${name}`);
  return branch.branchId;
}

/** A Student made through the API (set-up, not what is under test); answers the temporary password. */
export async function createStudent(
  request: APIRequestContext,
  token: string,
  username: string,
  branchId: number,
): Promise<string> {
  const response = await request.post('/api/admin/users/create', {
    headers: bearer(token),
    data: { username, name: `Test ${username}`, userRole: 'USER', bankId: 1, branchId },
  });
  const text = await response.text();
  expect(response.status(), text).toBe(201);
  return /Temporary password:\s*(\S+)/.exec(text)![1]!;
}

export async function createAccount(
  request: APIRequestContext,
  token: string,
  username: string,
  branchId: number,
  accountType: 'CHECKING' | 'SAVINGS' = 'CHECKING',
): Promise<string> {
  const response = await request.post('/api/admin/accounts/create', {
    headers: bearer(token),
    data: { branchId, userId: username, accountType },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { accountId: string }).accountId;
}

/**
 * Opens Edit User for one user, found with the list's search as a teacher would: Manage Users
 * shows 25 users at a time, and the users of other tests of the run may come before this one.
 */
export async function editUser(page: Page, username: string) {
  await page.getByLabel('Search').fill(username);
  await page.getByRole('button', { name: `Edit user ${username}` }).click();
}
