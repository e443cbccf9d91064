import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { apiToken, balanceOf, bearer, signIn, STUDENT_CHECKING } from './support';

test('an admin edits and then deletes a transaction, each behind Confirm Action', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'admin');
  const before = await balanceOf(request, token, 'student', STUDENT_CHECKING);
  const created = await request.post('/api/teller/deposits', {
    headers: { ...bearer(token), 'Idempotency-Key': randomUUID() },
    data: { accountId: STUDENT_CHECKING, amount: 50 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await signIn(page, 'admin');
  await page.goto(`/account/${STUDENT_CHECKING}`);
  await page.getByRole('button', { name: `Edit transaction ${id}: Teller Deposit` }).click();
  const form = page.getByRole('region', { name: `Edit Transaction ${id}` });
  await expect(form.getByLabel('Amount')).toHaveValue('50.00');
  await form.getByLabel('Description').fill('Teller Deposit (corrected)');
  await form.getByLabel('Amount').fill('45');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Action' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(form).toHaveCount(0);

  const row = page
    .getByRole('table', { name: 'Pending transactions' })
    .getByRole('row')
    .filter({ hasText: 'Teller Deposit (corrected)' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('$45.00');
  expect(await balanceOf(request, token, 'student', STUDENT_CHECKING)).toBe(
    Math.round((before + 45) * 100) / 100,
  );

  await page.getByRole('button', { name: `Edit transaction ${id}: Teller Deposit (corrected)` }).click();
  await page.getByRole('button', { name: 'Delete Transaction' }).click();
  await dialog.getByRole('button', { name: 'Delete Transaction' }).click();
  await expect(row).toHaveCount(0);
  expect(await balanceOf(request, token, 'student', STUDENT_CHECKING)).toBe(before);
});

test('a teller is offered no Edit: only admins change transactions (issue 9)', async ({ page }) => {
  await signIn(page, 'teller');
  await page.goto(`/account/${STUDENT_CHECKING}`);
  const posted = page.getByRole('table', { name: 'Posted transactions' });
  await expect(posted.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Edit', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit transaction/ })).toHaveCount(0);
});
