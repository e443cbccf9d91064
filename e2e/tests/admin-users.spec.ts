import { expect, test } from '@playwright/test';
import {
  adminShot,
  branchIdOf,
  confirmAction,
  createAccount,
  createStudent,
  editUser,
  expectNoSeriousViolations,
  unique,
} from './admin-helpers';
import { apiToken, signIn, VIEWPORTS } from './support';

test('an admin creates a Student, hands over the temporary password, edits and deletes the user', async ({
  page,
  request,
}) => {
  const username = unique('kid');
  await signIn(page, 'admin');
  await page
    .getByRole('navigation', { name: 'Side navigation' })
    .getByRole('link', { name: 'Users' })
    .click();
  await expect(page).toHaveURL(/\/1\/admin\/users$/);
  const table = page.getByRole('table', { name: 'Users' });
  // 25 users a page: the users other tests of the run made may come first.
  await page.getByLabel('Search').fill('student');
  const studentRow = table
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'student', exact: true }) });
  await expect(studentRow).toContainText('Main Campus');

  // The form is hidden until opened.
  await expect(page.getByRole('region', { name: 'Create User' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Create User' }).click();
  const form = page.getByRole('region', { name: 'Create User' });
  await expect(form.getByLabel('User Id')).toBeFocused();
  await expect(form.getByLabel('User Role')).toHaveValue('USER');
  await expect(form.getByLabel('User Role').locator('option:checked')).toHaveText('Student');

  await form.getByRole('button', { name: 'Create User' }).click();
  await expect(form.getByText('Please provide a User Id and Name')).toHaveCount(2);
  await expect(form.getByText('Student accounts must be assigned to a branch')).toBeVisible();

  await form.getByLabel('User Id').fill(username);
  await form.getByLabel('Name').fill('Kim Kid');
  await form.getByRole('button', { name: 'Create User' }).click();
  await expect(form.getByText('Student accounts must be assigned to a branch')).toBeVisible();
  await form.getByLabel('Branch').selectOption({ label: 'Main Campus' });
  await form.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm Action' })).toContainText(
    `Create the user ${username} (Kim Kid) as Student of Main Campus?`,
  );
  await confirmAction(page, 'Create User');

  const status = form.getByRole('status');
  await expect(status).toContainText('Successfully created user');
  const password = (await status.getByTestId('temporary-password').innerText()).trim();
  expect(password.length).toBeGreaterThanOrEqual(8);
  await expect(status.getByRole('button', { name: 'Copy password' })).toBeFocused();
  // The password shown is the one that works.
  expect(await apiToken(request, username, password)).toBeTruthy();
  await page.getByLabel('Search').fill(username);
  await expect(table.getByRole('row').filter({ hasText: username })).toContainText('Kim Kid');

  // Editing the create form clears its status: the password is shown once.
  await form.getByLabel('User Id').fill('x');
  await expect(form.getByRole('status')).toHaveCount(0);
  await expect(page.getByText(password)).toHaveCount(0);
  await form.getByRole('button', { name: 'Close' }).click();
  await expect(form).toHaveCount(0);

  // Edit: name, and the branch (a Student keeps one).
  await editUser(page, username);
  const edit = page.getByRole('region', { name: `Edit User ${username}` });
  await expect(edit.getByLabel('User Id')).toHaveValue(username);
  await edit.getByLabel('Branch').selectOption({ label: 'Select a branch' });
  await edit.getByRole('button', { name: 'Update User' }).click();
  await expect(edit.getByText('Student accounts must be assigned to a branch')).toBeVisible();
  await edit.getByLabel('Name').fill('Kim Kidd');
  await edit.getByLabel('Branch').selectOption({ label: 'North Campus' });
  await edit.getByRole('button', { name: 'Update User' }).click();
  await confirmAction(page, 'Update User');
  await expect(edit.getByRole('status')).toContainText('User successfully updated');
  const row = table.getByRole('row').filter({ hasText: username });
  await expect(row).toContainText('Kim Kidd');
  await expect(row).toContainText('North Campus');

  // Delete, behind Confirm Action; the row goes.
  await edit.getByRole('button', { name: 'Delete User' }).click();
  await confirmAction(page, 'Delete User');
  await expect(page.getByText(`User ${username} was deleted.`, { exact: true })).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(edit).toHaveCount(0);
});

test("the server's refusal of a taken User Id is shown; a user with open accounts cannot be deleted, and says why", async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'admin');
  const username = unique('owner');
  await createStudent(request, token, username, await branchIdOf(request, token, 'Main Campus'));
  await createAccount(request, token, username, await branchIdOf(request, token, 'Main Campus'));

  await signIn(page, 'admin');
  await page.goto('/1/admin/users');
  await page.getByRole('button', { name: 'Create User' }).click();
  const form = page.getByRole('region', { name: 'Create User' });
  await form.getByLabel('User Id').fill(username.toUpperCase());
  await form.getByLabel('Name').fill('Same Name');
  await form.getByLabel('User Role').selectOption({ label: 'Teller' });
  await form.getByRole('button', { name: 'Create User' }).click();
  await confirmAction(page, 'Create User');
  const failure = form.getByRole('alert');
  await expect(failure).toContainText('Failed to create user');
  await expect(failure).toContainText('That User Id is already taken.');

  await editUser(page, username);
  const edit = page.getByRole('region', { name: `Edit User ${username}` });
  const remove = edit.getByRole('button', { name: 'Delete User' });
  await expect(remove).toBeDisabled();
  const reason = 'Cannot delete: the user has 1 open account. Close it first.';
  await expect(edit.getByText(reason)).toBeVisible();
  await expect(remove).toHaveAccessibleDescription(reason);
  await expectNoSeriousViolations(page);
  await expect(
    page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: username }),
  ).toHaveCount(1);
});

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test(`Manage Users at ${size} width: screenshots and an accessibility scan`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, 'admin');
    await page.goto('/1/admin/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Users' })).toBeVisible();
    await expect(page.getByTestId('user-row').first()).toBeVisible();
    await expectNoSeriousViolations(page);
    await adminShot(page, `${size}-admin-users-list`);

    await page.getByRole('button', { name: 'Create User' }).click();
    const form = page.getByRole('region', { name: 'Create User' });
    await form.getByRole('button', { name: 'Create User' }).click();
    await expect(form.getByText('Please provide a User Id and Name').first()).toBeVisible();
    await expectNoSeriousViolations(page);
    await adminShot(page, `${size}-admin-users-create-errors`);

    await form.getByLabel('User Id').fill(unique(`shot-${size}`));
    await form.getByLabel('Name').fill('Screenshot Student');
    await form.getByLabel('Branch').selectOption({ label: 'North Campus' });
    await form.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByRole('dialog', { name: 'Confirm Action' })).toBeVisible();
    await page.waitForTimeout(400);
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: `screenshots/${size}-admin-users-confirm.png` });
    await confirmAction(page, 'Create User');
    await expect(form.getByTestId('temporary-password')).toBeVisible();
    await expectNoSeriousViolations(page);
    await adminShot(page, `${size}-admin-users-created`);

    await form.getByRole('button', { name: 'Close' }).click();
    await editUser(page, 'student');
    await expect(page.getByRole('region', { name: 'Edit User student' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await adminShot(page, `${size}-admin-users-edit`);
  });
}
