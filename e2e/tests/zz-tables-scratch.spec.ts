import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import {
  apiToken,
  bearer,
  expectNoHorizontalOverflow,
  expectNoViolations,
  shot,
  signIn,
  STUDENT_CHECKING,
  VIEWPORTS,
} from './support';

async function both(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await expectNoHorizontalOverflow(page);
  await expectNoViolations(page);
  await shot(page, name);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expectNoViolations(page);
  await shot(page, `${name}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
}

/** Contrast of each disabled button's text on its own background. */
async function disabledContrast(page: Page) {
  return page.evaluate(() => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const lum = ([r, g, b]: number[]) =>
      [r!, g!, b!]
        .map((v) => v / 255)
        .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
        .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i]!, 0);
    const ratio = (a: string, b: string) => {
      const [l1, l2] = [lum(rgb(a)), lum(rgb(b))].sort((x, y) => y - x);
      return (l1! + 0.05) / (l2! + 0.05);
    };
    const buttons = [...document.querySelectorAll<HTMLButtonElement>('button.mantine-Button-root')];
    return buttons.map((b) => {
      b.disabled = true;
      const s = getComputedStyle(b);
      const label = b.querySelector('.mantine-Button-label') ?? b;
      const color = getComputedStyle(label).color;
      const out = `${b.textContent?.trim()} ${color} on ${s.backgroundColor} opacity ${s.opacity}: ${ratio(color, s.backgroundColor).toFixed(2)}`;
      b.disabled = false;
      return out;
    });
  });
}

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`tables at ${size}`, () => {
    test.use({ viewport });
    test.setTimeout(300_000);

    test('admin: transactions with Edit, activity', async ({ page, request }) => {
      const token = await apiToken(request, 'admin');
      const r = await request.post('/api/teller/deposits', {
        headers: { ...bearer(token), 'Idempotency-Key': randomUUID() },
        data: { accountId: STUDENT_CHECKING, amount: 3.5 },
      });
      const { id } = (await r.json()) as { id: number };
      await request.delete(`/api/admin/transactions/${id}/delete`, { headers: bearer(token) });
      await signIn(page, 'admin');
      await page.goto(`/account/${STUDENT_CHECKING}`);
      await expect(page.getByRole('table', { name: 'Posted transactions' })).toBeVisible();
      await both(page, `${size}-admin-account`);
      console.log('disabled buttons light', (await disabledContrast(page)).slice(0, 2));
      await page.addStyleTag({
        content:
          ':root[data-mantine-color-scheme="light"]{--mantine-color-disabled-color: var(--mantine-color-gray-7)}' +
          ':root[data-mantine-color-scheme="dark"]{--mantine-color-disabled-color: var(--mantine-color-dark-1)}',
      });
      console.log('disabled buttons light, proposed', (await disabledContrast(page)).slice(0, 2));
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
      console.log('disabled buttons dark, proposed', (await disabledContrast(page)).slice(0, 2));
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto('/1/admin/activity');
      await expect(page.getByTestId('activity-row').first()).toBeVisible();
      await both(page, `${size}-admin-activity`);
    });

    test('student: transactions, statements, tickets', async ({ page, request }) => {
      const token = await apiToken(request, 'student');
      await request.post('/api/user/supportTickets/create', {
        headers: bearer(token),
        data: {
          bankId: 1,
          ticketType: 'Bug',
          title: 'The balance on the home page does not match the account page after a transfer',
          ticketContents: 'The balance on the home page does not match the account page.',
          severity: '3. Major',
        },
      });
      await signIn(page, 'student');
      await page.goto(`/account/${STUDENT_CHECKING}`);
      await expect(page.getByRole('table', { name: 'Posted transactions' })).toBeVisible();
      await both(page, `${size}-student-account`);
      await page.goto('/documents/statements');
      await expect(page.getByRole('heading', { level: 1, name: 'Statements' })).toBeVisible();
      await both(page, `${size}-student-statements`);
      await page.goto('/1/support');
      await expect(page.getByRole('table', { name: 'Support tickets' })).toBeVisible();
      await page.getByTestId('ticket-row').first().getByRole('button').click();
      await both(page, `${size}-student-support`);
    });
  });
}
