import { authStore } from '../lib/auth-store';

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
    for (const href of meta.content.split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      if (href.endsWith('.css')) {
        link.rel = 'preload';
        link.as = 'style';
      } else {
        link.rel = 'modulepreload';
      }
      link.href = href;
      document.head.append(link);
    }
  }
}
