import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminGuidance, messages, participationScreenText, teacherText } from '@bank/shared';
import { admin, student } from '../../test/fixtures';
import { fieldError } from '../../test/helpers';
import { gate } from '../../test/gate';
import { pagedAnswer } from '../../test/paging';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';
import { adminText } from './admin-texts';
import { parseCreatedUser } from './api';
import { bankUsers, nora, tableCells, tableHeaders } from './test-data';

let users = bankUsers;

beforeEach(() => {
  users = [...bankUsers];
  server.use(
    http.get('*/api/admin/users/:bankId', ({ request }) => {
      const query = new URL(request.url).searchParams;
      const branchId = query.get('branchId');
      const role = query.get('role');
      return pagedAnswer(
        request,
        users.filter((u) => (!branchId || String(u.branchId) === branchId) && (!role || u.userRole === role)),
        (u) => u.userId,
        (u) => [u.userId, u.name],
      );
    }),
  );
});

async function openPage() {
  const view = renderApp('/1/admin/users', admin);
  await screen.findByRole('table', { name: 'Users' });
  return view;
}

async function confirm(user: ReturnType<typeof renderApp>['user'], label: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Confirm Action' });
  await user.click(within(dialog).getByRole('button', { name: label }));
}

describe('manage users', () => {
  it('lists the users with their role label and branch name', async () => {
    await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Manage Users' })).toBeInTheDocument();
    expect(tableHeaders('Users')).toEqual(['Edit', 'User Id', 'Name', 'Display Name', 'User Role', 'Branch']);
    expect(tableCells('Users')).toEqual([
      ['Edit', 'admin', 'Ada Admin', '—', 'Admin', '—'],
      ['Edit', 'nora', 'Nora North', '—', 'Student', 'North Campus'],
      ['Edit', 'student', 'Sam Student', '—', 'Student', 'Main Campus'],
      ['Edit', 'teller', 'Terry Teller', '—', 'Teller', '—'],
      ['Edit', 'tina', 'Tina Teller', 'Tina', 'Teller', 'Main Campus'],
    ]);
    // The forms are hidden until opened.
    expect(screen.queryByRole('region', { name: 'Create User' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Name/)).not.toBeInTheDocument();
  });

  it('searches by name or User Id on the server and says how many of all match', async () => {
    const { user } = await openPage();
    expect(screen.getByTestId('list-count')).toHaveTextContent(/^5 users$/);
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'teller');
    await waitFor(() => expect(tableCells('Users').map((row) => row[1])).toEqual(['teller', 'tina']));
    expect(screen.getByTestId('list-count')).toHaveTextContent(/^2 of 5 users match$/);
    expect(screen.getByTestId('live-region')).toHaveTextContent('2 of 5 users match');
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'nobody');
    expect(await screen.findByText(adminText.noUsersMatch)).toBeInTheDocument();
    expect(screen.getByTestId('list-count')).toHaveTextContent(/^0 of 5 users match$/);
  });

  it('filters by branch and by role on the server, and shows a class banker as one', async () => {
    users = users.map((u) => (u.userId === 'student' ? { ...u, banker: true } : u));
    const { user } = await openPage();
    await user.selectOptions(
      screen.getByLabelText(teacherText.branchFilter, { selector: 'select' }),
      'Main Campus',
    );
    await waitFor(() => expect(tableCells('Users').map((row) => row[1])).toEqual(['student', 'tina']));
    expect(tableCells('Users')[0]![4]).toBe(participationScreenText.bankerRole);
    await user.selectOptions(screen.getByLabelText(teacherText.roleFilter, { selector: 'select' }), 'Teller');
    await waitFor(() => expect(tableCells('Users').map((row) => row[1])).toEqual(['tina']));
    expect(screen.getByTestId('list-count')).toHaveTextContent(/^1 of 5 users matches$/);
  });

  it('shows a failed state with a retry when the users cannot be loaded', async () => {
    server.use(
      http.get('*/api/admin/users/:bankId', () =>
        HttpResponse.json({ error: 'FORBIDDEN', message: messages.forbidden }, { status: 403 }),
      ),
    );
    renderApp('/1/admin/users', admin);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the users.');
    expect(alert).toHaveTextContent(messages.forbidden);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('validates the create form: User Id and Name, and a branch for a Student', async () => {
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    const form = screen.getByRole('region', { name: 'Create User' });
    expect(within(form).getByLabelText(/User Role/)).toHaveValue('USER');
    expect(within(form).getByRole('option', { name: 'Student' })).toBeInTheDocument();
    expect(within(form).getByLabelText(/User Id/)).toHaveFocus();

    await user.click(within(form).getByRole('button', { name: 'Create User' }));
    expect(fieldError(/^User Id/)).toBe(messages.userIdAndNameRequired);
    expect(fieldError(/^Name/)).toBe(messages.userIdAndNameRequired);
    expect(fieldError(/^Branch/)).toBe(messages.studentNeedsBranch);

    await user.type(within(form).getByLabelText(/User Id/), 'new.kid');
    await user.click(within(form).getByRole('button', { name: 'Create User' }));
    expect(fieldError(/^User Id/)).toBe('');
    expect(fieldError(/^Name/)).toBe(messages.userIdAndNameRequired);

    // A teller needs no branch; choosing the role clears the branch message.
    await user.type(within(form).getByLabelText(/^Name/), 'New Kid');
    await user.selectOptions(within(form).getByLabelText(/User Role/), 'Teller');
    expect(fieldError(/^Branch/)).toBe('');
    await user.selectOptions(within(form).getByLabelText(/User Role/), 'Student');
    await user.click(within(form).getByRole('button', { name: 'Create User' }));
    expect(fieldError(/^Branch/)).toBe(messages.studentNeedsBranch);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('creates a user behind Confirm Action and shows the temporary password once', async () => {
    const held = gate();
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/admin/users/create', async ({ request }) => {
        bodies.push(await request.json());
        await held.wait();
        return HttpResponse.text(messages.userCreatedWithPassword('Xk7-pq2R-9wZm'), { status: 201 });
      }),
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    const form = screen.getByRole('region', { name: 'Create User' });
    await user.type(within(form).getByLabelText(/User Id/), 'new.kid');
    await user.type(within(form).getByLabelText(/^Name/), 'New Kid');
    await user.selectOptions(within(form).getByLabelText(/^Branch/), 'North Campus');
    await user.click(within(form).getByRole('button', { name: 'Create User' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm Action' });
    expect(dialog).toHaveTextContent('Create the user new.kid (New Kid) as Student of North Campus?');
    expect(bodies).toEqual([]);
    await confirm(user, 'Create User');
    expect(await within(form).findByRole('button', { name: messages.creatingUser })).toBeDisabled();
    held.open();

    const status = await within(form).findByRole('status');
    expect(status).toHaveTextContent(messages.userCreated);
    expect(within(status).getByTestId('temporary-password')).toHaveTextContent(/^Xk7-pq2R-9wZm$/);
    expect(within(status).getByRole('button', { name: adminText.copyPassword })).toHaveFocus();
    expect(bodies).toEqual([
      { username: 'new.kid', name: 'New Kid', userRole: 'USER', bankId: 1, branchId: 2 },
    ]);
    // The form is cleared for the next user, the role back to Student.
    expect(within(form).getByLabelText(/User Id/)).toHaveValue('');
    expect(within(form).getByLabelText(/User Role/)).toHaveValue('USER');

    // Editing the form clears its status, and the password with it.
    await user.type(within(form).getByLabelText(/User Id/), 'x');
    expect(within(form).queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText('Xk7-pq2R-9wZm')).not.toBeInTheDocument();
  });

  it("shows the server's reason when the create fails", async () => {
    server.use(
      http.post('*/api/admin/users/create', () =>
        HttpResponse.json({ error: 'CONFLICT', message: messages.userIdTaken }, { status: 409 }),
      ),
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    const form = screen.getByRole('region', { name: 'Create User' });
    await user.type(within(form).getByLabelText(/User Id/), 'student');
    await user.type(within(form).getByLabelText(/^Name/), 'Another Sam');
    await user.selectOptions(within(form).getByLabelText(/User Role/), 'Admin');
    await user.click(within(form).getByRole('button', { name: 'Create User' }));
    await confirm(user, 'Create User');
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent(adminText.createUserFailed);
    expect(alert).toHaveTextContent(messages.userIdTaken);
    // The entries stay for a correction.
    expect(within(form).getByLabelText(/User Id/)).toHaveValue('student');
  });

  it('makes a Student a class banker; the switch is for Students only', async () => {
    const bodies: { banker?: boolean; userRole: string }[] = [];
    server.use(
      http.put('*/api/admin/users/:userId/updateUser', async ({ request }) => {
        const body = (await request.json()) as { banker?: boolean; userRole: 'USER' | 'TELLER' };
        bodies.push(body);
        return HttpResponse.json({ ...student, userRole: body.userRole, banker: body.banker ?? false });
      }),
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Edit user student' }));
    const form = screen.getByRole('region', { name: 'Edit User student' });
    const banker = within(form).getByRole('switch', {
      name: new RegExp(participationScreenText.bankerSwitch),
    });
    expect(banker).not.toBeChecked();
    await user.click(banker);
    await user.click(within(form).getByRole('button', { name: 'Update User' }));
    await confirm(user, 'Update User');
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ userRole: 'USER', banker: true });
    await waitFor(() => expect(tableCells('Users')[2]?.[4]).toBe(participationScreenText.bankerRole));

    // Another role: no switch, and the user is no banker.
    await user.selectOptions(within(form).getByLabelText(/User Role/), 'Teller');
    expect(
      within(form).queryByRole('switch', { name: new RegExp(participationScreenText.bankerSwitch) }),
    ).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Update User' }));
    await confirm(user, 'Update User');
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ userRole: 'TELLER', banker: false });
  });

  it('edits a user: the branch rule, Updating User..., and the row follows', async () => {
    const held = gate();
    const bodies: unknown[] = [];
    server.use(
      http.put('*/api/admin/users/:userId/updateUser', async ({ request, params }) => {
        const body = (await request.json()) as { name: string; branch: number | null };
        bodies.push({ path: params.userId, body });
        await held.wait();
        return HttpResponse.json({ ...student, name: body.name, branchId: body.branch });
      }),
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Edit user student' }));
    const form = screen.getByRole('region', { name: 'Edit User student' });
    expect(within(form).getByLabelText(/User Id/)).toHaveValue('student');
    expect(within(form).getByLabelText(/User Id/)).toHaveAttribute('readonly');
    expect(within(form).getByLabelText(/^Name/)).toHaveValue('Sam Student');
    expect(within(form).getByLabelText(/User Role/)).toHaveValue('USER');
    expect(within(form).getByLabelText(/^Branch/)).toHaveValue('1');

    await user.selectOptions(within(form).getByLabelText(/^Branch/), '');
    await user.clear(within(form).getByLabelText(/^Name/));
    await user.click(within(form).getByRole('button', { name: 'Update User' }));
    expect(fieldError(/^Branch/)).toBe(messages.studentNeedsBranch);
    expect(fieldError(/^Name/)).toBe(messages.userIdAndNameRequired);

    await user.type(within(form).getByLabelText(/^Name/), 'Samuel Student');
    await user.selectOptions(within(form).getByLabelText(/^Branch/), 'North Campus');
    await user.click(within(form).getByRole('button', { name: 'Update User' }));
    await confirm(user, 'Update User');
    expect(await within(form).findByRole('button', { name: messages.updatingUser })).toBeDisabled();
    held.open();
    expect(await within(form).findByRole('status')).toHaveTextContent(adminText.userUpdated);
    expect(bodies).toEqual([
      {
        path: 'student',
        body: { userId: 'student', name: 'Samuel Student', userRole: 'USER', branch: 2, banker: false },
      },
    ]);
    await waitFor(() =>
      expect(tableCells('Users')[2]).toEqual([
        'Edit',
        'student',
        'Samuel Student',
        '—',
        'Student',
        'North Campus',
      ]),
    );
  });

  it('disables Delete User with the reason shown: open accounts, or the last admin', async () => {
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Edit user nora' }));
    let form = screen.getByRole('region', { name: 'Edit User nora' });
    let remove = within(form).getByRole('button', { name: 'Delete User' });
    await waitFor(() => expect(remove).toBeDisabled());
    expect(remove).toHaveAccessibleDescription(adminGuidance.deleteBlockedUserAccounts(1));
    expect(within(form).getByText(adminGuidance.deleteBlockedUserAccounts(1))).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Edit user admin' }));
    form = screen.getByRole('region', { name: 'Edit User admin' });
    remove = within(form).getByRole('button', { name: 'Delete User' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription(adminGuidance.deleteBlockedLastAdmin);

    await user.click(screen.getByRole('button', { name: 'Edit user teller' }));
    form = screen.getByRole('region', { name: 'Edit User teller' });
    expect(within(form).getByRole('button', { name: 'Delete User' })).toBeEnabled();
  });

  it("shows the server's 409 when a delete is refused", async () => {
    // A second admin in the list, so the screen lets the delete be tried; the server knows better.
    users = [...bankUsers, { ...admin, userId: 'ada2', username: 'ada2', name: 'Ada Two' }];
    server.use(
      http.delete('*/api/admin/users/:userId/delete', () =>
        HttpResponse.json({ error: 'CONFLICT', message: messages.lastAdmin }, { status: 409 }),
      ),
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Edit user admin' }));
    const form = screen.getByRole('region', { name: 'Edit User admin' });
    await user.click(within(form).getByRole('button', { name: 'Delete User' }));
    await confirm(user, 'Delete User');
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent(adminText.deleteUserFailed);
    expect(alert).toHaveTextContent(messages.lastAdmin);
    expect(tableCells('Users')).toHaveLength(6);
  });

  it('deletes a user behind Confirm Action and removes the row', async () => {
    const held = gate();
    const deleted: unknown[] = [];
    server.use(
      // Nora's account is closed, so she may go.
      http.get('*/api/teller/accounts/bank/:bankId', () => HttpResponse.json([])),
      http.delete('*/api/admin/users/:userId/delete', async ({ params }) => {
        deleted.push(params.userId);
        await held.wait();
        users = users.filter((u) => u.userId !== params.userId);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Edit user nora' }));
    const form = screen.getByRole('region', { name: 'Edit User nora' });
    await user.click(within(form).getByRole('button', { name: 'Delete User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Action' });
    // Go Back changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Go Back' }));
    expect(deleted).toEqual([]);
    await user.click(within(form).getByRole('button', { name: 'Delete User' }));
    await confirm(user, 'Delete User');
    expect(await within(form).findByRole('button', { name: messages.deletingUser })).toBeDisabled();
    held.open();
    expect(await screen.findByText(adminText.userDeleted(nora.userId))).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Edit User nora' })).not.toBeInTheDocument();
    // The form is gone: the focus is on the page's heading, and the success was announced.
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Manage Users' })).toHaveFocus(),
    );
    expect(screen.getByTestId('live-region')).toHaveTextContent(adminText.userDeleted(nora.userId));
    expect(tableCells('Users').map((row) => row[1])).toEqual(['admin', 'student', 'teller', 'tina']);
    expect(deleted).toEqual(['nora']);
  });

  it('reads the temporary password out of the server text', () => {
    expect(parseCreatedUser('kid', 'Successfully created user. Temporary password: aB3-dE6')).toEqual({
      username: 'kid',
      text: 'Successfully created user. Temporary password: aB3-dE6',
      temporaryPassword: 'aB3-dE6',
    });
    expect(parseCreatedUser('kid', 'Successfully created user').temporaryPassword).toBeNull();
  });
});
