import { authStore } from '../lib/auth-store';

/**
 * A `<link>` that asks for a file now, as the import that needs it would later. In the same
 * credentials mode as the bundler's own links (`crossorigin`, also on its stylesheets): a preload
 * in another mode is not used, and the browser warns and downloads the file again.
 */
function preload(href: string) {
  const link = document.createElement('link');
  if (href.endsWith('.css')) {
    link.rel = 'preload';
    link.as = 'style';
  } else {
    link.rel = 'modulepreload';
  }
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
}

/**
 * Every first visit but a signed-out one to /login loads the app (boot.ts): its files, listed in
 * index.html (`<meta name="app-files">`, written by build/first-screens.ts) largest first, are
 * asked for in that order before the app's import asks for them in its own (issue 22). On a
 * phone's few connections the largest file, Mantine's, is the one the first screen waits for
 * longest; asked last, it started behind the smaller ones. The import finds the links and does
 * not ask again.
 */
export function preloadApp() {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="app-files"]');
  for (const href of meta?.content.split(' ').filter(Boolean) ?? []) preload(href);
}

/**
 * A signed-in visit to a screen that index.html lists (`<meta name="first-screen">`, written by
 * build/first-screens.ts: home and an account, the screens a Student opens first) asks for that
 * screen's files at once, beside the app's, instead of after the app has loaded and its router has
 * matched the route: one round trip less before a phone shows the screen (issue 22). Hints only:
 * the router imports the same files when it gets there, from the cache by then.
 */
export function preloadFirstScreen(pathname: string) {
  if (!authStore.get()) return;
  for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="first-screen"]')) {
    if (!new RegExp(meta.dataset.path ?? '$^').test(pathname)) continue;
    for (const href of meta.content.split(' ').filter(Boolean)) preload(href);
  }
}
