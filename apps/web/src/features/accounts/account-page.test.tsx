import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { loadingMessages, messages, participationScreenText } from '@bank/shared';
import { money } from '../../lib/format';
import { uiText } from '../../lib/ui-text';
import { admin, checking, student, teller, transaction } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';
import { transactionsCsv } from './csv';

const page1 = [
  transaction({
    id: 9,
    type: 'debit',
    amount: 30,
    description: 'Transfer to SAVINGS **0002',
    status: 'pending',
    postedDate: null,
    accountBalance: null,
    transactionDate: '2026-03-11T10:00:00.000Z',
    createdAt: '2026-03-10T10:00:00.000Z',
  }),
  transaction({
    id: 8,
    type: 'credit',
    amount: 12.5,
    description: 'Teller Deposit',
    status: 'pending',
    postedDate: null,
    accountBalance: null,
    transactionDate: '2026-03-10T10:00:00.000Z',
    createdAt: '2026-03-09T10:00:00.000Z',
  }),
  transaction({
    id: 7,
    type: 'debit',
    amount: 20,
    description: 'Teller Withdrawal',
    transactionDate: '2026-03-04T10:00:00.000Z',
    postedDate: '2026-03-05T10:00:00.000Z',
    createdAt: '2026-03-03T10:00:00.000Z',
    accountBalance: 480,
  }),
];
const page2 = [
  transaction({
    id: 6,
    type: 'credit',
    amount: 500,
    description: 'Opening deposit',
    postedDate: '2026-03-01T10:00:00.000Z',
    accountBalance: 500,
  }),
];

const friendly = (description: string) => uiText.friendlyDescription(description) ?? '';

function servePages() {
  const cursors: (string | null)[] = [];
  server.use(
    http.get('*/api/user/transactions/1000000001', ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      cursors.push(cursor);
      return cursor === '7'
        ? HttpResponse.json(page2)
        : HttpResponse.json(page1, { headers: { 'X-Next-Cursor': '7' } });
    }),
  );
  return cursors;
}

function rowsOf(caption: string): string[][] {
  const table = screen.getByRole('table', { name: caption });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent ?? ''),
    );
}

describe('account page', () => {
  it('shows pending rows with "--" and their total, posted rows with balances, and pages on', async () => {
    const cursors = servePages();
    const { user } = renderApp('/account/1000000001', student);
    await screen.findByRole('table', { name: 'Pending transactions' });
    // The day the money moved; "--" for the balance, with when it arrives beside it (issue 33).
    const arrives = `--${uiText.onItsWay(uiText.arrivesToday)}`;
    expect(rowsOf('Pending transactions')).toEqual([
      // A Student reads a friendly line under the ledger's words (issue 33).
      [
        '03/10/2026',
        `Transfer to SAVINGS **0002${friendly('Transfer to SAVINGS **0002')}`,
        '-$30.00',
        '',
        arrives,
      ],
      ['03/09/2026', `Teller Deposit${friendly('Teller Deposit')}`, '', '$12.50', arrives],
    ]);
    // Credits minus debits: 12.50 - 30.00.
    expect(screen.getByTestId('pending-total')).toHaveTextContent('Pending total: -$17.50');
    // The day the money moved, not the day it posted.
    expect(rowsOf('Posted transactions')).toEqual([
      ['03/03/2026', `Teller Withdrawal${friendly('Teller Withdrawal')}`, '-$20.00', '', '$480.00'],
    ]);
    expect(screen.queryByRole('columnheader', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'CHECKING **0001' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rowsOf('Posted transactions')).toHaveLength(2));
    expect(cursors).toEqual([null, '7']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('gives staff an Edit form whose Save goes through Confirm Action', async () => {
    servePages();
    let body: unknown;
    server.use(
      http.put('*/api/admin/transactions/update', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(page1[2]);
      }),
    );
    const { user } = renderApp('/account/1000000001', admin);
    await screen.findByRole('table', { name: 'Posted transactions' });
    expect(screen.getAllByRole('columnheader', { name: 'Edit' })).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Edit transaction 7: Teller Withdrawal' }));

    // The form's code loads when it is first opened (issue 22).
    const form = await screen.findByRole('region', { name: 'Edit Transaction 7' });
    expect(within(form).getByLabelText(/Description/)).toHaveValue('Teller Withdrawal');
    expect(within(form).getByLabelText(/Transaction Date/)).toHaveValue('2026-03-04');
    expect(within(form).getByLabelText(/Amount/)).toHaveValue('20.00');
    await user.clear(within(form).getByLabelText(/Amount/));
    await user.type(within(form).getByLabelText(/Amount/), '25');
    await user.clear(within(form).getByLabelText(/Description/));
    await user.type(within(form).getByLabelText(/Description/), 'Cash withdrawal');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm Action' });
    expect(body).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(body).toEqual({
        id: 7,
        description: 'Cash withdrawal',
        transactionDate: '2026-03-04T10:00:00.000Z',
        amount: 25,
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Edit Transaction 7' })).not.toBeInTheDocument(),
    );
  });

  it('gives a teller no Edit column: only admins change transactions (API.md)', async () => {
    servePages();
    renderApp('/account/1000000001', teller);
    await screen.findByRole('table', { name: 'Posted transactions' });
    expect(rowsOf('Pending transactions')).toHaveLength(2);
    expect(screen.queryByRole('columnheader', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit transaction/ })).not.toBeInTheDocument();
  });

  it("shows the server's message when a delete is refused", async () => {
    servePages();
    server.use(
      http.delete('*/api/admin/transactions/:id/delete', () =>
        HttpResponse.json({ error: 'FORBIDDEN', message: messages.forbidden }, { status: 403 }),
      ),
    );
    const { user } = renderApp('/account/1000000001', admin);
    await screen.findByRole('table', { name: 'Posted transactions' });
    await user.click(screen.getByRole('button', { name: 'Edit transaction 9: Transfer to SAVINGS **0002' }));
    await user.click(await screen.findByRole('button', { name: 'Delete Transaction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Action' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Transaction' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(uiText.transactionDeleteFailed);
    expect(alert).toHaveTextContent(messages.forbidden);
  });

  it('shows one error with one Retry when the account and its transactions both fail, and Retry loads both', async () => {
    const calls = { accounts: 0, transactions: 0 };
    let down = true;
    const outage = () =>
      HttpResponse.json({ error: 'UNAVAILABLE', message: 'Down for a moment' }, { status: 503 });
    server.use(
      http.get('*/api/teller/accounts/bank/:bankId', () => {
        calls.accounts += 1;
        return down ? outage() : HttpResponse.json([checking]);
      }),
      http.get('*/api/user/transactions/1000000001', () => {
        calls.transactions += 1;
        return down ? outage() : HttpResponse.json(page1);
      }),
    );
    const { user } = renderApp('/account/1000000001', admin);
    const main = await screen.findByRole('main');
    const alert = await within(main).findByRole('alert');
    expect(alert).toHaveTextContent(loadingMessages.couldNotLoad(loadingMessages.accountWhat));
    expect(alert).toHaveTextContent('Down for a moment');
    // Once: the two failed calls make one error block with one Retry. Each was asked once as the
    // route matched (app/route-data.ts), then three times by the screen.
    await waitFor(() => expect(calls).toEqual({ accounts: 4, transactions: 4 }));
    expect(within(main).getAllByRole('alert')).toHaveLength(1);
    expect(within(main).getAllByRole('button', { name: uiText.retry })).toHaveLength(1);

    down = false;
    await user.click(within(alert).getByRole('button', { name: uiText.retry }));
    await screen.findByRole('table', { name: 'Pending transactions' });
    expect(screen.getByTestId('current-balance')).toHaveTextContent(money(checking.balance));
    expect(within(main).queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toEqual({ accounts: 5, transactions: 5 });
  });

  it('asks before Cancel discards the edit form', async () => {
    servePages();
    const { user } = renderApp('/account/1000000001', admin);
    await screen.findByRole('table', { name: 'Posted transactions' });
    await user.click(screen.getByRole('button', { name: 'Edit transaction 8: Teller Deposit' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Action' });
    await user.click(within(dialog).getByRole('button', { name: 'Go Back' }));
    expect(screen.getByRole('region', { name: 'Edit Transaction 8' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Confirm Action' })).getByRole('button', {
        name: 'Discard Changes',
      }),
    );
    expect(screen.queryByRole('region', { name: 'Edit Transaction 8' })).not.toBeInTheDocument();
  });

  it('says what a waiting request holds, to the owner and to staff (issue 24)', async () => {
    server.use(
      http.get('*/api/user/accounts/user/:username', () =>
        HttpResponse.json([{ ...checking, available: 425.5 }]),
      ),
      http.get('*/api/teller/accounts/bank/:bankId', () =>
        HttpResponse.json([{ ...checking, available: 425.5 }]),
      ),
    );
    for (const who of [student, teller]) {
      const view = renderApp('/account/1000000001', who);
      const held = await screen.findByTestId('available-held');
      expect(held).toHaveTextContent(participationScreenText.availableHeld('$425.50', '$74.50'));
      expect(screen.getByTestId('current-balance')).toHaveTextContent('$500.00');
      expect(screen.getByTestId('current-balance').previousElementSibling).toHaveTextContent(
        participationScreenText.balanceLabel,
      );
      view.unmount();
    }
  });

  it('shows no hold line when nothing is held', async () => {
    renderApp('/account/1000000001', student);
    await screen.findByTestId('current-balance');
    expect(screen.getByTestId('current-balance').previousElementSibling).toHaveTextContent(uiText.available);
    expect(screen.queryByTestId('available-held')).not.toBeInTheDocument();
  });

  it('writes CSV that a spreadsheet will not run as a formula', () => {
    const csv = transactionsCsv([
      transaction({
        id: 3,
        description: '=HYPERLINK("x"), "quoted"',
        amount: 1234.5,
        accountBalance: 1234.5,
      }),
      Object.assign(transaction({ id: 4, amount: 5, accountBalance: 1239.5 }), {
        memo: '@Class job, librarian',
      }),
    ]);
    expect(csv).toBe(
      'Transaction Id,Date,Posted Date,Description,Memo,Debit,Credit,Balance,Status\r\n' +
        '3,03/02/2026,03/02/2026,"\'=HYPERLINK(""x""), ""quoted""",,,1234.50,1234.50,posted\r\n' +
        '4,03/02/2026,03/02/2026,Teller Deposit,"\'@Class job, librarian",,5.00,1239.50,posted\r\n',
    );
  });
});
