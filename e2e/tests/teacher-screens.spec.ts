import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { unique } from './admin-helpers';
import { useScheme } from './long-lists-data';
import { apiToken, bearer, expectNoViolations, shot, signIn, VIEWPORTS } from './support';

/**
 * The screens issue 33 changed for teachers and their admin, at 390 and 1280 px, light and dark,
 * each scanned by axe (every rule): Students (choosing, class bankers, money held), new sign-in
 * slips, the reset that prints one, the payday history and its reversal, an account a teacher may
 * reverse on, "Ask an admin", the sign-in a slip's code opens, Bank Settings, Manage Accounts,
 * Manage Users and the import that offers a new class.
 */

const CLASS = 'Main Campus';

/** Every size and scheme: the screenshot, then axe on what it shows. */
async function everyWay(page: Page, name: string) {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    for (const scheme of ['light', 'dark'] as const) {
      await useScheme(page, scheme);
      await shot(page, `teacher-${name}-${size === 'phone' ? 390 : 1280}-${scheme}`);
      await expectNoViolations(page);
    }
  }
  await page.setViewportSize(VIEWPORTS.desktop);
  await useScheme(page, 'light');
}

async function ok(response: Awaited<ReturnType<APIRequestContext['post']>>, status = 200) {
  expect(response.status(), await response.text()).toBe(status);
  return response.json() as Promise<unknown>;
}

/**
 * A payday to two new students of the teacher's class and one of North Campus; Maya (of Main
 * Campus) a class banker whose waiting request holds $2 of Ria's money.
 */
async function setUp(request: APIRequestContext) {
  const admin = await apiToken(request, 'admin');
  const tag = unique('s').slice(2);
  const rows = [`ria-${tag},Ria ${tag},${CLASS},CHECKING;SAVINGS`, `leo-${tag},Leo ${tag},${CLASS},CHECKING`];
  const imported = (await ok(
    await request.post('/api/admin/users/import', {
      headers: { ...bearer(admin), 'Content-Type': 'text/csv' },
      data: `username,name,branch,accounts\n${rows.join('\n')}\n`,
    }),
    201,
  )) as { created: { accounts: { accountId: string; accountType: string }[] }[] };
  const checking = imported.created.map(
    (c) => c.accounts.find((a) => a.accountType === 'CHECKING')!.accountId,
  );
  const memo = `Class job ${tag}`;
  await ok(
    await request.post('/api/teller/batches', {
      headers: bearer(admin),
      data: {
        kind: 'deposit',
        memo,
        items: [
          ...checking.map((accountId) => ({ accountId, amount: 5 })),
          { accountId: '4100034567', amount: 5 },
        ],
      },
    }),
    201,
  );
  const teller = await apiToken(request, 'teller');
  await ok(
    await request.put('/api/teller/users/maya/banker', { headers: bearer(teller), data: { banker: true } }),
  );
  // Every request waits for a teacher (another file may have left a limit that approves $2 at once).
  await updateBank(request, admin, { bankerLimit: 0 });
  const maya = await apiToken(request, 'maya');
  await ok(
    await request.post('/api/user/requests', {
      headers: bearer(maya),
      data: { kind: 'withdrawal', accountId: checking[0], amount: 2, memo: 'Pencils' },
    }),
    201,
  );
  return { admin, tag, memo, riaChecking: checking[0]! };
}

/** Changes some of the bank's settings, the rest as they are. */
async function updateBank(request: APIRequestContext, admin: string, changes: object) {
  const settings = (await (
    await request.get('/api/user/bank/1', { headers: bearer(admin) })
  ).json()) as object;
  await ok(
    await request.put('/api/admin/bank/update', {
      headers: bearer(admin),
      data: { ...settings, ...changes },
    }),
  );
}

const setRights = (request: APIRequestContext, admin: string, on: boolean) =>
  updateBank(request, admin, {
    tellerCanReverse: on,
    tellerCanResetPasswords: on,
    tellerCanManageBankers: on,
  });

test('the teacher screens, every size and scheme, axe clean', async ({ page, request }) => {
  test.setTimeout(1_200_000);
  // A step that cannot be done fails in a minute, not at the end of the whole test's time.
  page.setDefaultTimeout(60_000);
  const { admin, tag, memo, riaChecking } = await setUp(request);
  await page.addInitScript(() => {
    window.print = () => undefined;
  });
  await signIn(page, 'teller');

  await page.goto('/1/students');
  await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
  const ria = page.getByTestId('student-row').filter({ hasText: `Ria ${tag}` });
  await expect(ria.getByTestId('student-available')).toContainText('$3.00 available');
  await everyWay(page, 'students');

  await page.getByRole('button', { name: new RegExp(`^Reset Password: Leo ${tag}`) }).click();
  const dialog = page.getByRole('dialog', { name: /Reset Password/ });
  await dialog.getByRole('button', { name: 'Reset Password' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm Action' })
    .getByRole('button', { name: 'Reset Password' })
    .click();
  await expect(dialog.getByRole('button', { name: 'Print a sign-in slip' })).toBeVisible();
  await everyWay(page, 'reset-slip');
  await dialog.getByRole('button', { name: 'Print a sign-in slip' }).click();
  await expect(page.getByTestId('sign-in-slip')).toHaveCount(1);
  await everyWay(page, 'new-slips');

  await page.goto('/1/payday/history');
  const row = page
    .getByTestId('payday-history-row')
    .filter({ has: page.getByRole('cell', { name: memo, exact: true }) });
  await expect(row).toContainText('Main Campus, North Campus');
  await everyWay(page, 'payday-history');
  await row.getByRole('button', { name: `Reverse: ${memo}` }).click();
  const reverse = page.getByRole('dialog', { name: 'Reverse Payday' });
  await expect(reverse.getByRole('checkbox', { name: /\(another class\)/ })).toBeDisabled();
  await everyWay(page, 'reverse-payday');
  await reverse.getByRole('button', { name: 'Go Back' }).click();

  await page.goto(`/account/${riaChecking}`);
  await expect(page.getByRole('button', { name: /^Reverse/ }).first()).toBeVisible();
  await everyWay(page, 'account');

  await setRights(request, admin, false);
  try {
    await page.goto('/1/students');
    await expect(page.getByTestId('ask-admin')).toContainText('Ask an admin');
    await everyWay(page, 'students-ask-admin');
    await page.goto(`/account/${riaChecking}`);
    await expect(page.getByTestId('ask-admin')).toBeVisible();
    await everyWay(page, 'account-ask-admin');
  } finally {
    await setRights(request, admin, true);
  }

  await page.getByTestId('header-menu').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto(`/login?user=ria-${tag}`);
  await expect(page.getByLabel('User Id')).toHaveValue(`ria-${tag}`);
  await everyWay(page, 'sign-in-from-slip');

  await signIn(page, 'admin');
  await page.goto('/1/admin/bank');
  await page.getByRole('switch', { name: 'Edit Mode' }).click();
  await expect(page.getByText("What teachers may do for their own class's students")).toBeVisible();
  await everyWay(page, 'bank-settings');
  await page.getByRole('switch', { name: 'Edit Mode' }).click();

  await page.goto('/1/admin/accounts');
  await expect(page.getByRole('columnheader', { name: 'Owner' })).toBeVisible();
  await everyWay(page, 'manage-accounts');

  await page.goto('/1/admin/users');
  await page.getByLabel('Role', { exact: true }).selectOption('TELLER');
  await expect(page.getByTestId('user-row').first()).toBeVisible();
  await everyWay(page, 'manage-users');

  await page.goto('/1/admin/users/import');
  await page
    .getByRole('textbox', { name: /CSV/i })
    .fill(`username,name,branch,accounts\nnew-${tag},New Kid,Room ${tag},CHECKING\n`);
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.getByTestId('new-classes')).toContainText(`Room ${tag}`);
  await everyWay(page, 'import-new-class');
});
