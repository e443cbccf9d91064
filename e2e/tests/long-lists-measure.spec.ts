import { expect, test } from '@playwright/test';
import { ensureClass, pageHeight } from './long-lists-data';
import { signIn, VIEWPORTS } from './support';

/** Page heights of the three long lists with a class of 100 (issue 20), logged for the record. */
test('page heights with 100 students', async ({ page, request }) => {
  test.setTimeout(180_000);
  await ensureClass(request);
  await signIn(page, 'admin');
  const heights: string[] = [];
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    for (const [path, heading] of [
      ['/1/students', 'Students'],
      ['/1/admin/users', 'Manage Users'],
      ['/1/admin/accounts', 'Manage Accounts'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 60_000 });
      await expect(page.getByRole('table').or(page.getByRole('list')).first()).toBeVisible({
        timeout: 60_000,
      });
      heights.push(`${size} ${path}: ${await pageHeight(page)} px`);
    }
  }
  console.log(`LONG LIST HEIGHTS\n${heights.join('\n')}`);
});
