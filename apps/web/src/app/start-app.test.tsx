import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { authStore } from '../lib/auth-store';
import { student } from '../test/fixtures';
import { server } from '../test/server';
import { startApp } from './start-app';

let root: Root | null = null;
let container: HTMLElement | null = null;

function mount() {
  container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
  return root;
}

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = null;
  window.history.replaceState(null, '', '/');
});

describe('the hand-over from the sign-in page to the app (main.tsx)', () => {
  it('reads the user record once, starts the app signed in at `next`, focus on the new screen', async () => {
    let userCalls = 0;
    server.use(
      http.get('*/api/user/users/:username', () => {
        userCalls++;
        return HttpResponse.json(student);
      }),
    );
    window.history.replaceState(null, '', '/login?next=%2Fsettings');
    let router!: Awaited<ReturnType<typeof startApp>>;
    await act(async () => {
      router = await startApp(mount(), {
        signedIn: { token: 'token-abc', username: 'Student' },
        search: '?next=%2Fsettings',
      });
    });
    expect(window.location.pathname).toBe('/settings');
    // Stored under the record's own User Id, whatever case was typed.
    expect(authStore.get()).toEqual({ token: 'token-abc', username: 'student' });
    const heading = await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(router.state.location.pathname).toBe('/settings');
    expect(userCalls).toBe(1);
  });

  it('sends a user with a temporary password to change it, whatever `next` says', async () => {
    server.use(
      http.get('*/api/user/users/:username', () =>
        HttpResponse.json({ ...student, mustChangePassword: true }),
      ),
    );
    await act(() =>
      startApp(mount(), {
        signedIn: { token: 'token-abc', username: 'student' },
        search: '?next=%2Fsettings',
      }),
    );
    expect(window.location.pathname).toBe('/settings/updatePassword');
  });

  it('does not follow a `next` to another site', async () => {
    await act(() =>
      startApp(mount(), {
        signedIn: { token: 'token-abc', username: 'student' },
        search: '?next=%2F%2Fevil.example',
      }),
    );
    expect(window.location.pathname).toBe('/home');
  });

  it('signs the new token out again when the user record cannot be read, and says why', async () => {
    let loggedOut: string | null = null;
    server.use(
      http.get('*/api/user/users/:username', () => new HttpResponse(null, { status: 500 })),
      http.post('*/api/logout', ({ request }) => {
        loggedOut = request.headers.get('Authorization');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await expect(
      startApp(mount(), { signedIn: { token: 'token-abc', username: 'student' }, search: '' }),
    ).rejects.toMatchObject({ status: 500 });
    expect(loggedOut).toBe('Bearer token-abc');
    expect(authStore.get()).toBeNull();
  });

  it('follows a header link of the sign-in page into the app', async () => {
    window.history.replaceState(null, '', '/login');
    await act(() => startApp(mount(), { path: '/' }));
    expect(window.location.pathname).toBe('/');
    expect(await screen.findByRole('banner')).toBeInTheDocument();
  });

  it('on any other first visit, starts the app where the address says (guards included)', async () => {
    window.history.replaceState(null, '', '/settings');
    let router!: Awaited<ReturnType<typeof startApp>>;
    await act(async () => {
      router = await startApp(mount());
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/settings')}`);
    expect(await screen.findByRole('textbox', { name: 'User Id' })).toBeInTheDocument();
  });
});
