import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminShot, confirmAction, expectNoSeriousViolations } from './admin-helpers';
import { apiToken, bearer, signIn, VIEWPORTS } from './support';

interface Settings {
  bankId: number;
  bankName: string;
  checkingActive: boolean;
  savingsActive: boolean;
  savingsRate: number;
  tellerDepositPermission: boolean;
  tellerWithdrawalPermission: boolean;
  tellerTransferPermission: boolean;
}

async function readSettings(request: APIRequestContext, token: string): Promise<Settings> {
  const response = await request.get('/api/user/bank/1', { headers: bearer(token) });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Settings;
}

// The bank's settings are shared by every test of the run: each test puts back what it found.
let original: Settings;
test.beforeEach(async ({ request }) => {
  original = await readSettings(request, await apiToken(request, 'admin'));
});
test.afterEach(async ({ request }) => {
  const response = await request.put('/api/admin/bank/update', {
    headers: bearer(await apiToken(request, 'admin')),
    data: original,
  });
  expect(response.status(), await response.text()).toBe(200);
});

const editMode = (page: Page) => page.getByRole('switch', { name: 'Edit Mode' });
const settingsRows = (page: Page) => page.getByTestId('bank-settings').getByRole('row');

test('the settings are read-only until Edit Mode; validation; cancelling reloads them', async ({ page }) => {
  await signIn(page, 'admin');
  await page
    .getByRole('navigation', { name: 'Side navigation' })
    .getByRole('link', { name: 'Bank Settings' })
    .click();
  await expect(page).toHaveURL(/\/1\/admin\/bank$/);
  await expect(settingsRows(page).filter({ hasText: 'Bank Name' })).toContainText(original.bankName);
  await expect(settingsRows(page).filter({ hasText: 'Savings Rate' })).toContainText(
    `${original.savingsRate.toFixed(2)}%`,
  );
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(editMode(page)).not.toBeChecked();

  await editMode(page).click();
  await expect(editMode(page)).toBeChecked();
  await page.getByLabel('Bank Name').fill('  ');
  await page.getByLabel('Savings Rate').fill('150');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Bank name must not be blank')).toBeVisible();
  await expect(
    page.getByText('The savings rate must be a percent from 0 to 100 with at most 2 decimals.'),
  ).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Savings off: the rate is not shown.
  await page.getByRole('switch', { name: /Savings Accounts/ }).click();
  await expect(page.getByLabel('Savings Rate')).toHaveCount(0);

  // Cancelling edit mode drops the changes and reloads the settings.
  const reload = page.waitForResponse((r) => r.url().endsWith('/api/user/bank/1') && r.ok());
  await editMode(page).click();
  await reload;
  await expect(editMode(page)).not.toBeChecked();
  await expect(settingsRows(page).filter({ hasText: 'Bank Name' })).toContainText(original.bankName);
  await expect(settingsRows(page).filter({ hasText: 'Savings Rate' })).toHaveCount(1);
});

test('Save Changes sends every field behind Confirm Action and shows the result', async ({
  page,
  request,
}) => {
  await signIn(page, 'admin');
  await page.goto('/1/admin/bank');
  await editMode(page).click();
  await page.getByLabel('Savings Rate').fill('3.75');
  const transfers = page.getByRole('switch', { name: /Teller Transfers/ });
  const transfersBefore = await transfers.isChecked();
  await transfers.click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await confirmAction(page, 'Save Changes');
  await expect(page.getByRole('status').filter({ hasText: 'Bank settings saved' })).toBeVisible();
  await expect(editMode(page)).not.toBeChecked();
  await expect(settingsRows(page).filter({ hasText: 'Savings Rate' })).toContainText('3.75%');
  await expect(settingsRows(page).filter({ hasText: 'Teller Transfers' })).toContainText(
    transfersBefore ? 'Not allowed' : 'Allowed',
  );

  const saved = await readSettings(request, await apiToken(request, 'admin'));
  expect(saved).toEqual({ ...original, savingsRate: 3.75, tellerTransferPermission: !transfersBefore });

  // With savings off the rate is no longer shown.
  await editMode(page).click();
  await page.getByRole('switch', { name: /Savings Accounts/ }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await confirmAction(page, 'Save Changes');
  await expect(page.getByRole('status').filter({ hasText: 'Bank settings saved' })).toBeVisible();
  await expect(settingsRows(page).filter({ hasText: 'Savings Accounts' })).toContainText('Not offered');
  await expect(settingsRows(page).filter({ hasText: 'Savings Rate' })).toHaveCount(0);
});

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test(`Bank Settings at ${size} width: screenshots and an accessibility scan`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, 'admin');
    await page.goto('/1/admin/bank');
    await expect(page.getByRole('heading', { level: 1, name: 'Bank Settings' })).toBeVisible();
    await expect(page.getByTestId('bank-settings')).toBeVisible();
    await expectNoSeriousViolations(page);
    await adminShot(page, `${size}-admin-bank-read-only`);

    await editMode(page).click();
    await page.getByLabel('Bank Name').fill('');
    await page.getByLabel('Savings Rate').fill('abc');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Bank name must not be blank')).toBeVisible();
    await expectNoSeriousViolations(page);
    await adminShot(page, `${size}-admin-bank-edit-errors`);

    await page.getByLabel('Bank Name').fill(original.bankName);
    await page.getByLabel('Savings Rate').fill(original.savingsRate.toFixed(2));
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('dialog', { name: 'Confirm Action' })).toBeVisible();
    await page.waitForTimeout(400);
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: `screenshots/${size}-admin-bank-confirm.png` });
    await confirmAction(page, 'Save Changes');
    await expect(page.getByRole('status').filter({ hasText: 'Bank settings saved' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await adminShot(page, `${size}-admin-bank-saved`);
  });
}
