import { expect, test } from '@playwright/test';
import { apiToken, balanceOf, money, signIn, STUDENT_CHECKING, STUDENT_SAVINGS } from './support';

test('a student transfers from checking to savings, from entry to confirmation', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'student');
  const checkingBefore = await balanceOf(request, token, 'student', STUDENT_CHECKING);
  const savingsBefore = await balanceOf(request, token, 'student', STUDENT_SAVINGS);

  await signIn(page, 'student');
  await expect(
    page.getByRole('link', { name: /^CHECKING \*\*2345 For spending and moving money Balance/ }),
  ).toContainText(money(checkingBefore));

  await page
    .getByRole('navigation', { name: 'Side navigation' })
    .getByRole('link', { name: 'Transfer' })
    .click();
  await expect(page).toHaveURL(/\/1\/transfer$/);

  // Validation first: blank accounts and a too-large amount.
  await page.getByRole('button', { name: 'Review Transfer' }).click();
  // The exact texts of the spec, the target's with its double space.
  await expect(page.locator('[id$="-error"]')).toHaveCount(3);
  expect(await page.locator('[id$="-error"]').allTextContents()).toEqual([
    'Please select a valid account',
    'Please select  a valid account',
    'Please enter a valid amount',
  ]);
  await page.getByLabel('From Account').selectOption(STUDENT_CHECKING);
  await page.getByLabel('To Account').selectOption(STUDENT_SAVINGS);
  await page.getByLabel('Amount').fill(String(checkingBefore + 1));
  await page.getByRole('button', { name: 'Review Transfer' }).click();
  await expect(page.getByText('Please enter a valid amount')).toBeVisible();

  await page.getByLabel('Amount').fill('12.34');
  await page.getByRole('button', { name: 'Review Transfer' }).click();
  const summary = page.getByTestId('confirm-summary');
  await expect(summary).toContainText('CHECKING **2345');
  await expect(summary).toContainText('SAVINGS **7890');
  await expect(summary).toContainText('$12.34');
  await page.getByRole('button', { name: 'Submit Transfer' }).click();

  await expect(page).toHaveURL(/\/1\/transfer\/confirmation$/);
  await expect(page.getByRole('status')).toContainText('Transfer successfully submitted');
  const details = page.getByTestId('confirmation-details');
  await expect(details).toContainText('$12.34');
  await expect(details.getByRole('row', { name: /^Date/ })).toHaveText(/\d\d\/\d\d\/\d{4}/);
  await expect(details.getByRole('row', { name: /^Transaction Id/ })).toHaveText(
    /\d+ \(money out of CHECKING \*\*2345\), \d+ \(money into SAVINGS \*\*7890\)/,
  );

  // Balances include pending transactions (API.md), so they change at once.
  const checkingAfter = Math.round((checkingBefore - 12.34) * 100) / 100;
  const savingsAfter = Math.round((savingsBefore + 12.34) * 100) / 100;
  expect(await balanceOf(request, token, 'student', STUDENT_CHECKING)).toBe(checkingAfter);
  expect(await balanceOf(request, token, 'student', STUDENT_SAVINGS)).toBe(savingsAfter);

  await page
    .getByRole('navigation', { name: 'Side navigation' })
    .getByRole('link', { name: 'Accounts', exact: true })
    .click();
  await expect(
    page.getByRole('link', { name: /^CHECKING \*\*2345 For spending and moving money Balance/ }),
  ).toContainText(money(checkingAfter));
  await expect(
    page.getByRole('link', {
      name: /^SAVINGS \*\*7890 For saving: the bank adds a little every month Balance/,
    }),
  ).toContainText(money(savingsAfter));

  // The account page lists the new debit as pending, without a balance.
  await page.getByRole('link', { name: /^CHECKING \*\*2345 For spending and moving money Balance/ }).click();
  const pendingRow = page
    .getByRole('table', { name: 'Pending transactions' })
    .getByRole('row')
    .filter({ hasText: 'Transfer to SAVINGS **7890' })
    .filter({ hasText: '$12.34' });
  await expect(pendingRow).toHaveCount(1);
  // "--" for its balance (spec §2), and beside it when the money arrives (issue 33).
  await expect(pendingRow.getByRole('cell').nth(4)).toHaveText(/^--on its way: arrives \w+/);

  // "Make Another Transfer" starts a blank form; the confirmation page without a transfer goes back to it.
  await page.goto('/1/transfer/confirmation');
  await expect(page).toHaveURL(/\/1\/transfer$/);
});
