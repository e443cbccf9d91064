import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { messages } from '@bank/shared';
import { authStore } from '../../lib/auth-store';
import { queryKeys } from '../../lib/queries';
import { uiText } from '../../lib/ui-text';
import { student } from '../../test/fixtures';
import { gate } from '../../test/gate';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';

describe('login', () => {
  it('requires both the User Id and the password', async () => {
    let calls = 0;
    server.use(http.post('*/api/login', () => void calls++));
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(screen.getByText(uiText.userIdRequired)).toBeInTheDocument();
    expect(screen.getByText(uiText.passwordRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/User Id/), 'student');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.queryByText(uiText.userIdRequired)).not.toBeInTheDocument();
    expect(screen.getByText(uiText.passwordRequired)).toBeInTheDocument();
    expect(calls).toBe(0);
  });

  it('shows "Logging In..." while pending, then stores the session and goes home', async () => {
    let body: unknown;
    const answer = gate();
    server.use(
      http.post('*/api/login', async ({ request }) => {
        body = await request.json();
        await answer.wait();
        return HttpResponse.text('token-abc');
      }),
    );
    const { user, router, queryClient } = renderApp('/login');
    await user.type(await screen.findByLabelText(/User Id/), 'student');
    await user.type(screen.getByLabelText(/Password/), 'Demo-1234');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const pending = await screen.findByRole('button', { name: messages.loggingIn });
    expect(pending).toBeDisabled();
    answer.open();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(body).toEqual({ username: 'student', password: 'Demo-1234' });
    expect(authStore.get()).toEqual({ token: 'token-abc', username: 'student' });
    expect(queryClient.getQueryData(queryKeys.user('student'))).toEqual(student);
    expect(JSON.parse(window.sessionStorage.getItem('bank.session')!).token).toBe('token-abc');
    expect(await screen.findByRole('heading', { name: 'Accounts' })).toBeInTheDocument();
  });

  it('shows the failed-login message of the spec on a 401', async () => {
    server.use(
      http.post('*/api/login', () =>
        HttpResponse.text(messages.invalidCredentials, {
          status: 401,
          headers: { 'Content-Type': 'text/plain' },
        }),
      ),
    );
    const { user, router } = renderApp('/login');
    await user.type(await screen.findByLabelText(/User Id/), 'student');
    await user.type(screen.getByLabelText(/Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.loginFailed);
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/login');
    expect(authStore.get()).toBeNull();
  });

  it('adds the server reason when sign-in is throttled', async () => {
    server.use(
      http.post('*/api/login', () =>
        HttpResponse.json({ error: 'RATE_LIMITED', message: messages.loginThrottled }, { status: 429 }),
      ),
    );
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText(/User Id/), 'student');
    await user.type(screen.getByLabelText(/Password/), 'x');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.loginFailed);
    expect(alert).toHaveTextContent(messages.loginThrottled);
  });

  it('sends a user with a temporary password to change it', async () => {
    server.use(
      http.get('*/api/user/users/:username', () =>
        HttpResponse.json({ ...student, mustChangePassword: true }),
      ),
    );
    const { user, router } = renderApp('/login');
    await user.type(await screen.findByLabelText(/User Id/), 'student');
    await user.type(screen.getByLabelText(/Password/), 'Temp-pass-1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/updatePassword'));
    expect(await screen.findByText(uiText.mustChangePassword)).toBeInTheDocument();
    // Other screens send it back until the password is changed.
    await router.navigate('/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/updatePassword'));
  });

  it('sends a signed-in user from login to home', async () => {
    const { router } = renderApp('/login', student);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });
});
