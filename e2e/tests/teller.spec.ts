import { expect, test } from '@playwright/test';
import { accountOption, apiToken, balanceOf, chooseAccount, signIn, STUDENT_CHECKING } from './support';

test('a teller deposits and withdraws after choosing a branch', async ({ page, request }) => {
  const token = await apiToken(request, 'admin');
  const before = await balanceOf(request, token, 'student', STUDENT_CHECKING);

  await signIn(page, 'teller');
  await page
    .getByRole('navigation', { name: 'Side navigation' })
    .getByRole('link', { name: 'Deposit' })
    .click();
  await expect(page).toHaveURL(/\/1\/deposit$/);

  const account = page.getByRole('combobox', { name: 'Deposit Account' });
  await expect(account).toBeDisabled();
  // North Campus has none of the student's accounts.
  await page.getByLabel('Branch').selectOption({ label: 'North Campus' });
  await account.click();
  await expect(page.getByRole('option', { name: /Jordan Lee/ }).first()).toBeVisible();
  await expect(accountOption(page, STUDENT_CHECKING)).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByLabel('Branch').selectOption({ label: 'Main Campus' });
  await expect(account).toBeEnabled();

  await page.getByRole('button', { name: 'Review Deposit' }).click();
  await expect(page.getByText('Please select a deposit account')).toBeVisible();
  await chooseAccount(page, 'Deposit Account', STUDENT_CHECKING);
  await page.getByLabel('Amount').fill('abc');
  await page.getByRole('button', { name: 'Review Deposit' }).click();
  await expect(page.getByText('Deposit amount must be a number.')).toBeVisible();
  await page.getByLabel('Amount').fill('40');
  await page.getByRole('button', { name: 'Review Deposit' }).click();
  await expect(page.getByTestId('confirm-summary')).toContainText('Main Campus');
  await page.getByRole('button', { name: 'Submit Deposit' }).click();
  await expect(page).toHaveURL(/\/1\/deposit\/confirmation$/);
  await expect(page.getByRole('status')).toContainText('Deposit successfully submitted');
  await expect(page.getByTestId('confirmation-details')).toContainText(STUDENT_CHECKING);
  await expect(page.getByTestId('confirmation-details')).toContainText('$40.00');
  expect(await balanceOf(request, token, 'student', STUDENT_CHECKING)).toBe(
    Math.round((before + 40) * 100) / 100,
  );

  await page
    .getByRole('navigation', { name: 'Side navigation' })
    .getByRole('link', { name: 'Withdrawal' })
    .click();
  await expect(page).toHaveURL(/\/1\/withdrawal$/);
  await page.getByLabel('Branch').selectOption({ label: 'Main Campus' });
  await chooseAccount(page, 'Withdrawal Account', STUDENT_CHECKING);
  await page.getByLabel('Amount').fill('0');
  await page.getByRole('button', { name: 'Review Withdrawal' }).click();
  await expect(page.getByText('Withdrawals must be a number greater than 0')).toBeVisible();
  await page.getByLabel('Amount').fill('15');
  await page.getByRole('button', { name: 'Review Withdrawal' }).click();
  await page.getByRole('button', { name: 'Submit Withdrawal' }).click();
  await expect(page).toHaveURL(/\/1\/withdrawal\/confirmation$/);
  await expect(page.getByRole('status')).toContainText('Withdrawal successfully submitted');
  await expect(page.getByTestId('confirmation-details')).toContainText('$15.00');
  expect(await balanceOf(request, token, 'student', STUDENT_CHECKING)).toBe(
    Math.round((before + 25) * 100) / 100,
  );

  await page.getByRole('button', { name: 'Make Another Withdrawal' }).click();
  await expect(page).toHaveURL(/\/1\/withdrawal$/);
  // Make Another keeps the branch (issue 12).
  await expect(page.getByLabel('Branch')).toHaveValue(/^[0-9]+$/);
  await expect(page.getByRole('combobox', { name: 'Withdrawal Account' })).toBeEnabled();
});

test('a withdrawal the account cannot cover shows the failure and the server reason', async ({ page }) => {
  await signIn(page, 'teller');
  await page.goto('/1/withdrawal');
  await page.getByLabel('Branch').selectOption({ label: 'Main Campus' });
  await chooseAccount(page, 'Withdrawal Account', STUDENT_CHECKING);
  await page.getByLabel('Amount').fill('999999');
  await page.getByRole('button', { name: 'Review Withdrawal' }).click();
  await page.getByRole('button', { name: 'Submit Withdrawal' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Failed to process withdrawal');
  await expect(alert).toContainText('Insufficient funds');
  await expect(page).toHaveURL(/\/1\/withdrawal$/);
});
