import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import {
  apiToken,
  bearer,
  expectNoHorizontalOverflow,
  expectNoSeriousViolations,
  shot,
  signIn,
  STUDENT_CHECKING,
  VIEWPORTS,
} from './support';

// The admin's Activity screen ({bankId}/admin/activity): the audit of transaction edits and deletes.

async function deposit(request: APIRequestContext, token: string, amount: number) {
  const response = await request.post('/api/teller/deposits', {
    headers: { ...bearer(token), 'Idempotency-Key': randomUUID() },
    data: { accountId: STUDENT_CHECKING, amount },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; description: string };
}

const activityRow = (page: Page, transactionId: number) =>
  page.locator(`[data-testid="activity-row"][data-transaction-id="${transactionId}"]`);

test('an admin edits one transaction and deletes another, then sees both in Activity, newest first', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'admin');
  const edited = await deposit(request, token, 61.25);
  const removed = await deposit(request, token, 7.5);
  const newDescription = `Teller Deposit (activity ${randomUUID().slice(0, 6)})`;

  // The edit through the account page, the delete through the API.
  await signIn(page, 'admin');
  await page.goto(`/account/${STUDENT_CHECKING}`);
  await page.getByRole('button', { name: `Edit transaction ${edited.id}: Teller Deposit` }).click();
  const form = page.getByRole('region', { name: `Edit Transaction ${edited.id}` });
  await form.getByLabel('Description').fill(newDescription);
  await form.getByLabel('Amount').fill('60');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm Action' })
    .getByRole('button', { name: 'Save Changes' })
    .click();
  await expect(form).toHaveCount(0);
  // The account page's "Transaction updated." notification closes by itself (its close button has no
  // name, a fault of the shared notifications outside this screen); the scans below wait for that.
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  const deleted = await request.delete(`/api/admin/transactions/${removed.id}/delete`, {
    headers: bearer(token),
  });
  expect(deleted.status(), await deleted.text()).toBe(204);

  await page
    .getByRole('navigation', { name: 'Side navigation' })
    .getByRole('link', { name: 'Activity' })
    .click();
  await expect(page).toHaveURL(/\/1\/admin\/activity$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Transaction edits and deletes' });
  await expect(table).toBeVisible();

  const editRow = activityRow(page, edited.id);
  const deleteRow = activityRow(page, removed.id);
  await expect(editRow).toHaveCount(1);
  await expect(deleteRow).toHaveCount(1);

  const cells = (row: typeof editRow) => row.getByRole('cell');
  // When (date and time), who, action, transaction and account, before, after.
  await expect(cells(deleteRow).nth(0)).toHaveText(/^\d\d\/\d\d\/\d{4} \d{1,2}:\d\d:\d\d (AM|PM)$/);
  await expect(cells(deleteRow).nth(1)).toHaveText('admin');
  await expect(cells(deleteRow).nth(2)).toHaveText('Deleted');
  await expect(cells(deleteRow).nth(3)).toContainText(`#${removed.id}`);
  await expect(cells(deleteRow).nth(3)).toContainText(STUDENT_CHECKING);
  await expect(cells(deleteRow).nth(4)).toContainText('Teller Deposit');
  await expect(cells(deleteRow).nth(4)).toContainText('$7.50 credit');
  await expect(cells(deleteRow).nth(5)).toHaveText('Deleted');

  await expect(cells(editRow).nth(1)).toHaveText('admin');
  await expect(cells(editRow).nth(2)).toHaveText('Edited');
  await expect(cells(editRow).nth(3)).toContainText(`#${edited.id}`);
  await expect(cells(editRow).nth(4)).toContainText('Teller Deposit');
  await expect(cells(editRow).nth(4)).toContainText('$61.25 credit');
  await expect(cells(editRow).nth(5)).toContainText(`${newDescription} (changed)`);
  await expect(cells(editRow).nth(5)).toContainText('$60.00 credit (changed)');

  // Newest first: the delete came after the edit.
  const order = await page
    .getByTestId('activity-row')
    .evaluateAll((rows) => rows.map((r) => Number((r as HTMLElement).dataset.transactionId)));
  expect(order.indexOf(removed.id)).toBeLessThan(order.indexOf(edited.id));
  expect(order.indexOf(removed.id)).toBe(0);

  // The account number leads to the account page.
  await expect(cells(editRow).nth(3).getByRole('link', { name: STUDENT_CHECKING })).toHaveAttribute(
    'href',
    `/account/${STUDENT_CHECKING}`,
  );

  await expectNoSeriousViolations(page);
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    // The side navigation slides out of (or into) view when the width crosses the phone breakpoint.
    await page.waitForTimeout(500);
    await expect(deleteRow).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoHorizontalOverflow(page);
    // A full-page shot of a scrolled page would paint the fixed header in the middle.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await page.mouse.move(viewport.width - 2, viewport.height - 2);
    await shot(page, `${size}-activity`);
  }
  // On a phone the records are cards with the same facts.
  await expect(deleteRow).toContainText('Deleted');
  await expect(editRow).toContainText(newDescription);
  await expectNoSeriousViolations(page);
});

test('the Activity screen is for admins only', async ({ page }) => {
  await signIn(page, 'teller');
  await expect(
    page.getByRole('navigation', { name: 'Side navigation' }).getByRole('link', { name: 'Activity' }),
  ).toHaveCount(0);
  await page.goto('/1/admin/activity');
  await expect(page).toHaveURL(/\/home$/);
});
