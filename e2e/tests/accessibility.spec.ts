import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations, signIn, STUDENT_CHECKING } from './support';

test('login, home, account, transfer and settings have no serious accessibility violations', async ({
  page,
}) => {
  await page.goto('/login');
  await expectNoSeriousViolations(page);
  await signIn(page, 'student');
  await expect(page.getByTestId('account-card').first()).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.goto(`/account/${STUDENT_CHECKING}`);
  await expect(page.getByRole('table', { name: 'Posted transactions' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.goto('/1/transfer');
  await page.getByRole('button', { name: 'Review Transfer' }).click();
  await expectNoSeriousViolations(page);
  await page.goto('/settings/updatePassword');
  await expectNoSeriousViolations(page);
});

test('staff screens (deposit, the edit form, Confirm Action) have no serious accessibility violations', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await expectNoSeriousViolations(page);
  await page.goto('/1/deposit');
  await page.getByLabel('Branch').selectOption({ label: 'Main Campus' });
  await page.getByRole('button', { name: 'Review Deposit' }).click();
  await expectNoSeriousViolations(page);
  await page.goto(`/account/${STUDENT_CHECKING}`);
  await page
    .getByRole('button', { name: /^Edit transaction/ })
    .first()
    .click();
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'Delete Transaction' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm Action' })).toBeVisible();
  // Contrast is measured once the dialog has faded in.
  await page.waitForTimeout(400);
  await expectNoSeriousViolations(page);
});
