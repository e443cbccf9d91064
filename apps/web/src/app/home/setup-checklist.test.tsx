import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminGuidance, type Account, type Branch, type User } from '@bank/shared';
import { admin, branches, checking, student, teller } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';

function bank({
  branchList = [],
  users = [admin],
  accounts = [],
}: {
  branchList?: Branch[];
  users?: User[];
  accounts?: Account[];
}) {
  server.use(
    http.get('*/api/teller/branches/:bankId', () => HttpResponse.json(branchList)),
    http.get('*/api/admin/users/:bankId', () => HttpResponse.json(users)),
    http.get('*/api/teller/accounts/bank/:bankId', () => HttpResponse.json(accounts)),
  );
}

async function checklist() {
  return screen.findByRole('region', { name: adminGuidance.setupTitle });
}

function steps(region: HTMLElement) {
  return within(region)
    .getAllByRole('listitem')
    .map((item) => [within(item).getAllByRole('link')[0]!.textContent, item.getAttribute('data-done')]);
}

describe("a new bank's setup checklist on Home", () => {
  it('lists the three steps as links to the screens that do them, none done in an empty bank', async () => {
    bank({});
    renderApp('/home', admin);
    const region = await checklist();
    expect(steps(region)).toEqual([
      [adminGuidance.setupBranch, 'false'],
      [adminGuidance.setupStudents, 'false'],
      [adminGuidance.setupAccounts, 'false'],
    ]);
    expect(within(region).getByRole('link', { name: adminGuidance.setupBranch })).toHaveAttribute(
      'href',
      '/1/admin/branches',
    );
    expect(within(region).getByRole('link', { name: adminGuidance.setupStudents })).toHaveAttribute(
      'href',
      '/1/admin/users',
    );
    expect(within(region).getByRole('link', { name: adminGuidance.setupImport })).toHaveAttribute(
      'href',
      '/1/admin/users/import',
    );
    expect(within(region).getByRole('link', { name: adminGuidance.setupAccounts })).toHaveAttribute(
      'href',
      '/1/admin/accounts',
    );
    expect(region).toHaveTextContent(adminGuidance.setupProgress(0, 3));
    expect(within(region).getAllByText(adminGuidance.setupToDo)).toHaveLength(3);
  });

  it('ticks the done steps in words', async () => {
    // A branch and a teller, but no Student yet and no account.
    bank({ branchList: branches, users: [admin, teller] });
    renderApp('/home', admin);
    const region = await checklist();
    expect(steps(region)).toEqual([
      [adminGuidance.setupBranch, 'true'],
      [adminGuidance.setupStudents, 'false'],
      [adminGuidance.setupAccounts, 'false'],
    ]);
    expect(region).toHaveTextContent(adminGuidance.setupProgress(1, 3));
    expect(within(region).getByText(adminGuidance.setupDone)).toBeVisible();
  });

  it('is gone once all three are done, and is never shown to a teller', async () => {
    bank({ branchList: branches, users: [admin, student], accounts: [checking] });
    const view = renderApp('/home', admin);
    expect(await screen.findAllByTestId('action-tile')).not.toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('region', { name: adminGuidance.setupTitle })).toBeNull());
    view.unmount();

    bank({});
    renderApp('/home', teller);
    expect(await screen.findAllByTestId('action-tile')).not.toHaveLength(0);
    expect(screen.queryByRole('region', { name: adminGuidance.setupTitle })).toBeNull();
  });
});

describe('forms that need a branch, in a bank without one', () => {
  it('Create User (a Student) and Create Account say so and link to creating a branch', async () => {
    bank({});
    const { user, unmount } = renderApp('/1/admin/users', admin);
    await user.click(await screen.findByRole('button', { name: 'Create User' }));
    let form = screen.getByRole('region', { name: 'Create User' });
    expect(within(form).getByText(adminGuidance.needsBranch, { exact: false })).toBeVisible();
    expect(within(form).getByRole('link', { name: adminGuidance.createBranchLink })).toHaveAttribute(
      'href',
      '/1/admin/branches',
    );
    // Staff need no branch.
    await user.selectOptions(within(form).getByLabelText(/User Role/), 'Teller');
    expect(within(form).queryByText(adminGuidance.needsBranch, { exact: false })).toBeNull();

    unmount();

    const accounts = renderApp('/1/admin/accounts', admin);
    await accounts.user.click(await screen.findByRole('button', { name: 'Create Account' }));
    form = await screen.findByRole('region', { name: 'Create Account' });
    expect(await within(form).findByText(adminGuidance.needsBranch, { exact: false })).toBeVisible();
    expect(within(form).getByRole('link', { name: adminGuidance.createBranchLink })).toBeInTheDocument();
  });
});
