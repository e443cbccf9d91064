import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import {
  apiToken,
  bearer,
  expectNoHorizontalOverflow,
  expectNoSeriousViolations,
  shot,
  signIn,
  VIEWPORTS,
} from './support';

// The ticket screens ({bankId}/support): create with validation, edit by the author, an admin's status.

/** Desktop and phone screenshots of the screen as it is now; the viewport is desktop again afterwards. */
async function shotsAtBothSizes(page: Page, name: string, { fullPage = true } = {}) {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await page.waitForLoadState('networkidle');
    // Let layout follow the width: the table folds and the side navigation slides away on a phone.
    await page.waitForTimeout(500);
    await expectNoHorizontalOverflow(page);
    // A full-page shot of a scrolled page would paint the fixed header in the middle.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await page.mouse.move(viewport.width - 2, viewport.height - 2);
    // A dialog covers the viewport only: a full-page shot would show its backdrop cut off.
    if (fullPage) await shot(page, `${size}-${name}`);
    else await page.screenshot({ path: `screenshots/${size}-${name}.png` });
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

interface Ticket {
  supportTicketId: number;
  ticketType: string;
  title: string;
  ticketContents: string;
  severity: string;
  status: string;
  username: string;
}

const uniqueTitle = (what: string) => `${what} ${randomUUID().slice(0, 8)}`;

async function createTicketByApi(request: APIRequestContext, username: string, title: string) {
  const token = await apiToken(request, username);
  const response = await request.post('/api/user/supportTickets/create', {
    headers: bearer(token),
    data: {
      bankId: 1,
      ticketType: 'Bug',
      title,
      ticketContents: 'The balance on the home page does not match the account page.',
      severity: '3. Major',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Ticket;
}

async function ticketsOf(request: APIRequestContext, username: string) {
  const token = await apiToken(request, username);
  const response = await request.get('/api/user/supportTickets/1', { headers: bearer(token) });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Ticket[];
}

const table = (page: Page) => page.getByRole('table', { name: 'Support tickets' });
const rowOf = (page: Page, title: string) => table(page).getByRole('row').filter({ hasText: title });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Confirm Action' });

test('a student creates a ticket: validation messages first, then Confirm Action, then the new row', async ({
  page,
  request,
}) => {
  const title = uniqueTitle('Transfer page froze');
  await signIn(page, 'student');
  await page
    .getByRole('navigation', { name: 'Side navigation' })
    .getByRole('link', { name: 'Support' })
    .click();
  await expect(page).toHaveURL(/\/1\/support$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  await expect(table(page)).toBeVisible();
  // The form is hidden until opened.
  await expect(page.getByLabel('Title')).toHaveCount(0);
  await expectNoSeriousViolations(page);

  await page.getByRole('button', { name: 'New Ticket' }).click();
  const form = page.getByRole('region', { name: 'New Support Ticket' });
  await expect(form.getByLabel('Ticket Type')).toHaveValue('Bug');
  await expect(form.getByLabel('Ticket Type')).toBeFocused();
  // The lowest severity by default, each choice explained in words (issue 14).
  await expect(form.getByLabel('Severity')).toHaveValue('5. Trivial');
  await expect(form.getByText('A tiny thing, such as a typo or a colour.')).toBeVisible();
  await expect(form.getByText('Something in the bank does not work as it should.')).toBeVisible();
  const description = form.getByLabel(/^Description/);
  await expect(description).toHaveAttribute('rows', '20');
  await expect(description).toHaveAttribute('cols', '80');

  await form.getByRole('button', { name: 'Create Ticket' }).click();
  await expect(form.getByText('Ticket must have a title', { exact: true })).toBeVisible();
  await expect(form.getByText('Please describe the issue', { exact: true })).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
  await expectNoSeriousViolations(page);
  await shotsAtBothSizes(page, 'support-create-errors');

  // Filled in with the keyboard.
  await form.getByLabel(/^Title/).focus();
  await page.keyboard.type(title);
  await page.keyboard.press('Tab');
  await page.keyboard.type('After I pressed Submit Transfer the button stayed grey.');
  await form.getByLabel('Severity').selectOption('2. Critical');
  await expect(form.getByText('Ticket must have a title', { exact: true })).toHaveCount(0);
  await form.getByRole('button', { name: 'Create Ticket' }).click();
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page)).toContainText('Create this support ticket?');
  await page.waitForTimeout(400);
  await expectNoSeriousViolations(page);
  await shotsAtBothSizes(page, 'support-create-confirm', { fullPage: false });
  await dialog(page).getByRole('button', { name: 'Create Ticket' }).click();

  await expect(page.getByRole('status').filter({ hasText: /Ticket \d+ successfully created/ })).toBeVisible();
  await expect(form).toHaveCount(0);
  const row = rowOf(page, title);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Bug');
  await expect(row).toContainText('2. Critical');
  await expect(row).toContainText('Open');
  // Appended: the last row of the table.
  await expect(table(page).getByRole('row').last()).toContainText(title);

  const saved = (await ticketsOf(request, 'student')).find((t) => t.title === title);
  expect(saved).toMatchObject({
    ticketType: 'Bug',
    severity: '2. Critical',
    status: 'Open',
    username: 'student',
    ticketContents: 'After I pressed Submit Transfer the button stayed grey.',
  });
  await expect(table(page).getByRole('row').last()).toContainText(String(saved!.supportTicketId));
  await shotsAtBothSizes(page, 'support-created');
});

test.describe('on a phone', () => {
  test.use({ viewport: VIEWPORTS.phone });

  test('the description box grows with the text but never past the screen', async ({ page }) => {
    await signIn(page, 'student');
    await page.goto('/1/support');
    await page.getByRole('button', { name: 'New Ticket' }).click();
    const form = page.getByRole('region', { name: 'New Support Ticket' });
    const description = form.getByLabel(/^Description/);
    const empty = (await description.boundingBox())!.height;
    await description.fill(Array.from({ length: 40 }, (_, i) => `Line ${i + 1}`).join('\n'));
    await expect.poll(async () => (await description.boundingBox())!.height).toBeGreaterThan(empty);
    const full = (await description.boundingBox())!.height;
    // With the header (60 px) and the field's label, the whole box is on the 844 px screen.
    expect(full).toBeLessThan(844 - 60 - 80);
    await form.getByLabel('Severity').selectOption('1. Blocker');
    await expect(form.getByText('You cannot use the bank at all.')).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});

test('the author views a ticket and changes only its type and severity', async ({ page, request }) => {
  const title = uniqueTitle('Balance looks wrong');
  const ticket = await createTicketByApi(request, 'student', title);
  await signIn(page, 'student');
  await page.goto('/1/support');
  await rowOf(page, title)
    .getByRole('button', { name: `View ticket ${ticket.supportTicketId}: ${title}` })
    .click();

  const form = page.getByRole('region', { name: `Ticket ${ticket.supportTicketId}` });
  await expect(form).toContainText('Opened by student');
  await expect(form.getByLabel('Title')).toHaveValue(title);
  await expect(form.getByLabel('Title')).not.toBeEditable();
  await expect(form.getByLabel(/^Description/)).toHaveValue(ticket.ticketContents);
  await expect(form.getByLabel(/^Description/)).not.toBeEditable();
  await expect(form.getByLabel(/^Status/)).toHaveValue('Open');
  await expect(form.getByLabel(/^Status/)).not.toBeEditable();
  await expectNoSeriousViolations(page);
  await shotsAtBothSizes(page, 'support-edit-author');

  await form.getByLabel('Ticket Type').selectOption('Enhancement Request');
  await form.getByLabel('Severity').selectOption('5. Trivial');
  await form.getByRole('button', { name: 'Update Ticket' }).click();
  await expect(dialog(page)).toContainText('Save the changes to this support ticket?');
  await dialog(page).getByRole('button', { name: 'Update Ticket' }).click();

  await expect(
    page.getByRole('status').filter({ hasText: `Ticket ${ticket.supportTicketId} successfully updated` }),
  ).toBeVisible();
  const row = rowOf(page, title);
  await expect(row).toContainText('Enhancement Request');
  await expect(row).toContainText('5. Trivial');
  await expect(row).toContainText('Open');
  const saved = (await ticketsOf(request, 'student')).find(
    (t) => t.supportTicketId === ticket.supportTicketId,
  );
  expect(saved).toMatchObject({
    ticketType: 'Enhancement Request',
    severity: '5. Trivial',
    status: 'Open',
    title,
    ticketContents: ticket.ticketContents,
  });
});

test("an admin sets a student's ticket to In Progress", async ({ page, request }) => {
  const title = uniqueTitle('Statement missing');
  const ticket = await createTicketByApi(request, 'student', title);
  await signIn(page, 'admin');
  await page.goto('/1/support');
  // An admin sees every ticket of the bank.
  await rowOf(page, title)
    .getByRole('button', { name: `View ticket ${ticket.supportTicketId}: ${title}` })
    .click();
  const form = page.getByRole('region', { name: `Ticket ${ticket.supportTicketId}` });
  await expect(form).toContainText('Opened by student');
  await expect(form.getByLabel('Title')).not.toBeEditable();
  const status = form.getByLabel('Status');
  await expect(status).toHaveValue('Open');
  await expect(status.getByRole('option')).toHaveText(['Open', 'In Progress', 'Resolved', 'Closed']);
  await status.selectOption('In Progress');
  await expectNoSeriousViolations(page);
  await shotsAtBothSizes(page, 'support-edit-admin');

  await form.getByRole('button', { name: 'Update Ticket' }).click();
  await dialog(page).getByRole('button', { name: 'Update Ticket' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Ticket ${ticket.supportTicketId} successfully updated` }),
  ).toBeVisible();
  await expect(rowOf(page, title)).toContainText('In Progress');

  // The student sees the new status too.
  const seen = (await ticketsOf(request, 'student')).find(
    (t) => t.supportTicketId === ticket.supportTicketId,
  );
  expect(seen?.status).toBe('In Progress');
});
