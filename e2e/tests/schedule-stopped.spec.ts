import { expect, test, type APIRequestContext } from '@playwright/test';
import { branchIdOf, createAccount, createStudent, unique } from './admin-helpers';
import { apiToken, bearer, captureBothThemes, VIEWPORTS } from './support';

/**
 * A schedule that stops on its own (issue 31) in the browser: the server's schedules job runs a
 * teller's payday after the bank turned tellers' deposits off, so the run may not happen and the
 * schedule stops; the Schedules screen says "Stopped: {reason}", since when, with Resume beside it,
 * at phone and desktop width, in both themes, and Resume starts it again.
 *
 * To make an occurrence due now, the bank's time zone is moved 25 hours east after the schedule
 * was made (bank settings reschedule it: its 06:00 is then already past) and moved back after.
 */

const WEST = 'Pacific/Pago_Pago';
const EAST = 'Pacific/Kiritimati';
const REASON = 'teller may no longer make this kind of payment in this bank.';

type Settings = Record<string, unknown>;

async function settingsOf(request: APIRequestContext, token: string): Promise<Settings> {
  const response = await request.get('/api/user/bank/1', { headers: bearer(token) });
  expect(response.status()).toBe(200);
  return (await response.json()) as Settings;
}

async function updateBank(request: APIRequestContext, token: string, settings: Settings) {
  const response = await request.put('/api/admin/bank/update', { headers: bearer(token), data: settings });
  expect(response.status(), await response.text()).toBe(200);
}

/** A date whose 06:00 is still to come in WEST (UTC-11) and already past in EAST (UTC+14). */
function dueOnceMovedEast(): string {
  const now = new Date();
  const date = new Date(now);
  // 06:00 in WEST is 17:00 UTC that day; 06:00 in EAST is 16:00 UTC the day before.
  if (now.getUTCHours() >= 16) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** A teller's weekly payday for one new Student, stopped by the job: its id and name. */
async function stoppedSchedule(request: APIRequestContext): Promise<{ scheduleId: number; name: string }> {
  const admin = await apiToken(request, 'admin');
  const teller = await apiToken(request, 'teller');
  const branchName = unique('Room 9');
  const made = await request.post('/api/admin/branches/create', {
    headers: bearer(admin),
    data: { branchName, bankId: 1, numOfAccounts: 0 },
  });
  expect(made.status(), await made.text()).toBe(201);
  const branchId = await branchIdOf(request, admin, branchName);
  const username = unique('r9kid');
  await createStudent(request, admin, username, branchId);
  const account = await createAccount(request, admin, username, branchId);

  const settings = await settingsOf(request, admin);
  const name = unique('Job pay');
  let scheduleId = 0;
  try {
    await updateBank(request, admin, { ...settings, timeZone: WEST });
    const created = await request.post('/api/teller/schedules', {
      headers: bearer(teller),
      data: {
        name,
        kind: 'deposit',
        amount: 2,
        every: 'week',
        startDate: dueOnceMovedEast(),
        target: { accountIds: [account] },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    scheduleId = ((await created.json()) as { scheduleId: number }).scheduleId;
    await updateBank(request, admin, { ...settings, timeZone: EAST, tellerDepositPermission: false });
    // The server's schedules job runs every minute.
    await expect
      .poll(
        async () => {
          const list = await request.get('/api/teller/schedules/1', { headers: bearer(admin) });
          const found = ((await list.json()) as { scheduleId: number; pausedReason: string | null }[]).find(
            (s) => s.scheduleId === scheduleId,
          );
          return found?.pausedReason ?? null;
        },
        { timeout: 150_000, intervals: [2_000] },
      )
      .toBe(REASON);
  } finally {
    await updateBank(request, admin, settings);
  }
  return { scheduleId, name };
}

test('a stopped schedule says why, at phone and desktop width in both themes, and Resume starts it again', async ({
  page,
  request,
}) => {
  // A minute or two for the job, then two widths in two themes.
  test.setTimeout(300_000);
  const { scheduleId, name } = await stoppedSchedule(request);
  await page.goto('/login');
  await page.getByLabel('User Id').fill('admin');
  await page.getByLabel(/^Password/).fill('Demo-1234');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/home$/);

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await page.goto('/1/schedules');
    const card = page.getByTestId('schedule').filter({ hasText: name });
    await expect(card.getByRole('heading')).toHaveText(new RegExp(` · stopped$`));
    const note = card.getByTestId('schedule-stopped');
    await expect(note).toContainText(`Stopped: ${REASON}`);
    await expect(note).toContainText(
      /Since \w{3} \d\d\/\d\d \d{1,2}:\d\d\. Nothing runs until it is resumed\./,
    );
    await expect(card).toContainText(`Last run`);
    await expect(card).toContainText(`Did not run: ${REASON}`);
    // One Resume, beside the reason.
    await expect(card.getByRole('button', { name: `Resume: ${name}` })).toHaveCount(1);
    await card.scrollIntoViewIfNeeded();
    await captureBothThemes(page, `${size}-schedule-stopped`);
  }

  const card = page.getByTestId('schedule').filter({ hasText: name });
  await card.getByRole('button', { name: `Resume: ${name}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `Schedule "${name}" resumed` })).toBeVisible();
  await expect(card.getByTestId('schedule-stopped')).toHaveCount(0);
  await expect(card.getByRole('heading')).toHaveText(/ · next \w{3} \d\d\/\d\d$/);

  // Leave nothing that runs behind: the schedule is deleted (its runs stay in the history).
  const admin = await apiToken(request, 'admin');
  const deleted = await request.delete(`/api/teller/schedules/${scheduleId}`, { headers: bearer(admin) });
  expect(deleted.status()).toBe(204);
});
