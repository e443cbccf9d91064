import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { messages, type User } from '@bank/shared';
import { queryKeys } from '../../lib/queries';
import { uiText } from '../../lib/ui-text';
import { student } from '../../test/fixtures';
import { fieldError } from '../../test/helpers';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';

async function fill(
  user: ReturnType<typeof renderApp>['user'],
  current: string,
  next: string,
  confirm: string,
) {
  await user.type(await screen.findByLabelText(/^Current Password/), current);
  await user.type(screen.getByLabelText(/^New Password/), next);
  await user.type(screen.getByLabelText(/^Confirm New Password/), confirm);
}

describe('change password', () => {
  it('says the new passwords do not match and keeps submit disabled', async () => {
    const { user } = renderApp('/settings/updatePassword', student);
    await fill(user, 'Demo-1234', 'New-pass-123', 'New-pass-12');
    expect(fieldError(/^Confirm New Password/)).toBe(messages.passwordsDoNotMatch);
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeDisabled();
    await user.type(screen.getByLabelText(/^Confirm New Password/), '3');
    expect(fieldError(/^Confirm New Password/)).toBe('');
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeEnabled();
  });

  it('sends [current, new] as JSON and shows "Password updated!"', async () => {
    let body: unknown;
    let contentType: string | null = null;
    server.use(
      http.put('*/api/user/users/student/updatePassword', async ({ request }) => {
        contentType = request.headers.get('Content-Type');
        body = await request.json();
        return HttpResponse.text(messages.passwordUpdated);
      }),
    );
    const { user } = renderApp('/settings/updatePassword', student);
    await fill(user, 'Demo-1234', 'New-pass-123', 'New-pass-123');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(messages.passwordUpdated);
    expect(body).toEqual(['Demo-1234', 'New-pass-123']);
    expect(contentType).toBe('application/json');
    expect(screen.getByLabelText(/^New Password/)).toHaveValue('');
  });

  it('applies the shared rule before sending: not only spaces, not the current password', async () => {
    let sent = 0;
    server.use(
      http.put('*/api/user/users/student/updatePassword', () => {
        sent += 1;
        return HttpResponse.text(messages.passwordUpdated);
      }),
    );
    const { user } = renderApp('/settings/updatePassword', student);
    await fill(user, 'Demo-1234', '        ', '        ');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(fieldError(/^New Password/)).toBe(messages.newPasswordOnlySpaces);
    await user.clear(screen.getByLabelText(/^New Password/));
    await user.clear(screen.getByLabelText(/^Confirm New Password/));
    await user.type(screen.getByLabelText(/^New Password/), 'Demo-1234');
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'Demo-1234');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(fieldError(/^New Password/)).toBe(messages.newPasswordIsCurrent);
    expect(sent).toBe(0);
  });

  it("shows the server's reason for a common password", async () => {
    server.use(
      http.put('*/api/user/users/student/updatePassword', () =>
        HttpResponse.json(
          {
            error: 'VALIDATION',
            message: messages.newPasswordTooCommon,
            fields: { newPassword: messages.newPasswordTooCommon },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp('/settings/updatePassword', student);
    await fill(user, 'Demo-1234', 'password', 'password');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`${messages.passwordUpdateFailed}${messages.newPasswordTooCommon}`);
  });

  it('shows "Failed to update password." followed by the server message', async () => {
    server.use(
      http.put('*/api/user/users/student/updatePassword', () =>
        HttpResponse.json({ error: 'VALIDATION', message: messages.currentPasswordWrong }, { status: 400 }),
      ),
    );
    const { user } = renderApp('/settings/updatePassword', student);
    await fill(user, 'wrong-one', 'New-pass-123', 'New-pass-123');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`${messages.passwordUpdateFailed}${messages.currentPasswordWrong}`);
    expect(alert).toHaveAttribute('data-status', 'failure');
  });

  it('asks for the temporary password after all when the server needs it (the sign-in was a while ago)', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.put('*/api/user/users/student/updatePassword', async ({ request }) => {
        bodies.push(await request.json());
        return bodies.length === 1
          ? HttpResponse.json(
              { error: 'VALIDATION', message: messages.currentPasswordWrong },
              { status: 400 },
            )
          : HttpResponse.text(messages.passwordUpdated);
      }),
    );
    const { user } = renderApp('/settings/updatePassword', { ...student, mustChangePassword: true });
    await user.type(await screen.findByLabelText(/^New Password/), 'New-pass-123');
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'New-pass-123');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await user.type(await screen.findByLabelText(/^Current Password/), 'Temp-pass-1');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('status')).toHaveTextContent(messages.passwordUpdated);
    expect(bodies).toEqual([
      ['', 'New-pass-123'],
      ['Temp-pass-1', 'New-pass-123'],
    ]);
  });

  it('lets a user with a temporary password go on once it is changed', async () => {
    const temporary = { ...student, mustChangePassword: true };
    let changed = false;
    // The server refuses everything else until the password is changed: the app must not ask.
    const askedWhileLocked: string[] = [];
    server.use(
      http.get('*/api/user/accounts/user/:username', ({ request }) => {
        if (!changed) askedWhileLocked.push(request.url);
        return HttpResponse.json([]);
      }),
      http.get('*/api/user/users/student', () =>
        HttpResponse.json({ ...student, mustChangePassword: !changed }),
      ),
      http.put('*/api/user/users/student/updatePassword', () => {
        changed = true;
        return HttpResponse.text(messages.passwordUpdated);
      }),
    );
    const { user, router, queryClient } = renderApp('/home', temporary);
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/updatePassword'));
    // Just signed in with it: not asked a second time (issue 33).
    expect(await screen.findByText(uiText.noNeedForTemporary)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Current Password/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^New Password/), 'New-pass-123');
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'New-pass-123');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(messages.passwordUpdated)).toBeInTheDocument();
    expect(askedWhileLocked).toEqual([]);
    expect(queryClient.getQueryData<User>(queryKeys.user(temporary.username))?.mustChangePassword).toBe(
      false,
    );
    await user.click(screen.getByRole('link', { name: 'Go to Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });
});
