import { expect, test } from '@playwright/test';
import { apiToken, bearer, captureBothThemes, signIn, STUDENT_CHECKING, VIEWPORTS } from './support';

/**
 * Issue 35's notifications: a Student on a phone hears of a teller's deposit without a reload (the
 * bell's live stream), opens the bell and follows the notice to the account.
 */
test.use({ viewport: VIEWPORTS.phone });

test("a deposit rings the Student's bell without a reload; the notice leads to the account", async ({
  page,
  request,
}) => {
  const student = await apiToken(request, 'student');
  const listed = await request.get('/api/user/notifications?limit=1', { headers: bearer(student) });
  const unreadBefore = ((await listed.json()) as { unread: number }).unread;
  await signIn(page, 'student');
  await expect(page.getByRole('button', { name: /^Notifications/ })).toHaveAttribute(
    'aria-label',
    unreadBefore === 0 ? 'Notifications' : `Notifications, ${unreadBefore} unread`,
  );

  const teller = await apiToken(request, 'teller');
  const memo = `Bake sale ${Date.now()}`;
  const deposit = await request.post('/api/teller/deposits', {
    headers: bearer(teller),
    data: { accountId: STUDENT_CHECKING, amount: 4.25, memo },
  });
  expect(deposit.status(), await deposit.text()).toBe(201);

  const bell = page.getByRole('button', { name: `Notifications, ${unreadBefore + 1} unread` });
  await expect(bell).toBeVisible({ timeout: 15_000 });
  await bell.click();
  const dialog = page.getByRole('dialog', { name: 'Notifications' });
  const notice = dialog.getByRole('button', { name: /\$4\.25 arrived in your account: Teller Deposit/ });
  await expect(notice).toBeVisible();
  await captureBothThemes(page, 'notifications-phone');
  await notice.click();
  await expect(page).toHaveURL(new RegExp(`/account/${STUDENT_CHECKING}$`));
  await expect(page.getByRole('button', { name: /^Notifications/ })).toHaveAttribute(
    'aria-label',
    unreadBefore === 0 ? 'Notifications' : `Notifications, ${unreadBefore} unread`,
  );
});
