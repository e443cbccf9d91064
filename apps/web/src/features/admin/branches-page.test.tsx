import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminGuidance, messages, type Branch } from '@bank/shared';
import { admin, branches as demoBranches } from '../../test/fixtures';
import { fieldError } from '../../test/helpers';
import { gate } from '../../test/gate';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';
import { adminText } from './admin-texts';
import { bankUsers, nora, tableCells, tableHeaders } from './test-data';

let branches: Branch[] = [];

beforeEach(() => {
  branches = [...demoBranches];
  server.use(
    http.get('*/api/teller/branches/:bankId', () => HttpResponse.json(branches)),
    http.get('*/api/admin/users/:bankId', () => HttpResponse.json(bankUsers)),
  );
});

async function openPage() {
  const view = renderApp('/1/admin/branches', admin);
  await screen.findByRole('table', { name: 'Branches' });
  return view;
}

async function confirm(user: ReturnType<typeof renderApp>['user'], label: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Confirm Action' });
  await user.click(within(dialog).getByRole('button', { name: label }));
}

describe('manage branches', () => {
  it('lists the branches', async () => {
    await openPage();
    expect(tableHeaders('Branches')).toEqual(['Edit', 'Branch Id', 'Branch Name', 'Number of Accounts']);
    expect(tableCells('Branches')).toEqual([
      ['Edit', '1', 'Main Campus', '2'],
      ['Edit', '2', 'North Campus', '1'],
    ]);
    expect(screen.queryByRole('region', { name: 'Create Branch' })).not.toBeInTheDocument();
  });

  it('requires a name, then creates the branch behind Confirm Action', async () => {
    const held = gate();
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/admin/branches/create', async ({ request }) => {
        const body = (await request.json()) as { branchName: string };
        bodies.push(body);
        await held.wait();
        const created = { id: 3, branchId: 3, branchName: body.branchName, numOfAccounts: 0, bankId: 1 };
        branches = [...branches, created];
        return HttpResponse.json(created, { status: 201 });
      }),
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Create Branch' }));
    const form = screen.getByRole('region', { name: 'Create Branch' });
    await user.type(within(form).getByLabelText(/Branch Name/), '   ');
    await user.click(within(form).getByRole('button', { name: 'Create Branch' }));
    expect(fieldError(/Branch Name/)).toBe(messages.branchNameBlank);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.clear(within(form).getByLabelText(/Branch Name/));
    await user.type(within(form).getByLabelText(/Branch Name/), ' East Campus ');
    await user.click(within(form).getByRole('button', { name: 'Create Branch' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm Action' })).toHaveTextContent(
      'Create the branch "East Campus"?',
    );
    await confirm(user, 'Create Branch');
    expect(await within(form).findByRole('button', { name: messages.creatingBranch })).toBeDisabled();
    held.open();
    const status = await within(form).findByRole('status');
    expect(status).toHaveTextContent(messages.branchCreated);
    expect(bodies).toEqual([{ branchName: 'East Campus', bankId: 1, numOfAccounts: 0 }]);
    await waitFor(() => expect(tableCells('Branches')[2]).toEqual(['Edit', '3', 'East Campus', '0']));
    expect(within(form).getByLabelText(/Branch Name/)).toHaveValue('');

    // Editing the form clears its status.
    await user.type(within(form).getByLabelText(/Branch Name/), 'W');
    expect(within(form).queryByRole('status')).not.toBeInTheDocument();
  });

  it('says "Branch already exists" on a 409', async () => {
    server.use(
      http.post('*/api/admin/branches/create', () =>
        HttpResponse.json({ error: 'CONFLICT', message: messages.branchExists }, { status: 409 }),
      ),
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Create Branch' }));
    const form = screen.getByRole('region', { name: 'Create Branch' });
    await user.type(within(form).getByLabelText(/Branch Name/), 'main campus');
    await user.click(within(form).getByRole('button', { name: 'Create Branch' }));
    await confirm(user, 'Create Branch');
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent(messages.branchExists);
    expect(alert.textContent?.match(/Branch already exists/g)).toHaveLength(1);
  });

  it('renames a branch and reports the success as a success', async () => {
    const held = gate();
    const bodies: unknown[] = [];
    server.use(
      http.put('*/api/admin/branches/update', async ({ request }) => {
        const body = (await request.json()) as { branchId: number; branchName: string };
        bodies.push(body);
        await held.wait();
        return HttpResponse.json({ ...demoBranches[1], branchName: body.branchName });
      }),
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Edit branch North Campus' }));
    const form = screen.getByRole('region', { name: 'Edit Branch North Campus' });
    expect(within(form).getByLabelText('Branch Id')).toHaveValue('2');
    await user.clear(within(form).getByLabelText(/Branch Name/));
    await user.click(within(form).getByRole('button', { name: 'Update Branch' }));
    expect(fieldError(/Branch Name/)).toBe(messages.branchNameBlank);

    await user.type(within(form).getByLabelText(/Branch Name/), 'North Hall');
    await user.click(within(form).getByRole('button', { name: 'Update Branch' }));
    await confirm(user, 'Update Branch');
    expect(await within(form).findByRole('button', { name: adminText.updatingBranch })).toBeDisabled();
    held.open();
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(messages.branchUpdated);
    expect(status).toHaveAttribute('data-status', 'success');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(bodies).toEqual([{ branchId: 2, branchName: 'North Hall' }]);
    expect(tableCells('Branches')[1]).toEqual(['Edit', '2', 'North Hall', '1']);
  });

  it('disables Delete Branch with the reason shown while the branch has accounts or users', async () => {
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Edit branch Main Campus' }));
    const form = screen.getByRole('region', { name: 'Edit Branch Main Campus' });
    const remove = within(form).getByRole('button', { name: 'Delete Branch' });
    // Main Campus: 2 accounts, and Sam and Tina belong to it.
    const reason = adminGuidance.deleteBlockedBranch(2, 2);
    await waitFor(() => expect(remove).toHaveAccessibleDescription(reason));
    expect(remove).toBeDisabled();
    expect(within(form).getByText(reason)).toBeVisible();
    expect(reason).toBe('Cannot delete: the branch still has 2 accounts and 2 users.');
  });

  it("shows the server's 409 when a branch in use cannot be deleted, and deletes an unused one", async () => {
    const held = gate();
    // Nothing the screen knows of uses East or North Campus (Nora has left); the server knows of a
    // retired user of East Campus.
    branches = [
      demoBranches[0]!,
      { ...demoBranches[1]!, numOfAccounts: 0 },
      { id: 3, branchId: 3, branchName: 'East Campus', numOfAccounts: 0, bankId: 1 },
    ];
    server.use(
      http.get('*/api/admin/users/:bankId', () => HttpResponse.json(bankUsers.filter((u) => u !== nora))),
      http.delete('*/api/admin/branches/:branchId/delete', async ({ params }) => {
        await held.wait();
        if (params.branchId === '3') {
          return HttpResponse.json({ error: 'CONFLICT', message: messages.branchInUse }, { status: 409 });
        }
        branches = branches.filter((b) => String(b.branchId) !== params.branchId);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Edit branch East Campus' }));
    let form = screen.getByRole('region', { name: 'Edit Branch East Campus' });
    await user.click(within(form).getByRole('button', { name: 'Delete Branch' }));
    await confirm(user, 'Delete Branch');
    expect(await within(form).findByRole('button', { name: adminText.deletingBranch })).toBeDisabled();
    held.open();
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent(adminText.deleteBranchFailed);
    expect(alert).toHaveTextContent(messages.branchInUse);

    await user.click(screen.getByRole('button', { name: 'Edit branch North Campus' }));
    form = screen.getByRole('region', { name: 'Edit Branch North Campus' });
    await user.click(within(form).getByRole('button', { name: 'Delete Branch' }));
    await confirm(user, 'Delete Branch');
    expect(await screen.findByText(adminText.branchDeleted('North Campus'))).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Manage Branches' })).toHaveFocus(),
    );
    expect(screen.getByTestId('live-region')).toHaveTextContent(adminText.branchDeleted('North Campus'));
    expect(tableCells('Branches')).toEqual([
      ['Edit', '1', 'Main Campus', '2'],
      ['Edit', '3', 'East Campus', '0'],
    ]);
  });
});
