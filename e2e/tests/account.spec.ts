import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { apiToken, bearer, signIn, STUDENT_CHECKING } from './support';

test('the account page shows pending and posted tables, the chart, and downloads the CSV', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'student');
  const listed = await request.get(`/api/user/transactions/${STUDENT_CHECKING}?limit=500`, {
    headers: bearer(token),
  });
  const all = (await listed.json()) as { type: string; amount: number; status: string }[];
  const pendingCents = all
    .filter((t) => t.status === 'pending')
    .reduce((sum, t) => sum + (t.type === 'credit' ? 1 : -1) * Math.round(t.amount * 100), 0);

  await signIn(page, 'student');
  await page
    .getByRole('navigation', { name: 'Side navigation' })
    .getByRole('link', { name: /^CHECKING \*\*2345/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/account/${STUDENT_CHECKING}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'CHECKING **2345' })).toBeVisible();

  const pendingTotal = `${pendingCents < 0 ? '-' : ''}$${(Math.abs(pendingCents) / 100).toFixed(2)}`;
  await expect(page.getByTestId('pending-total')).toHaveText(`Pending total: ${pendingTotal}`);
  const posted = page.getByRole('table', { name: 'Posted transactions' });
  await expect(posted.getByRole('row').nth(1).getByRole('cell').nth(0)).toHaveText(/^\d\d\/\d\d\/\d{4}$/);
  await expect(posted.getByRole('row').nth(1).getByRole('cell').nth(4)).toHaveText(/^\$[\d,]+\.\d\d$/);
  // A Student has no Edit column.
  await expect(page.getByRole('columnheader', { name: 'Edit', exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Balance over time' })).toBeVisible();
  const chart = page.getByRole('figure', { name: 'Balance over time' });
  await expect(chart.getByRole('img', { name: 'Chart of the posted balance over time' })).toBeVisible();
  await expect(chart.locator('canvas').first()).toBeVisible();
  // The drawing is one picture, not a silent stop on the Tab key's way.
  await expect(chart.locator('[tabindex], a, button, input')).toHaveCount(0);
  await expect(chart).toContainText(/^From \$[\d,.]+ on \d\d\/\d\d\/\d{4} to /);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`transactions-${STUDENT_CHECKING}.csv`);
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe('Transaction Id,Date,Posted Date,Description,Memo,Debit,Credit,Balance,Status');
  expect(lines).toHaveLength(all.length + 1);
});
