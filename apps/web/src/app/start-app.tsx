import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import type { SignedIn } from '../features/auth/sign-in-call';
import { startSession } from '../lib/current-user';
import { focusPage } from '../lib/page-focus';
import { Providers } from './providers';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

export { prefetchSignedIn } from './prefetch';

/** How the sign-in page hands over: signed in (and where to), or a link of its header followed. */
export type Handover = { session: SignedIn; target: string } | { path: string };

/**
 * The whole app (router, Mantine, TanStack Query, every screen) mounted in `root`: main.tsx loads
 * this module for every first visit but a signed-out one to /login, and the sign-in page hands over
 * to it (issue 13).
 */
export function startApp(root: Root, handover?: Handover) {
  const queryClient = createQueryClient();
  if (handover && 'session' in handover) {
    // As the app's own login route does: the record to the cache, the token to the store.
    startSession(queryClient, handover.session.token, handover.session.user);
    window.history.replaceState(null, '', handover.target);
  } else if (handover) {
    window.history.pushState(null, '', handover.path);
  }
  const router = createAppRouter(queryClient);
  // RouterProvider of 'react-router' (the tests' too): react-router/dom's adds flushSync, which the
  // app does not use, and under vitest it would be a second copy of the router's context.
  root.render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
  if (handover && 'session' in handover) {
    // After sign-in focus goes to the new screen's heading, as after any navigation (issue 14).
    const focusWhenShown = () => focusPage(document.getElementById('main'));
    if (router.state.initialized) window.requestAnimationFrame(focusWhenShown);
    else {
      const stop = router.subscribe((state) => {
        if (!state.initialized) return;
        stop();
        window.requestAnimationFrame(focusWhenShown);
      });
    }
  }
  return router;
}
