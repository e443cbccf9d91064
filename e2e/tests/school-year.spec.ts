import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { branchIdOf, createAccount, createStudent, unique } from './admin-helpers';
import { KeyboardUser } from './keyboard-support';
import { apiToken, bearer, captureBothThemes, signIn, STUDENT_CHECKING, VIEWPORTS } from './support';

/**
 * The school year (issue 21) in the browser: a teacher schedules a class's pay, previews it, runs
 * it now, sees the run, reverses one student's payment, and the student sees both rows. The new
 * screens pass axe at phone and desktop width in both themes, and work by keyboard alone.
 */

const PASSWORD = 'School-year-2026';

interface Room {
  branchName: string;
  students: { username: string; name: string; account: string }[];
}

/** "Room 12-…": a branch of its own with three Students, each with a checking account; the first can sign in. */
async function room12(request: APIRequestContext): Promise<Room> {
  const token = await apiToken(request, 'admin');
  const branchName = unique('Room 12');
  const created = await request.post('/api/admin/branches/create', {
    headers: bearer(token),
    data: { branchName, bankId: 1, numOfAccounts: 0 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const branchId = await branchIdOf(request, token, branchName);
  const students: Room['students'] = [];
  for (let i = 0; i < 3; i += 1) {
    const username = unique(`r12kid${i}`);
    const temporary = await createStudent(request, token, username, branchId);
    if (i === 0) {
      // The student chooses a password (as at first sign-in), so the test can sign in as them.
      const own = await apiToken(request, username, temporary);
      const changed = await request.put(`/api/user/users/${username}/updatePassword`, {
        headers: bearer(own),
        data: [temporary, PASSWORD],
      });
      expect(changed.status(), await changed.text()).toBe(200);
    }
    students.push({
      username,
      name: `Test ${username}`,
      account: await createAccount(request, token, username, branchId),
    });
  }
  return { branchName, students };
}

/** Fills the new schedule form: every Friday, $5, to every Student of the branch. */
async function fillFridayPay(page: Page, name: string, branchName: string) {
  await page.getByRole('button', { name: 'New Schedule' }).click();
  await page.getByLabel(/^Name/).fill(name);
  await page.getByLabel(/^Amount for each student/).fill('5');
  await page.getByLabel(/^Branch/).selectOption({ label: branchName });
  await page.getByLabel('Day').selectOption({ label: 'Friday' });
}

test('a teacher pays Room 12 every Friday, runs it now, reverses one student, and the student sees both rows', async ({
  page,
  request,
}) => {
  // Two sign-ins and a dozen screens on a shared machine.
  test.setTimeout(180_000);
  const { branchName, students } = await room12(request);
  const [absent] = students;
  await signIn(page, 'admin');
  await page
    .getByRole('navigation', { name: 'Side navigation' })
    .getByRole('link', { name: 'Schedules' })
    .click();
  await expect(page).toHaveURL(/\/1\/schedules$/);

  await fillFridayPay(page, 'Class job pay', branchName);
  await page.getByRole('button', { name: 'Preview Next Run' }).click();
  const preview = page.getByTestId('schedule-preview');
  await expect(preview).toContainText(/Runs Fri \d\d\/\d\d 6:00/);
  await expect(preview).toContainText('3 payments, $15.00 in all');
  await expect(preview.getByTestId('preview-row')).toHaveCount(3);
  await page.getByRole('button', { name: 'Create Schedule' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Schedule "Class job pay" created' }),
  ).toBeVisible();

  const card = page.getByTestId('schedule').filter({ hasText: branchName });
  await expect(card.getByRole('heading')).toHaveText(
    new RegExp(
      `^Class job pay · \\$5\\.00 to every Student of ${branchName} · every Friday 6:00 · next Fri \\d\\d/\\d\\d$`,
    ),
  );

  await card.getByRole('button', { name: 'Run now: Class job pay' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Action' });
  await confirm.getByRole('button', { name: 'Run now' }).click();
  await expect(page.getByRole('status').filter({ hasText: '"Class job pay" ran' })).toContainText(
    '3 payments, $15.00 in all',
  );
  const history = card.getByTestId('run-history');
  await expect(history.getByTestId('run-row')).toHaveCount(1);
  await expect(history.getByTestId('run-row')).toContainText('Run now by admin');

  await history.getByRole('button', { name: /^Reverse: Class job pay/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Reverse Payday' });
  await dialog.getByRole('radio', { name: 'Only the students I choose' }).check();
  await dialog.getByRole('checkbox', { name: new RegExp(absent!.name) }).check();
  await dialog.getByLabel(/^Reason/).fill('Absent on Friday');
  await dialog.getByRole('button', { name: 'Reverse Payday' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Reversed 1 payment ($5.00)' })).toBeVisible();

  await page.goto('/1/payday/history');
  const rows = page.getByTestId('payday-history-row');
  // The payday names who was reversed, and the reversal what it undid and for whom (issue 33).
  await expect(rows.filter({ hasText: 'Class job pay' }).filter({ hasText: 'Deposit' })).toContainText(
    `Reversed for ${absent!.name}`,
  );
  await expect(rows.filter({ hasText: 'Absent on Friday' }).first()).toContainText(
    new RegExp(`Undoes "Class job pay" of .+ for ${absent!.name}`),
  );

  // The student sees the payment, marked reversed with the reason, and the reversal beside it.
  await page.getByTestId('header-menu').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, absent!.username, PASSWORD);
  await page.goto(`/account/${absent!.account}`);
  const pending = page.getByRole('table', { name: 'Pending transactions' });
  const paid = pending.getByTestId('transaction-row').filter({ hasText: 'Class job pay' });
  await expect(paid).toContainText('Teller Deposit');
  await expect(paid).toContainText('Reversed: Absent on Friday');
  await expect(paid).toContainText('$5.00');
  const reversal = pending.getByTestId('transaction-row').filter({ hasText: 'Reversal: Teller Deposit' });
  await expect(reversal).toContainText('Absent on Friday');
  await expect(reversal).toContainText('-$5.00');
  await expect(page.getByTestId('pending-total')).toHaveText('Pending total: $0.00');
});

test('a teacher schedules, runs and reverses by keyboard alone', async ({ page, request }) => {
  test.setTimeout(180_000);
  const { branchName, students } = await room12(request);
  await signIn(page, 'admin');
  await expect(page.getByTestId('action-tile').first()).toBeVisible();
  const keys = new KeyboardUser(page);
  await keys.skipToContent();
  await keys.tabTo(page.getByRole('main').getByRole('link', { name: /^Schedules/ }));
  await keys.press('Enter');
  await expect(page).toHaveURL(/\/1\/schedules$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Schedules' })).toBeFocused();
  await keys.tabTo(page.getByRole('button', { name: 'New Schedule' }));
  await keys.press('Enter');
  await expect(page.getByLabel(/^Name/)).toBeFocused();
  await keys.type('Keyboard pay');
  await keys.tabTo(page.getByLabel(/^Amount for each student/));
  await keys.type('2');
  const branch = page.getByLabel(/^Branch/);
  await keys.tabTo(branch);
  await keys.choose(branch, new RegExp(`^${branchName}$`));
  const day = page.getByLabel('Day');
  await keys.tabTo(day);
  await keys.choose(day, /^Friday$/);
  await keys.tabTo(page.getByLabel(/^Name/));
  await keys.press('Enter');
  await expect(page.getByTestId('schedule-preview')).toContainText('3 payments, $6.00 in all');
  await keys.tabTo(page.getByRole('button', { name: 'Create Schedule' }));
  await keys.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'created' })).toBeVisible();

  const card = page.getByTestId('schedule').filter({ hasText: branchName });
  await keys.tabTo(card.getByRole('button', { name: 'Run now: Keyboard pay' }));
  await keys.press('Enter');
  // The confirm button has the focus in front of a run (not a delete): Enter goes on.
  await expect(
    page.getByRole('dialog', { name: 'Confirm Action' }).getByRole('button', { name: 'Run now' }),
  ).toBeFocused();
  await keys.press('Enter');
  const reverse = card.getByRole('button', { name: /^Reverse: Keyboard pay/ });
  await expect(reverse).toBeVisible();
  await keys.tabTo(reverse);
  await keys.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Reverse Payday' });
  await expect(dialog.getByLabel(/^Reason/)).toBeFocused();
  // The choice of whom appears once the payday's payments have loaded (before, Shift+Tab finds Close).
  await expect(dialog.getByRole('radio', { name: 'Every payment still standing' })).toBeVisible();
  // Back to whom to reverse: the radio group, then the first student's box.
  await keys.press('Shift+Tab');
  await expect(dialog.getByRole('radio', { name: 'Every payment still standing' })).toBeFocused();
  await keys.press('ArrowDown');
  await expect(dialog.getByRole('radio', { name: 'Only the students I choose' })).toBeChecked();
  const first = dialog.getByRole('checkbox', { name: new RegExp(students[1]!.name) });
  await keys.tabTo(first);
  await keys.press('Space');
  await expect(first).toBeChecked();
  await keys.tabTo(dialog.getByLabel(/^Reason/));
  await keys.type('Counted twice');
  await keys.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Reversed 1 payment ($2.00)' })).toBeVisible();
  test.info().annotations.push({ type: 'key presses', description: String(keys.presses) });
  console.log(`schedule, run and reverse: ${keys.presses} key presses`);
});

/** A payday of $5 to the room by the API, and the first student's payment reversed ("Absent"). */
async function paidAndReversed(request: APIRequestContext, room: Room) {
  const token = await apiToken(request, 'admin');
  const paid = await request.post('/api/teller/batches', {
    headers: bearer(token),
    data: {
      kind: 'deposit',
      memo: 'Class job pay',
      items: room.students.map((s) => ({ accountId: s.account, amount: 5 })),
    },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const { batchId } = (await paid.json()) as { batchId: string };
  const reversed = await request.post(`/api/admin/batches/${batchId}/reverse`, {
    headers: bearer(token),
    data: { reason: 'Absent', accountIds: [room.students[0]!.account] },
  });
  expect(reversed.status(), await reversed.text()).toBe(201);
}

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`at ${size} width`, () => {
    test.use({ viewport });
    test.setTimeout(300_000);

    test('Schedules, the run history, Reverse Payday and the payday history pass axe in both themes', async ({
      page,
      request,
    }) => {
      const { branchName, students } = await room12(request);
      await signIn(page, 'admin');
      await page.goto('/1/schedules');
      await fillFridayPay(page, `Pay ${size}`, branchName);
      await page.getByRole('button', { name: 'Preview Next Run' }).click();
      await expect(page.getByTestId('schedule-preview')).toBeVisible();
      await captureBothThemes(page, `${size}-schedule-form`);
      await page.getByRole('button', { name: 'Create Schedule' }).click();
      const card = page.getByTestId('schedule').filter({ hasText: branchName });
      await card.getByRole('button', { name: `Run now: Pay ${size}` }).click();
      await page
        .getByRole('dialog', { name: 'Confirm Action' })
        .getByRole('button', { name: 'Run now' })
        .click();
      await expect(card.getByTestId('run-row')).toHaveCount(1);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await captureBothThemes(page, `${size}-schedules`);

      await card.getByRole('button', { name: new RegExp(`^Reverse: Pay ${size}`) }).click();
      const dialog = page.getByRole('dialog', { name: 'Reverse Payday' });
      await dialog.getByRole('radio', { name: 'Only the students I choose' }).check();
      await captureBothThemes(page, `${size}-reverse-payday`);
      await dialog.getByRole('checkbox', { name: new RegExp(students[0]!.name) }).check();
      await dialog.getByLabel(/^Reason/).fill('Absent');
      await dialog.getByRole('button', { name: 'Reverse Payday' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await page.goto('/1/payday/history');
      await expect(page.getByTestId('payday-history-row').first()).toBeVisible();
      await captureBothThemes(page, `${size}-payday-history`);
    });

    test('Reverse on the account page, a reversed payment, and the time zone pass axe in both themes', async ({
      page,
      request,
    }) => {
      const room = await room12(request);
      await paidAndReversed(request, room);
      await signIn(page, 'admin');
      await page.goto(`/account/${room.students[1]!.account}`);
      await page
        .getByRole('button', { name: /^Reverse transaction/ })
        .first()
        .click();
      await expect(page.getByRole('dialog', { name: 'Reverse Transaction' })).toBeVisible();
      await captureBothThemes(page, `${size}-reverse-transaction`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await page.goto(`/account/${room.students[0]!.account}`);
      await expect(page.getByTestId('reversed-note')).toHaveText('Reversed: Absent');
      await captureBothThemes(page, `${size}-account-reversed`);

      // A posted transaction's edit form steers to Reverse (the demo student's posted history).
      await page.goto(`/account/${STUDENT_CHECKING}`);
      const posted = page.getByRole('table', { name: 'Posted transactions' });
      await posted
        .getByRole('button', { name: /^Edit transaction/ })
        .first()
        .click();
      await expect(page.getByTestId('reverse-instead')).toBeVisible();
      await captureBothThemes(page, `${size}-edit-reverse-instead`);

      await page.goto('/1/admin/bank');
      await page.getByRole('switch', { name: 'Edit Mode' }).click();
      await expect(page.getByText('Schedules run at 6:00 in the morning in this time zone.')).toBeVisible();
      await captureBothThemes(page, `${size}-bank-time-zone`);
    });
  });
}
