import { destinations } from './destinations';
import { loadSignedInFrame } from './layouts/signed-in-frame';

/**
 * While someone signs in, the browser fetches what the first screen after sign-in needs: the
 * signed-in layout, the side navigation, the user menu and home. None of it is part of the
 * sign-in page's own download (issue 13); fetched when the browser is idle, it is there by the
 * time the password is typed. A failure here costs nothing: the route loads it again.
 */
export function prefetchSignedIn() {
  const load = () => {
    const home = destinations.find((d) => d.path === 'home');
    for (const chunk of [loadSignedInFrame(), home?.lazy()]) chunk?.catch(() => undefined);
  };
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(load, { timeout: 3000 });
  else window.setTimeout(load, 1000);
}
