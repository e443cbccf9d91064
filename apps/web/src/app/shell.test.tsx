import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { landingText, messages, studentText } from '@bank/shared';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '../lib/auth-store';
import { admin, bankSettings, student, teller } from '../test/fixtures';
import { renderApp } from '../test/render-app';
import { ErrorPage } from './error-page';
import { Providers } from './providers';
import { createQueryClient } from './query-client';
import { server } from '../test/server';

async function navLinks(): Promise<string[]> {
  const nav = await screen.findByRole('navigation', { name: 'Side navigation' });
  await waitFor(() => expect(within(nav).queryByText(/Loading/)).not.toBeInTheDocument());
  return within(nav)
    .getAllByRole('link')
    .map((a) => a.textContent ?? '');
}

describe('the shell', () => {
  it('shows the landing header to a signed-out visitor', async () => {
    renderApp('/');
    expect(await screen.findByText('Pricing')).toBeInTheDocument();
    expect(screen.getByText('Features')).toBeInTheDocument();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('navigation', { name: 'Side navigation' })).not.toBeInTheDocument();
    // What the bank is and what it teaches, not placeholder Latin (issue 33).
    expect(screen.getByText(landingText.what)).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([...landingText.teaches]);
    expect(document.body).not.toHaveTextContent(/lorem ipsum/i);
  });

  it('gives a Student their accounts, Transfer, Account Information and Statements', async () => {
    renderApp('/home', student);
    await waitFor(async () =>
      expect(await navLinks()).toEqual([
        'Accounts',
        'CHECKING **0001$500.00',
        'SAVINGS **0002$1,250.50',
        'Transfer',
        'Store',
        'Auctions',
        'Job board',
        'Account Information',
        'Statements',
        'Settings',
        'Support',
      ]),
    );
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it("opens the user menu at the first press, its popover's code loaded on the way (issue 22)", async () => {
    const { user } = renderApp('/home', student);
    const button = await screen.findByRole('button', { name: /Account menu/ });
    // Before the popover has loaded the button says what it opens, as the menu's own does.
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Settings', 'Logout']);
    const opened = screen.getByRole('button', { name: /Account menu/ });
    expect(opened).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(opened).toHaveFocus();
    // Loaded now: the next press opens it as any menu.
    await user.click(opened);
    expect(await screen.findByRole('menu')).toBeInTheDocument();
  });

  it('gives a teller what the bank settings allow', async () => {
    renderApp('/home', teller);
    await waitFor(async () =>
      expect(await navLinks()).toEqual([
        'Home',
        'Deposit',
        'Withdrawal',
        'Payday',
        'Schedules',
        'Students',
        'Approvals',
        'Store orders',
        'Store items',
        'Jobs',
        'Awards',
        'Auctions',
        'Settings',
        'Support',
      ]),
    );
  });

  it('gives a teller no Payday when the bank allows neither deposits nor withdrawals', async () => {
    server.use(
      http.get('*/api/user/bank/:bankId', () =>
        HttpResponse.json({
          ...bankSettings,
          tellerDepositPermission: false,
          tellerWithdrawalPermission: false,
        }),
      ),
    );
    renderApp('/home', teller);
    await waitFor(async () =>
      expect(await navLinks()).toEqual([
        'Home',
        'Students',
        'Approvals',
        'Store orders',
        'Store items',
        'Jobs',
        'Auctions',
        'Settings',
        'Support',
      ]),
    );
  });

  it('gives a teller Transfer once the bank allows it', async () => {
    server.use(
      http.get('*/api/user/bank/:bankId', () =>
        HttpResponse.json({
          ...bankSettings,
          tellerDepositPermission: false,
          tellerTransferPermission: true,
        }),
      ),
    );
    renderApp('/home', teller);
    await waitFor(async () =>
      expect(await navLinks()).toEqual([
        'Home',
        'Withdrawal',
        'Transfer',
        'Payday',
        'Schedules',
        'Students',
        'Approvals',
        'Store orders',
        'Store items',
        'Jobs',
        'Awards',
        'Auctions',
        'Settings',
        'Support',
      ]),
    );
  });

  it('gives an admin everything, with User Settings and Bank Settings', async () => {
    renderApp('/home', admin);
    expect(await navLinks()).toEqual([
      'Home',
      'Deposit',
      'Withdrawal',
      'Transfer',
      'Payday',
      'Schedules',
      'Students',
      'Approvals',
      'Store orders',
      'Store items',
      'Jobs',
      'Awards',
      'Auctions',
      'Users',
      'Branches',
      'Accounts',
      'Activity',
      'Bank Settings',
      'User Settings',
      'Support',
    ]);
    const links = within(screen.getByRole('navigation', { name: 'Side navigation' })).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/home',
      '/1/deposit',
      '/1/withdrawal',
      '/1/transfer',
      '/1/payday',
      '/1/schedules',
      '/1/students',
      '/1/approvals',
      '/1/store/orders',
      '/1/store/items',
      '/1/jobs',
      '/1/awards',
      '/1/auctions/manage',
      '/1/admin/users',
      '/1/admin/branches',
      '/1/admin/accounts',
      '/1/admin/activity',
      '/1/admin/bank',
      '/settings',
      '/1/support',
    ]);
  });

  it('shows a Student account cards and staff action tiles at home', async () => {
    renderApp('/home', student);
    const cards = await screen.findAllByTestId('account-card');
    expect(cards.map((c) => c.getAttribute('href'))).toEqual(['/account/1000000001', '/account/1000000002']);
    expect(cards[0]).toHaveTextContent('CHECKING');
    expect(cards[0]).toHaveTextContent('$500.00');
  });

  it('sends a signed-out visitor to login', async () => {
    const { router } = renderApp('/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Fsettings');
  });

  it('keeps admin screens from other roles', async () => {
    const { router } = renderApp('/1/admin/users', teller);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('answers an unknown route with the no-route-matches screen', async () => {
    renderApp('/no/such/page', student);
    expect(await screen.findByRole('heading', { name: '404 Not Found' })).toBeInTheDocument();
    expect(screen.getByText(/No route matches URL/)).toHaveTextContent(
      'No route matches URL "/no/such/page"',
    );
    // What to do, in plain words, under the spec's text (issue 33 item 9).
    expect(screen.getByText(studentText.notFoundHelp)).toBeInTheDocument();
  });

  it('logs out: revokes the token, clears the session and the cache, and lands on login', async () => {
    let revokedWith: string | null = null;
    server.use(
      http.post('*/api/logout', ({ request }) => {
        revokedWith = request.headers.get('Authorization');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, router, queryClient } = renderApp('/home', student);
    await screen.findAllByTestId('account-card');
    window.sessionStorage.setItem('bank.pending.transfer', JSON.stringify({ key: 'k', fingerprint: '{}' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(revokedWith).toBe('Bearer token-123');
    expect(authStore.get()).toBeNull();
    expect(window.sessionStorage.getItem('bank.session')).toBeNull();
    expect(window.sessionStorage.getItem('bank.pending.transfer')).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    // Back to a guarded screen lands on login again.
    await router.navigate('/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('signs out locally on a 401 from any call', async () => {
    server.use(
      http.get('*/api/user/accounts/user/:username', () =>
        HttpResponse.json({ error: 'UNAUTHENTICATED', message: 'Please sign in.' }, { status: 401 }),
      ),
    );
    const { router } = renderApp('/home', student);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(authStore.get()).toBeNull();
  });

  it('shows a failed call with its message and a way to retry', async () => {
    let fail = true;
    server.use(
      http.get('*/api/user/accounts/user/:username', () =>
        fail
          ? HttpResponse.json(
              { error: 'INTERNAL', message: 'Something went wrong on our side. Nothing was changed.' },
              { status: 500 },
            )
          : HttpResponse.json([]),
      ),
    );
    const { user } = renderApp('/settings/accountInfo', student);
    // 5xx answers are retried twice before the failed state shows.
    const main = await screen.findByRole('main');
    const alert = await within(main).findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent('Could not load your accounts.');
    expect(alert).toHaveTextContent('Something went wrong on our side.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No accounts yet.')).toBeInTheDocument();
  });

  it('shows "Unexpected Application Error!" when a screen fails', async () => {
    function Broken(): never {
      throw new Error('The screen broke.');
    }
    // React and React Router log the error; it is the expected outcome here.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <ErrorPage /> }]);
    render(
      <Providers queryClient={createQueryClient({ retryDelayMs: 0 })} env="test">
        <RouterProvider router={router} />
      </Providers>,
    );
    expect(await screen.findByRole('heading', { name: messages.unexpectedError })).toBeInTheDocument();
    expect(screen.getByText('The screen broke.')).toBeInTheDocument();
    expect(screen.getByText(studentText.errorHelp)).toBeInTheDocument();
    quiet.mockRestore();
    warn.mockRestore();
  });
});
