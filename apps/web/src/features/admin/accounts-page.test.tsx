import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages, teacherText, type Account, type BankAccount } from '@bank/shared';
import { admin, bankAccounts, bankSettings, checking, northChecking, savings } from '../../test/fixtures';
import { fieldError, optionLabels } from '../../test/helpers';
import { gate } from '../../test/gate';
import { pagedAnswer } from '../../test/paging';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';
import { adminText } from './admin-texts';
import { bankUsers, tableCells, tableHeaders } from './test-data';

let accounts: BankAccount[] = [];

/** An account of the list, with its owner's name as the server gives it. */
const owned = (account: Account, ownerName = 'Sam Student'): BankAccount => ({ ...account, ownerName });

beforeEach(() => {
  accounts = [...bankAccounts];
  server.use(
    http.get('*/api/admin/users/:bankId', () => HttpResponse.json(bankUsers)),
    http.get('*/api/teller/accounts/bank/:bankId', ({ request }) => {
      const branchId = new URL(request.url).searchParams.get('branchId');
      return pagedAnswer(
        request,
        accounts.filter((a) => !branchId || String(a.branchId) === branchId),
        (a) => a.accountId,
        (a) => [a.accountId, a.username, a.ownerName],
      );
    }),
  );
});

async function openPage() {
  const view = renderApp('/1/admin/accounts', admin);
  await screen.findByRole('table', { name: 'Accounts' });
  return view;
}

async function openCreateForm(user: ReturnType<typeof renderApp>['user']) {
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
  const form = screen.getByRole('region', { name: 'Create Account' });
  await within(form).findByLabelText(/^Branch/);
  return form;
}

async function confirm(user: ReturnType<typeof renderApp>['user'], label: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Confirm Action' });
  await user.click(within(dialog).getByRole('button', { name: label }));
}

describe('manage accounts', () => {
  it("lists the open accounts with their owners' names, branch names, balances with 2 decimals, View, and Delete last", async () => {
    await openPage();
    expect(tableHeaders('Accounts')).toEqual([
      'Account Id',
      'Owner',
      'User Id',
      'Branch',
      'Account Type',
      'Current Balance',
      'View',
      'Delete',
    ]);
    // Accounts with money cannot be closed: no Delete on them, and one line says when it shows (issue 33).
    expect(tableCells('Accounts')).toEqual([
      ['1000000001', 'Sam Student', 'student', 'Main Campus', 'CHECKING', '$500.00', 'View', ''],
      ['1000000002', 'Sam Student', 'student', 'Main Campus', 'SAVINGS', '$1,250.50', 'View', ''],
      ['2000000003', 'Nora North', 'nora', 'North Campus', 'CHECKING', '$75.00', 'View', ''],
    ]);
    expect(screen.getByText(teacherText.deleteWhenEmpty)).toBeVisible();
    expect(screen.getByRole('link', { name: 'View account 1000000002' })).toHaveAttribute(
      'href',
      '/account/1000000002',
    );
  });

  it('requires a branch and a user; the users are the Students of the chosen branch', async () => {
    const { user } = await openPage();
    const form = await openCreateForm(user);
    expect(within(form).getByLabelText(/^User/)).toBeDisabled();
    expect(within(form).getByLabelText(/Account Type/)).toHaveValue('CHECKING');
    await user.click(within(form).getByRole('button', { name: 'Create Account' }));
    expect(fieldError(/^Branch/)).toBe(messages.branchRequired);
    expect(fieldError(/^User/)).toBe(messages.userRequired);

    await user.selectOptions(within(form).getByLabelText(/^Branch/), 'Main Campus');
    expect(fieldError(/^Branch/)).toBe('');
    // Not the admin, not the teller assigned to Main Campus, not North Campus's Student.
    expect(optionLabels(/^User/)).toEqual(['Select a user', 'student · Sam Student']);
    await user.click(within(form).getByRole('button', { name: 'Create Account' }));
    expect(fieldError(/^User/)).toBe(messages.userRequired);

    await user.selectOptions(within(form).getByLabelText(/^Branch/), 'North Campus');
    expect(optionLabels(/^User/)).toEqual(['Select a user', 'nora · Nora North']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers only the account types the bank has active', async () => {
    server.use(
      http.get('*/api/user/bank/:bankId', () =>
        HttpResponse.json({ ...bankSettings, checkingActive: false }),
      ),
    );
    const { user } = await openPage();
    const form = await openCreateForm(user);
    expect(optionLabels(/Account Type/)).toEqual(['SAVINGS']);
    expect(within(form).getByLabelText(/Account Type/)).toHaveValue('SAVINGS');
  });

  it('says so when the bank offers no account type', async () => {
    server.use(
      http.get('*/api/user/bank/:bankId', () =>
        HttpResponse.json({ ...bankSettings, checkingActive: false, savingsActive: false }),
      ),
    );
    const { user } = await openPage();
    const form = await openCreateForm(user);
    expect(within(form).getByText(adminText.noAccountTypesOffered)).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Create Account' })).toBeDisabled();
  });

  it('creates an account behind Confirm Action', async () => {
    const held = gate();
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/admin/accounts/create', async ({ request }) => {
        bodies.push(await request.json());
        await held.wait();
        const created: Account = {
          ...savings,
          id: '2000000099',
          accountId: '2000000099',
          branchId: 2,
          username: 'nora',
          balance: 0,
        };
        accounts = [...accounts, owned(created, 'Nora North')];
        return HttpResponse.json(created, { status: 201 });
      }),
    );
    const { user } = await openPage();
    const form = await openCreateForm(user);
    await user.selectOptions(within(form).getByLabelText(/^Branch/), 'North Campus');
    await user.selectOptions(within(form).getByLabelText(/^User/), 'nora');
    await user.selectOptions(within(form).getByLabelText(/Account Type/), 'SAVINGS');
    await user.click(within(form).getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm Action' })).toHaveTextContent(
      'Open a SAVINGS account for nora at North Campus?',
    );
    await confirm(user, 'Create Account');
    expect(await within(form).findByRole('button', { name: adminText.creatingAccount })).toBeDisabled();
    held.open();
    const status = await within(form).findByRole('status');
    expect(status).toHaveTextContent(messages.accountCreated);
    expect(status).toHaveTextContent('Account 2000000099 (SAVINGS) for nora at North Campus.');
    expect(bodies).toEqual([{ branchId: 2, userId: 'nora', accountType: 'SAVINGS' }]);
    await waitFor(() => expect(tableCells('Accounts')).toHaveLength(4));
    // Cleared for the next one; editing clears the status.
    expect(within(form).getByLabelText(/^Branch/)).toHaveValue('blank');
    await user.selectOptions(within(form).getByLabelText(/^Branch/), 'Main Campus');
    expect(within(form).queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows "Failed to create account" with the server reason', async () => {
    server.use(
      http.post('*/api/admin/accounts/create', () =>
        HttpResponse.json({ error: 'CONFLICT', message: messages.accountTypeNotOffered }, { status: 409 }),
      ),
    );
    const { user } = await openPage();
    const form = await openCreateForm(user);
    await user.selectOptions(within(form).getByLabelText(/^Branch/), 'Main Campus');
    await user.selectOptions(within(form).getByLabelText(/^User/), 'student');
    await user.click(within(form).getByRole('button', { name: 'Create Account' }));
    await confirm(user, 'Create Account');
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent(messages.accountCreateFailed);
    expect(alert).toHaveTextContent(messages.accountTypeNotOffered);
  });

  it('offers Delete only where the server would close the account: not with money, not with a pending transaction', async () => {
    accounts = [
      owned({ ...checking, balance: 0, pendingCount: 1 }),
      owned(savings),
      owned({ ...northChecking, balance: 0 }, 'Nora North'),
    ];
    // Each account says how many of its transactions are pending (issue 20 item 6): no call per account.
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname.startsWith('/api/user/transactions/')) asked.push(request.url);
    });
    await openPage();
    expect(screen.queryByRole('button', { name: 'Delete account 1000000002' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete account 1000000001' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete account 2000000003' })).toBeEnabled();
    expect(asked).toEqual([]);
    server.events.removeAllListeners();
  });

  it('filters by branch on the server, with the count of all', async () => {
    const { user } = await openPage();
    await user.selectOptions(
      screen.getByLabelText(teacherText.branchFilter, { selector: 'select' }),
      'North Campus',
    );
    await waitFor(() => expect(tableCells('Accounts').map((row) => row[0])).toEqual(['2000000003']));
    expect(screen.getByTestId('list-count')).toHaveTextContent(/^1 of 3 accounts matches$/);
  });

  it('reads a page of 25 with a count, searches on the server, and shows more from the cursor', async () => {
    accounts = Array.from({ length: 30 }, (_, i) => {
      const number = String(3000000001 + i);
      return owned({ ...checking, id: number, accountId: number, username: `kid-${i + 1}` }, `Kid ${i + 1}`);
    });
    const queries: URLSearchParams[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname.startsWith('/api/teller/accounts/bank/')) queries.push(url.searchParams);
    });
    const { user } = await openPage();
    expect(tableCells('Accounts')).toHaveLength(25);
    expect(screen.getByTestId('list-count')).toHaveTextContent(/^30 accounts$/);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(tableCells('Accounts')).toHaveLength(30));
    const pages = () => queries.filter((q) => q.get('limit') === '25');
    expect(pages().at(-1)?.get('cursor')).toBe('3000000025');
    await waitFor(() => expect(screen.getAllByTestId('account-row')[25]).toHaveFocus());

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'kid-3');
    await waitFor(() => expect(tableCells('Accounts').map((row) => row[2])).toEqual(['kid-3', 'kid-30']));
    expect(screen.getByTestId('list-count')).toHaveTextContent(/^2 of 30 accounts match$/);
    expect(pages().at(-1)?.get('q')).toBe('kid-3');
    server.events.removeAllListeners();
  });

  it("deletes (closes) an empty account, and shows the server's 409 for one that is not", async () => {
    const held = gate();
    // Both look empty here; the server knows better for the first (a deposit landed meanwhile, say).
    accounts = [
      owned({ ...checking, balance: 0 }),
      owned(savings),
      owned({ ...northChecking, balance: 0 }, 'Nora North'),
    ];
    const deleted: unknown[] = [];
    server.use(
      http.delete('*/api/admin/accounts/:accountId/delete', async ({ params }) => {
        deleted.push(params.accountId);
        await held.wait();
        if (params.accountId === checking.accountId) {
          return HttpResponse.json({ error: 'CONFLICT', message: messages.accountNotEmpty }, { status: 409 });
        }
        accounts = accounts.filter((a) => a.accountId !== params.accountId);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Delete account 1000000001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Action' });
    expect(dialog).toHaveTextContent('Delete (close) the CHECKING account 1000000001 of student?');
    await user.click(within(dialog).getByRole('button', { name: 'Go Back' }));
    expect(deleted).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete account 1000000001' }));
    await confirm(user, 'Delete Account');
    expect(await screen.findByRole('button', { name: 'Deleting... account 1000000001' })).toBeDisabled();
    held.open();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(adminText.deleteAccountFailed('1000000001'));
    expect(alert).toHaveTextContent(messages.accountNotEmpty);
    expect(tableCells('Accounts')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Delete account 2000000003' }));
    await confirm(user, 'Delete Account');
    expect(await screen.findByText(adminText.accountDeleted('2000000003'))).toBeInTheDocument();
    // The row is gone: the focus is on the page's heading, and the success was announced.
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Manage Accounts' })).toHaveFocus(),
    );
    expect(screen.getByTestId('live-region')).toHaveTextContent(adminText.accountDeleted('2000000003'));
    expect(tableCells('Accounts').map((row) => row[0])).toEqual(['1000000001', '1000000002']);
    expect(deleted).toEqual(['1000000001', '2000000003']);
  });
});
