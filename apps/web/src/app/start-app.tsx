// zod's settings: set by the page script (boot.ts) before this chunk loads; here too for the tests.
import '../lib/zod-config';
import { StrictMode, useEffect } from 'react';
import type { Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import type { SignInToken } from '../features/auth/sign-in-call';
import { completeSignIn } from '../lib/current-user';
import { forgetEarlyAnswers } from '../lib/early-answers';
import { focusPage } from '../lib/page-focus';
import { Providers } from './providers';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

export { prefetchSignedIn } from './prefetch';

/** How the sign-in page hands over: signed in (with the address's query), or a header link followed. */
export type Handover = { signedIn: SignInToken; search: string } | { path: string };

/**
 * After sign-in focus goes to the new screen's heading, as after any navigation (issue 14): once
 * the app has replaced the sign-in page, whose User Id field had the focus.
 */
function FocusPageOnMount() {
  useEffect(() => focusPage(document.getElementById('main')), []);
  return null;
}

/** Resolves once the router has loaded the first screen's chunks and run its guards. */
function initialized(router: ReturnType<typeof createAppRouter>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/**
 * The whole app (router, Mantine, TanStack Query, every screen) mounted in `root`: main.tsx loads
 * this module for every first visit but a signed-out one to /login, and the sign-in page hands over
 * to it (issue 13). On a hand-over the sign-in page stays on screen ("Logging In...") until the
 * next screen is loaded, as when the router navigates from its own login route; on a first visit
 * the root route's fallback is the loading shell of index.html.
 */
export async function startApp(root: Root, handover?: Handover) {
  const queryClient = createQueryClient();
  if (handover && 'signedIn' in handover) {
    // As the app's own login route does: the record through the contract, then where to go.
    window.history.replaceState(
      null,
      '',
      await completeSignIn(queryClient, handover.signedIn, handover.search),
    );
  } else if (handover) {
    window.history.pushState(null, '', handover.path);
  }
  const router = createAppRouter(queryClient);
  // What the entry asked for early serves the first screen only (lib/early-answers.ts).
  void initialized(router).then(forgetEarlyAnswers);
  if (handover) await initialized(router);
  // RouterProvider of 'react-router' (the tests' too): react-router/dom's adds flushSync, which the
  // app does not use, and under vitest it would be a second copy of the router's context.
  root.render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
        {handover && 'signedIn' in handover && <FocusPageOnMount />}
      </Providers>
    </StrictMode>,
  );
  return router;
}
