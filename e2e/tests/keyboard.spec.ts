import { expect, test } from '@playwright/test';
import { KeyboardUser } from './keyboard-support';
import { signIn } from './support';

/**
 * The two most common jobs done with the keyboard alone, from home with nothing focused. The
 * number of presses is written to the test's annotations (issue 14 asks for it).
 */
test('a student transfers by keyboard only', async ({ page }) => {
  await signIn(page, 'student');
  await expect(page.getByTestId('account-card').first()).toBeVisible();
  const keys = new KeyboardUser(page);
  await keys.skipToContent();
  await keys.tabTo(page.getByRole('main').getByRole('link', { name: 'Transfer', exact: true }));
  await keys.press('Enter');
  await expect(page).toHaveURL(/\/1\/transfer$/);
  const from = page.getByLabel('From Account');
  await keys.tabTo(from);
  await keys.choose(from, /^CHECKING/);
  const to = page.getByLabel('To Account');
  await keys.tabTo(to);
  await keys.choose(to, /^SAVINGS/);
  await keys.tabTo(page.getByLabel('Amount'));
  await keys.type('5');
  await keys.press('Enter');
  const submit = page.getByRole('button', { name: 'Submit Transfer' });
  await expect(submit).toBeVisible();
  await keys.tabTo(submit);
  await keys.press('Enter');
  await expect(page).toHaveURL(/\/1\/transfer\/confirmation$/);
  test.info().annotations.push({ type: 'key presses', description: String(keys.presses) });
  console.log(`student transfer: ${keys.presses} key presses`);
});

test('a teller deposits by keyboard only', async ({ page }) => {
  await signIn(page, 'teller');
  await expect(page.getByTestId('action-tile').first()).toBeVisible();
  const keys = new KeyboardUser(page);
  await keys.skipToContent();
  await keys.tabTo(page.getByRole('main').getByRole('link', { name: /^Deposit/ }));
  await keys.press('Enter');
  await expect(page).toHaveURL(/\/1\/deposit$/);
  const branch = page.getByLabel('Branch');
  await keys.tabTo(branch);
  await keys.choose(branch, /^Main Campus/);
  // The searchable picker (issue 12): type the account's last four digits, then take the match.
  await keys.tabTo(page.getByRole('combobox', { name: 'Deposit Account' }));
  await keys.type('2345');
  await keys.press('ArrowDown');
  await keys.press('Enter');
  await keys.tabTo(page.getByLabel('Amount'));
  await keys.type('5');
  await keys.press('Enter');
  const submit = page.getByRole('button', { name: 'Submit Deposit' });
  await expect(submit).toBeVisible();
  await keys.tabTo(submit);
  await keys.press('Enter');
  await expect(page).toHaveURL(/\/1\/deposit\/confirmation$/);
  test.info().annotations.push({ type: 'key presses', description: String(keys.presses) });
  console.log(`teller deposit: ${keys.presses} key presses`);
});
