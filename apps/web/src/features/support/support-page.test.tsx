import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { messages, TICKET_SEVERITIES, TICKET_STATUSES, TICKET_TYPES, type SupportTicket } from '@bank/shared';
import { admin, student } from '../../test/fixtures';
import { fieldError, optionLabels } from '../../test/helpers';
import { gate } from '../../test/gate';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';
import { supportHelp, supportTexts } from './texts';

function ticket(overrides: Partial<SupportTicket>): SupportTicket {
  const id = overrides.supportTicketId ?? 1;
  return {
    id,
    supportTicketId: id,
    bankId: 1,
    username: 'student',
    ticketType: 'Bug',
    title: 'Balance looks wrong',
    ticketContents: 'My savings balance did not change after a transfer.',
    severity: '3. Major',
    status: 'Open',
    createdAt: '2026-11-02T09:30:00.000Z',
    ...overrides,
  };
}

const existing = [
  ticket({ supportTicketId: 1 }),
  ticket({
    supportTicketId: 2,
    ticketType: 'Enhancement Request',
    title: 'Dark mode',
    severity: '5. Trivial',
  }),
];

interface Call {
  method: string;
  body: unknown;
  auth: string | null;
}

/** The ticket API over an in-memory list, recording every write. */
function ticketApi(
  options: {
    list?: SupportTicket[];
    write?: () => Response | undefined;
    held?: ReturnType<typeof gate>;
  } = {},
) {
  const list = [...(options.list ?? existing)];
  const calls: Call[] = [];
  server.use(
    http.get('*/api/user/supportTickets/:bankId', () => HttpResponse.json(list)),
    http.post('*/api/user/supportTickets/create', async ({ request }) => {
      const body = (await request.json()) as Partial<SupportTicket>;
      calls.push({ method: 'POST', body, auth: request.headers.get('Authorization') });
      await options.held?.wait();
      const refused = options.write?.();
      if (refused) return refused;
      const created = ticket({ ...body, supportTicketId: 9, status: 'Open', username: 'student' });
      return HttpResponse.json(created, { status: 201 });
    }),
    http.put('*/api/user/supportTickets/update', async ({ request }) => {
      const body = (await request.json()) as Partial<SupportTicket> & { supportTicketId: number };
      calls.push({ method: 'PUT', body, auth: request.headers.get('Authorization') });
      await options.held?.wait();
      const refused = options.write?.();
      if (refused) return refused;
      const current = list.find((t) => t.supportTicketId === body.supportTicketId)!;
      return HttpResponse.json({ ...current, ...body });
    }),
  );
  return calls;
}

const rows = () =>
  within(screen.getByRole('table', { name: 'Support tickets' }))
    .getAllByTestId('ticket-row')
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(1)
        .map((cell) => cell.textContent),
    );

const confirmDialog = () => screen.findByRole('dialog', { name: 'Confirm Action' });

describe('support tickets', () => {
  it('lists the tickets with the spec columns; the form is hidden until opened', async () => {
    ticketApi();
    renderApp('/1/support', student);
    const table = await screen.findByRole('table', { name: 'Support tickets' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['View', 'Ticket Number', 'Type', 'Title', 'Severity', 'Status']);
    expect(rows()).toEqual([
      ['1', 'Bug', 'Balance looks wrong', '3. Major', 'Open'],
      ['2', 'Enhancement Request', 'Dark mode', '5. Trivial', 'Open'],
    ]);
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    // A Student reads what a ticket is, and whom to ask about money (issue 33 item 9).
    expect(screen.getByText(supportTexts.studentIntro, { exact: false })).toBeInTheDocument();
  });

  it('shows the empty state and the failed state of the list', async () => {
    ticketApi({ list: [] });
    const first = renderApp('/1/support', student);
    expect(await screen.findByText(supportTexts.empty)).toBeInTheDocument();
    first.unmount();

    server.use(
      http.get('*/api/user/supportTickets/:bankId', () =>
        HttpResponse.json({ error: 'FORBIDDEN', message: messages.forbidden }, { status: 403 }),
      ),
    );
    renderApp('/1/support', student);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the support tickets.');
    expect(alert).toHaveTextContent(messages.forbidden);
  });

  it('creates a ticket: defaults, the 20 × 80 description, both validation messages, Confirm Action, append', async () => {
    const held = gate();
    const calls = ticketApi({ held });
    const { user } = renderApp('/1/support', student);
    await screen.findByRole('table', { name: 'Support tickets' });
    await user.click(screen.getByRole('button', { name: supportTexts.newTicket }));

    const form = screen.getByRole('region', { name: supportTexts.createTitle });
    expect(within(form).getByLabelText('Ticket Type')).toHaveValue('Bug');
    expect(optionLabels('Ticket Type')).toEqual([...TICKET_TYPES]);
    // The lowest severity by default (issue 14), each choice explained under it.
    expect(within(form).getByLabelText('Severity')).toHaveValue('5. Trivial');
    expect(optionLabels('Severity')).toEqual([...TICKET_SEVERITIES]);
    expect(within(form).getByLabelText('Severity')).toHaveAccessibleDescription(
      supportHelp.severityHelp['5. Trivial'],
    );
    expect(within(form).getByLabelText('Ticket Type')).toHaveAccessibleDescription(
      supportHelp.ticketTypeHelp.Bug,
    );
    await user.selectOptions(within(form).getByLabelText('Severity'), '1. Blocker');
    expect(within(form).getByLabelText('Severity')).toHaveAccessibleDescription(
      supportHelp.severityHelp['1. Blocker'],
    );
    await user.selectOptions(within(form).getByLabelText('Ticket Type'), 'Enhancement Request');
    expect(within(form).getByText(supportHelp.ticketTypeHelp['Enhancement Request'])).toBeVisible();
    // Every choice has its words.
    for (const severity of TICKET_SEVERITIES) expect(supportHelp.severityHelp[severity]).toBeTruthy();
    await user.selectOptions(within(form).getByLabelText('Severity'), '5. Trivial');
    await user.selectOptions(within(form).getByLabelText('Ticket Type'), 'Bug');
    const description = within(form).getByLabelText(/^Description/);
    expect(description.tagName).toBe('TEXTAREA');
    expect(description).toHaveAttribute('rows', '20');
    expect(description).toHaveAttribute('cols', '80');
    // No status while creating: a new ticket is always Open.
    expect(within(form).queryByLabelText('Status')).not.toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: supportTexts.createSubmit }));
    expect(fieldError(/^Title/)).toBe(messages.ticketTitleRequired);
    expect(fieldError(/^Description/)).toBe(messages.ticketDescriptionRequired);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // Blanks only are still no title.
    await user.type(within(form).getByLabelText(/^Title/), '   ');
    await user.type(description, 'The transfer page froze.');
    await user.click(within(form).getByRole('button', { name: supportTexts.createSubmit }));
    expect(fieldError(/^Title/)).toBe(messages.ticketTitleRequired);
    expect(fieldError(/^Description/)).toBe('');

    await user.clear(within(form).getByLabelText(/^Title/));
    await user.type(within(form).getByLabelText(/^Title/), 'Transfer page froze');
    await user.selectOptions(within(form).getByLabelText('Ticket Type'), 'Enhancement Request');
    await user.selectOptions(within(form).getByLabelText('Severity'), '2. Critical');
    await user.click(within(form).getByRole('button', { name: supportTexts.createSubmit }));

    const dialog = await confirmDialog();
    expect(dialog).toHaveTextContent(supportTexts.confirmCreate);
    expect(calls).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: supportTexts.createSubmit }));
    expect(await screen.findByRole('button', { name: supportTexts.creating })).toBeDisabled();
    held.open();

    expect(await screen.findByText(supportTexts.created(9))).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: supportTexts.createTitle })).not.toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'POST',
        auth: 'Bearer token-123',
        body: {
          bankId: 1,
          ticketType: 'Enhancement Request',
          title: 'Transfer page froze',
          ticketContents: 'The transfer page froze.',
          severity: '2. Critical',
        },
      },
    ]);
    // Appended to the list.
    expect(rows().at(-1)).toEqual(['9', 'Enhancement Request', 'Transfer page froze', '2. Critical', 'Open']);
    expect(rows()).toHaveLength(3);
  });

  it("shows the server's message when creating fails; editing the form clears it", async () => {
    ticketApi({
      write: () =>
        HttpResponse.json(
          {
            error: 'VALIDATION',
            message: messages.validation,
            fields: { title: messages.ticketTitleTooLong },
          },
          { status: 400 },
        ),
    });
    const { user } = renderApp('/1/support', student);
    await user.click(await screen.findByRole('button', { name: supportTexts.newTicket }));
    await user.type(screen.getByLabelText(/^Title/), 'A title');
    await user.type(screen.getByLabelText(/^Description/), 'Something is wrong.');
    await user.click(screen.getByRole('button', { name: supportTexts.createSubmit }));
    await user.click(within(await confirmDialog()).getByRole('button', { name: supportTexts.createSubmit }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(supportTexts.createFailed);
    expect(alert).toHaveTextContent(messages.validation);
    expect(fieldError(/^Title/)).toBe(messages.ticketTitleTooLong);
    expect(rows()).toHaveLength(2);

    await user.type(screen.getByLabelText(/^Title/), '!');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lets the author change only type and severity; the status is display only', async () => {
    const held = gate();
    const calls = ticketApi({ held });
    const { user } = renderApp('/1/support', student);
    await user.click(await screen.findByRole('button', { name: 'View ticket 1: Balance looks wrong' }));

    const form = screen.getByRole('region', { name: supportTexts.editTitle(1) });
    expect(within(form).getByText(/Opened by student on 11\/02\/2026/)).toBeInTheDocument();
    expect(within(form).getByLabelText('Title')).toHaveValue('Balance looks wrong');
    expect(within(form).getByLabelText('Title')).toHaveAttribute('readonly');
    const description = within(form).getByLabelText(/^Description/);
    expect(description).toHaveValue(existing[0]!.ticketContents);
    expect(description).toHaveAttribute('readonly');
    expect(description).toHaveAttribute('rows', '20');
    expect(description).toHaveAttribute('cols', '80');
    const status = within(form).getByLabelText(/^Status/);
    expect(status.tagName).toBe('INPUT');
    expect(status).toHaveValue('Open');
    expect(status).toHaveAttribute('readonly');
    expect(within(form).getByLabelText('Ticket Type')).not.toHaveAttribute('readonly');

    await user.selectOptions(within(form).getByLabelText('Ticket Type'), 'Enhancement Request');
    await user.selectOptions(within(form).getByLabelText('Severity'), '4. Minor');
    await user.click(within(form).getByRole('button', { name: supportTexts.updateSubmit }));
    const dialog = await confirmDialog();
    expect(dialog).toHaveTextContent(supportTexts.confirmUpdate);
    await user.click(within(dialog).getByRole('button', { name: supportTexts.updateSubmit }));
    expect(await screen.findByRole('button', { name: supportTexts.updating })).toBeDisabled();
    held.open();

    expect(await screen.findByText(supportTexts.updated(1))).toBeInTheDocument();
    // Only the changeable fields are sent; no status from a non-admin.
    expect(calls.map((c) => c.body)).toEqual([
      { supportTicketId: 1, ticketType: 'Enhancement Request', severity: '4. Minor' },
    ]);
    // Replaced in place, by id.
    expect(rows()).toEqual([
      ['1', 'Enhancement Request', 'Balance looks wrong', '4. Minor', 'Open'],
      ['2', 'Enhancement Request', 'Dark mode', '5. Trivial', 'Open'],
    ]);
  });

  it('Go Back in Confirm Action sends nothing; Cancel closes the form', async () => {
    const calls = ticketApi();
    const { user } = renderApp('/1/support', student);
    await user.click(await screen.findByRole('button', { name: 'View ticket 2: Dark mode' }));
    await user.click(screen.getByRole('button', { name: supportTexts.updateSubmit }));
    await user.click(within(await confirmDialog()).getByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: supportTexts.cancel }));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('lets an admin set the status', async () => {
    const others = [...existing, ticket({ supportTicketId: 3, username: 'teller', title: 'Printer' })];
    const calls = ticketApi({ list: others });
    const { user } = renderApp('/1/support', admin);
    await user.click(await screen.findByRole('button', { name: 'View ticket 3: Printer' }));
    expect(screen.queryByText(supportTexts.studentIntro, { exact: false })).not.toBeInTheDocument();
    const form = screen.getByRole('region', { name: supportTexts.editTitle(3) });
    expect(within(form).getByText(/Opened by teller/)).toBeInTheDocument();
    const status = within(form).getByLabelText('Status');
    expect(status.tagName).toBe('SELECT');
    expect(optionLabels('Status')).toEqual([...TICKET_STATUSES]);
    await user.selectOptions(status, 'Resolved');
    await user.click(within(form).getByRole('button', { name: supportTexts.updateSubmit }));
    await user.click(within(await confirmDialog()).getByRole('button', { name: supportTexts.updateSubmit }));

    expect(await screen.findByText(supportTexts.updated(3))).toBeInTheDocument();
    expect(calls.map((c) => c.body)).toEqual([
      { supportTicketId: 3, ticketType: 'Bug', severity: '3. Major', status: 'Resolved' },
    ]);
    expect(rows()[2]).toEqual(['3', 'Bug', 'Printer', '3. Major', 'Resolved']);
  });

  it("shows the server's message when an update is refused", async () => {
    ticketApi({
      write: () =>
        HttpResponse.json({ error: 'FORBIDDEN', message: messages.ticketStatusAdminOnly }, { status: 403 }),
    });
    const { user } = renderApp('/1/support', student);
    await user.click(await screen.findByRole('button', { name: 'View ticket 1: Balance looks wrong' }));
    await user.click(screen.getByRole('button', { name: supportTexts.updateSubmit }));
    await user.click(within(await confirmDialog()).getByRole('button', { name: supportTexts.updateSubmit }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(supportTexts.updateFailed);
    expect(alert).toHaveTextContent(messages.ticketStatusAdminOnly);
    // The form stays open for another try, with its button back.
    expect(screen.getByRole('button', { name: supportTexts.updateSubmit })).toBeEnabled();
    expect(rows()[0]).toEqual(['1', 'Bug', 'Balance looks wrong', '3. Major', 'Open']);
  });
});
