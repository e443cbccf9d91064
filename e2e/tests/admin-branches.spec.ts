import { expect, test } from '@playwright/test';
import { adminShot, confirmAction, expectNoSeriousViolations, unique } from './admin-helpers';
import { signIn, VIEWPORTS } from './support';

test('an admin creates, renames and deletes a branch', async ({ page }) => {
  const name = unique('Branch');
  await signIn(page, 'admin');
  await page
    .getByRole('navigation', { name: 'Side navigation' })
    .getByRole('link', { name: 'Branches' })
    .click();
  await expect(page).toHaveURL(/\/1\/admin\/branches$/);
  const table = page.getByRole('table', { name: 'Branches' });
  await expect(table.getByRole('row').filter({ hasText: 'Main Campus' })).toBeVisible();

  await expect(page.getByRole('region', { name: 'Create Branch' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Create Branch' }).click();
  const form = page.getByRole('region', { name: 'Create Branch' });
  await form.getByLabel('Branch Name').fill('   ');
  await form.getByRole('button', { name: 'Create Branch' }).click();
  await expect(form.getByText('Branch name must not be blank')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // By keyboard: Enter submits, Escape backs out of Confirm Action, Enter confirms.
  await form.getByLabel('Branch Name').fill(name);
  await form.getByLabel('Branch Name').press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Confirm Action' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(form.getByRole('status')).toHaveCount(0);
  await form.getByLabel('Branch Name').press('Enter');
  await expect(dialog.getByRole('button', { name: 'Create Branch' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(form.getByRole('status')).toContainText('Branch successfully created');
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(3)).toHaveText('0');

  // The same name again, in another case: the server's 409.
  await form.getByLabel('Branch Name').fill(name.toUpperCase());
  await expect(form.getByRole('status')).toHaveCount(0);
  await form.getByRole('button', { name: 'Create Branch' }).click();
  await confirmAction(page, 'Create Branch');
  await expect(form.getByRole('alert')).toContainText('Branch already exists');
  await form.getByRole('button', { name: 'Close' }).click();

  // Rename: the success is reported as a success.
  const renamed = `${name} Hall`;
  await page.getByRole('button', { name: `Edit branch ${name}` }).click();
  const edit = page.getByRole('region', { name: `Edit Branch ${name}` });
  await edit.getByLabel('Branch Name').fill('');
  await edit.getByRole('button', { name: 'Update Branch' }).click();
  await expect(edit.getByText('Branch name must not be blank')).toBeVisible();
  await edit.getByLabel('Branch Name').fill(renamed);
  await edit.getByRole('button', { name: 'Update Branch' }).click();
  await confirmAction(page, 'Update Branch');
  const editRenamed = page.getByRole('region', { name: `Edit Branch ${renamed}` });
  await expect(editRenamed.getByRole('status')).toContainText('Branch successfully updated');
  await expect(editRenamed.getByRole('alert')).toHaveCount(0);
  await expect(table.getByRole('row').filter({ hasText: renamed })).toHaveCount(1);

  await editRenamed.getByRole('button', { name: 'Delete Branch' }).click();
  await confirmAction(page, 'Delete Branch');
  await expect(page.getByText(`Branch "${renamed}" was deleted.`, { exact: true })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});

test('a branch in use cannot be deleted: the Delete is disabled and says why', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/1/admin/branches');
  await page.getByRole('button', { name: 'Edit branch Main Campus' }).click();
  const edit = page.getByRole('region', { name: 'Edit Branch Main Campus' });
  const remove = edit.getByRole('button', { name: 'Delete Branch' });
  await expect(remove).toBeDisabled();
  await expect(
    edit.getByText(/^Cannot delete: the branch still has \d+ accounts? and \d+ users?\.$/),
  ).toBeVisible();
  await expect(remove).toHaveAccessibleDescription(/^Cannot delete: the branch still has/);
  await expectNoSeriousViolations(page);
});

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test(`Manage Branches at ${size} width: screenshots and an accessibility scan`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, 'admin');
    await page.goto('/1/admin/branches');
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Branches' })).toBeVisible();
    await expect(page.getByTestId('branch-row').first()).toBeVisible();
    await expectNoSeriousViolations(page);
    await adminShot(page, `${size}-admin-branches-list`);

    await page.getByRole('button', { name: 'Create Branch' }).click();
    const form = page.getByRole('region', { name: 'Create Branch' });
    await form.getByRole('button', { name: 'Create Branch' }).click();
    await expect(form.getByText('Branch name must not be blank')).toBeVisible();
    await expectNoSeriousViolations(page);
    await adminShot(page, `${size}-admin-branches-create-errors`);

    await form.getByLabel('Branch Name').fill(unique(`Shot ${size}`));
    await form.getByRole('button', { name: 'Create Branch' }).click();
    await confirmAction(page, 'Create Branch');
    await expect(form.getByRole('status')).toContainText('Branch successfully created');
    await expectNoSeriousViolations(page);
    await adminShot(page, `${size}-admin-branches-created`);

    await form.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Edit branch North Campus' }).click();
    const edit = page.getByRole('region', { name: 'Edit Branch North Campus' });
    await expect(edit.getByRole('button', { name: 'Delete Branch' })).toBeDisabled();
    await expect(edit.getByText(/^Cannot delete: the branch still has/)).toBeVisible();
    await expectNoSeriousViolations(page);
    await adminShot(page, `${size}-admin-branches-delete-blocked`);
  });
}
