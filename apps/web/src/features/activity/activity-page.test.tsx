import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { loadingMessages, messages, type AuditRecord } from '@bank/shared';
import { admin, student, teller } from '../../test/fixtures';
import { gate } from '../../test/gate';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';
import { ACTIVITY_PAGE_SIZE } from './api';
import { activityTexts } from './texts';

type Snapshot = NonNullable<AuditRecord['before']>;
const snapshot = (overrides: Partial<Snapshot> = {}): Snapshot => ({
  accountId: '1000000001',
  type: 'credit',
  description: 'Teller Deposit',
  amount: 50,
  transactionDate: '2026-11-20T10:00:00.000Z',
  status: 'pending',
  deleted: false,
  ...overrides,
});

const deleted: AuditRecord = {
  id: 12,
  at: '2026-11-21T14:05:09.000Z',
  action: 'delete',
  actor: 'admin',
  transactionId: 77,
  before: snapshot({ description: 'Teller Withdrawal', type: 'debit', amount: 20 }),
  after: snapshot({ description: 'Teller Withdrawal', type: 'debit', amount: 20, deleted: true }),
  summary: null,
  scheduleId: null,
  batchId: null,
};
const edited: AuditRecord = {
  id: 11,
  at: '2026-11-21T13:00:00.000Z',
  action: 'update',
  actor: 'admin2',
  transactionId: 76,
  before: snapshot(),
  after: snapshot({ description: 'Teller Deposit (corrected)', amount: 45 }),
  summary: null,
  scheduleId: null,
  batchId: null,
};
const older: AuditRecord = {
  ...edited,
  id: 3,
  at: '2026-10-01T08:00:00.000Z',
  transactionId: 5,
  before: snapshot({ accountId: '1000000002', transactionDate: '2026-09-30T10:00:00.000Z' }),
  after: snapshot({ accountId: '1000000002', transactionDate: '2026-10-01T10:00:00.000Z' }),
};

/** Two pages: the first ends with X-Next-Cursor. */
function auditApi(pages: AuditRecord[][] = [[deleted, edited], [older]], held?: ReturnType<typeof gate>) {
  const queries: Record<string, string | null>[] = [];
  server.use(
    http.get('*/api/admin/audit', async ({ request }) => {
      const url = new URL(request.url);
      queries.push({ limit: url.searchParams.get('limit'), cursor: url.searchParams.get('cursor') });
      const index = url.searchParams.get('cursor') ? 1 : 0;
      const page = pages[index] ?? [];
      if (index === 1) await held?.wait();
      const next = pages[index + 1] && page.length > 0 ? String(page.at(-1)!.id) : undefined;
      return HttpResponse.json(page, { headers: next ? { 'X-Next-Cursor': next } : {} });
    }),
  );
  return queries;
}

const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('activity', () => {
  it('lists edits and deletes newest first: when, who, action, transaction and account, before and after', async () => {
    auditApi();
    renderApp('/1/admin/activity', admin);
    const table = await screen.findByRole('table', { name: activityTexts.tableLabel });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['When', 'Who', 'Action', 'Transaction', 'Before', 'After']);
    const [first, second] = within(table).getAllByTestId('activity-row');
    const when = (iso: string) => dayjs(iso).format('MM/DD/YYYY h:mm:ss A');
    const date = (iso: string) => dayjs(iso).format('MM/DD/YYYY');

    expect(cellTexts(first!)).toEqual([
      when(deleted.at),
      'admin',
      'Deleted',
      '#77Account 1000000001',
      `Description: Teller WithdrawalAmount: $20.00 debitDate: ${date(deleted.before!.transactionDate)}`,
      'Deleted',
    ]);
    expect(cellTexts(second!)).toEqual([
      when(edited.at),
      'admin2',
      'Edited',
      '#76Account 1000000001',
      `Description: Teller DepositAmount: $50.00 creditDate: ${date(edited.before!.transactionDate)}`,
      'Description: Teller Deposit (corrected) (changed)Amount: $45.00 credit (changed)' +
        `Date: ${date(edited.after!.transactionDate)}`,
    ]);
    expect(within(first!).getByRole('link', { name: '1000000001' })).toHaveAttribute(
      'href',
      '/account/1000000001',
    );
    expect(within(first!).getByRole('time')).toHaveAttribute('dateTime', deleted.at);
  });

  it('loads more over X-Next-Cursor', async () => {
    const held = gate();
    const queries = auditApi(undefined, held);
    const { user } = renderApp('/1/admin/activity', admin);
    await screen.findByRole('table', { name: activityTexts.tableLabel });
    expect(screen.getAllByTestId('activity-row')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: loadingMessages.loadMore }));
    expect(await screen.findByRole('button', { name: loadingMessages.loadingMore })).toBeDisabled();
    held.open();
    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(3));
    expect(screen.getAllByTestId('activity-row').map((r) => r.dataset.transactionId)).toEqual([
      '77',
      '76',
      '5',
    ]);
    // The last page has no cursor: no more button.
    expect(screen.queryByRole('button', { name: loadingMessages.loadMore })).not.toBeInTheDocument();
    expect(queries).toEqual([
      { limit: String(ACTIVITY_PAGE_SIZE), cursor: null },
      { limit: String(ACTIVITY_PAGE_SIZE), cursor: '11' },
    ]);
    const last = screen.getAllByTestId('activity-row')[2]!;
    // Only the date changed.
    expect(within(last).getAllByRole('cell')[5]!.textContent).toMatch(/Date: \d\d\/\d\d\/2026 \(changed\)$/);
  });

  it('shows the empty state', async () => {
    auditApi([[]]);
    renderApp('/1/admin/activity', admin);
    expect(await screen.findByText(activityTexts.empty)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: loadingMessages.loadMore })).not.toBeInTheDocument();
  });

  it("shows the failed state with the server's message", async () => {
    server.use(
      http.get('*/api/admin/audit', () =>
        HttpResponse.json({ error: 'FORBIDDEN', message: messages.forbidden }, { status: 403 }),
      ),
    );
    renderApp('/1/admin/activity', admin);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the activity.');
    expect(alert).toHaveTextContent(messages.forbidden);
  });

  it('is for admins only: a teller or a Student goes home', async () => {
    auditApi();
    const first = renderApp('/1/admin/activity', teller);
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/home'));
    first.unmount();
    const second = renderApp('/1/admin/activity', student);
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/home'));
  });
});
