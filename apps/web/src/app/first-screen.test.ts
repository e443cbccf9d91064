import { afterEach, describe, expect, it } from 'vitest';
import { authStore } from '../lib/auth-store';
import { preloadApp, preloadFirstScreen } from './first-screen';

function listScreen(path: string, content: string) {
  const meta = document.createElement('meta');
  meta.name = 'first-screen';
  meta.dataset.path = path;
  meta.content = content;
  document.head.append(meta);
}

const hints = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link')].map(
    (l) => `${l.rel} ${l.getAttribute('href')}`,
  );

afterEach(() => {
  document.head
    .querySelectorAll('meta[name="first-screen"], meta[name="app-files"], link')
    .forEach((e) => e.remove());
  authStore.clear();
});

describe('the first screen of a signed-in visit (index.html lists its files)', () => {
  it('asks for the files of the screen the address names, scripts and stylesheets', () => {
    listScreen('^/home/?$', '/assets/home.js /assets/side-nav.js');
    listScreen('^/account/[^/]+/?$', '/assets/account.js /assets/account.css');
    authStore.signIn({ token: 't', username: 'student' });
    preloadFirstScreen('/account/4000012345');
    expect(hints()).toEqual(['modulepreload /assets/account.js', 'preload /assets/account.css']);
  });

  it('asks for nothing when signed out (the route goes to sign-in) or on another screen', () => {
    listScreen('^/home/?$', '/assets/home.js');
    preloadFirstScreen('/home');
    authStore.signIn({ token: 't', username: 'student' });
    preloadFirstScreen('/settings');
    expect(hints()).toEqual([]);
  });

  it("asks for the app's files in the order index.html lists them (the largest first), signed in or not", () => {
    const meta = document.createElement('meta');
    meta.name = 'app-files';
    meta.content = '/assets/mantine.js /assets/router.js /assets/start-app.js';
    document.head.append(meta);
    preloadApp();
    expect(hints()).toEqual([
      'modulepreload /assets/mantine.js',
      'modulepreload /assets/router.js',
      'modulepreload /assets/start-app.js',
    ]);
  });
});
