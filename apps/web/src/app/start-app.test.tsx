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
  it('starts the app signed in at the target, the user already cached, focus on the new screen', async () => {
    let userCalls = 0;
    server.use(
      http.get('*/api/user/users/:username', () => {
        userCalls++;
        return HttpResponse.json(student);
      }),
    );
    window.history.replaceState(null, '', '/login?next=%2Fhome');
    let router!: Awaited<ReturnType<typeof startApp>>;
    await act(async () => {
      router = await startApp(mount(), { session: { token: 'token-abc', user: student }, target: '/home' });
    });
    expect(window.location.pathname).toBe('/home');
    expect(authStore.get()).toEqual({ token: 'token-abc', username: 'student' });
    const heading = await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(router.state.location.pathname).toBe('/home');
    // The sign-in page read the user record; the app does not ask again.
    expect(userCalls).toBe(0);
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
