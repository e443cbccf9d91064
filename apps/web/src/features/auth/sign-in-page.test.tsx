import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@bank/shared';
import { ApiError } from '../../lib/api-error';
import { uiText } from '../../lib/ui-text';
import { gate } from '../../test/gate';
import { server } from '../../test/server';
import type { SignInToken } from './sign-in-call';
import { SignInPage } from './sign-in-page';

/** The page as main.tsx shows it on a first visit to /login: no router, no Mantine, no query client. */
function renderAlone(search = '') {
  const onSignedIn = vi.fn<(signedIn: SignInToken) => Promise<void> | void>();
  const onNavigate = vi.fn<(path: string) => void>();
  const onFirstInput = vi.fn();
  const view = render(
    <SignInPage
      search={search}
      onSignedIn={onSignedIn}
      onNavigate={onNavigate}
      onFirstInput={onFirstInput}
    />,
  );
  return { ...view, onSignedIn, onNavigate, onFirstInput, user: userEvent.setup() };
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, username: string, password: string) {
  await user.type(screen.getByRole('textbox', { name: 'User Id' }), username);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('the sign-in page on its own (first visit to /login)', () => {
  it('has the header, the title, focus on User Id, and asks the app to download once typing starts', async () => {
    const { onFirstInput, user } = renderAlone();
    expect(document.title).toBe('Login · School Bank');
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    // Where a Student finds what to type (issue 33 item 9).
    expect(screen.getByText(uiText.signInHelp)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'User Id' })).toHaveFocus();
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Pricing')).toBeInTheDocument();
    expect(within(header).getByText('Features')).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(onFirstInput).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: 'User Id' }), 'st');
    await user.type(screen.getByLabelText(/^Password/), 'x');
    expect(onFirstInput).toHaveBeenCalledTimes(1);
  });

  it('shows the required-field errors, linked to their fields, and clears one as it is typed in', async () => {
    let calls = 0;
    server.use(http.post('*/api/login', () => void calls++));
    const { user } = renderAlone();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const userId = screen.getByRole('textbox', { name: 'User Id' });
    const password = screen.getByLabelText(/^Password/);
    expect(userId).toHaveAttribute('aria-invalid', 'true');
    expect(userId).toHaveAccessibleDescription(uiText.userIdRequired);
    expect(password).toHaveAccessibleDescription(uiText.passwordRequired);
    await user.type(userId, 'student');
    expect(userId).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText(uiText.userIdRequired)).not.toBeInTheDocument();
    expect(screen.getByText(uiText.passwordRequired)).toBeInTheDocument();
    expect(calls).toBe(0);
  });

  it('says "Logging In..." while pending, then hands the token over with the User Id it was given for', async () => {
    const answer = gate();
    server.use(
      http.post('*/api/login', async () => {
        await answer.wait();
        return HttpResponse.text('token-abc\n');
      }),
    );
    const { user, onSignedIn } = renderAlone('?expired=1&next=%2Fsettings');
    await fillIn(user, ' student', 'Demo-1234');
    expect(screen.getByRole('button', { name: messages.loggingIn })).toBeDisabled();
    answer.open();
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(onSignedIn).toHaveBeenCalledWith({ token: 'token-abc', username: 'student' });
  });

  it('shows and announces the failed-login text on a 401, and the reason of any other failure', async () => {
    server.use(
      http.post('*/api/login', () =>
        HttpResponse.text(messages.invalidCredentials, {
          status: 401,
          headers: { 'Content-Type': 'text/plain' },
        }),
      ),
    );
    const { user, onSignedIn } = renderAlone();
    await fillIn(user, 'student', 'wrong');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.loginFailed);
    expect(alert).not.toHaveTextContent(messages.invalidCredentials);
    // What to do, in a child's words (issue 33 item 9), under the spec's text.
    expect(alert).toHaveTextContent(uiText.loginFailedHelp);
    expect(screen.getByTestId('live-region')).toHaveTextContent(
      `${uiText.announceFailure} ${messages.loginFailed} ${uiText.loginFailedHelp}`,
    );
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();

    server.use(
      http.post('*/api/login', () =>
        HttpResponse.json({ error: 'RATE_LIMITED', message: messages.loginThrottled }, { status: 429 }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(messages.loginThrottled));
    expect(screen.getByRole('alert')).not.toHaveTextContent(uiText.loginFailedHelp);

    server.use(http.post('*/api/login', () => HttpResponse.error()));
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(uiText.networkError));
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it("shows the hand-over's failure (the app could not read the user record) and can be sent again", async () => {
    const { user, onSignedIn } = renderAlone();
    onSignedIn.mockRejectedValueOnce(new ApiError(500, 'INTERNAL', uiText.serverError));
    await fillIn(user, 'student', 'Demo-1234');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.loginFailed);
    expect(alert).toHaveTextContent(uiText.serverError);
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it("fills in the User Id a sign-in slip's code carries, and starts at the password", async () => {
    const { user, onSignedIn } = renderAlone('?user=maya.chen');
    expect(screen.getByRole('textbox', { name: 'User Id' })).toHaveValue('maya.chen');
    expect(screen.getByLabelText(/^Password/)).toHaveFocus();
    server.use(http.post('*/api/login', () => HttpResponse.text('token-1')));
    await user.keyboard('otter-lamp-42{Enter}');
    await waitFor(() =>
      expect(onSignedIn).toHaveBeenCalledWith(expect.objectContaining({ username: 'maya.chen' })),
    );
  });

  it('says when the session ran out', () => {
    renderAlone('?expired=1&next=%2Fhome');
    expect(screen.getByRole('alert')).toHaveTextContent(uiText.sessionExpired);
  });

  it('shows the password on request, and hands the header links to the app', async () => {
    const { user, onNavigate } = renderAlone();
    const password = screen.getByLabelText(/^Password/);
    expect(password).toHaveAttribute('type', 'password');
    const toggle = screen.getByRole('button', { name: uiText.togglePasswordVisibility });
    await user.click(toggle);
    expect(password).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Login' }));
    expect(onNavigate).toHaveBeenCalledWith('/login');
    await user.click(screen.getByTestId('bank-name'));
    expect(onNavigate).toHaveBeenCalledWith('/');
  });
});
