import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/login-page';
import { destinations, guardOf } from './destinations';
import { ErrorPage, NotFoundPage } from './error-page';
import { createGuards } from './guards';
import { RootLayout } from './layouts/root-layout';
import { loadSignedInFrame } from './layouts/signed-in-frame';
import { LoadingShell } from './loading-shell';
import { prefetchSignedInFrame, withPrefetch } from './route-data';

/**
 * Every route of the product (spec §2), under the root layout with its header. Only the sign-in
 * screen comes with the first download (issue 13: its budget in .ci/bundle-budget.mjs); every
 * other route, the landing page and the signed-in layout included, is a chunk of its own.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const guards = createGuards(queryClient);
  return [
    {
      path: '/',
      element: <RootLayout />,
      errorElement: <ErrorPage />,
      // The first render waits for the guards and the first screen's chunk: meanwhile the loading
      // shell of index.html stays on screen.
      HydrateFallback: LoadingShell,
      children: [
        {
          // Errors of a screen show inside the layout, with the header and navigation still there.
          errorElement: <ErrorPage />,
          children: [
            {
              index: true,
              lazy: async () => ({
                Component: (await import('../features/landing/landing-page')).LandingPage,
              }),
            },
            { path: 'login', loader: guards.redirectIfSignedIn, element: <LoginPage /> },
            {
              loader: withPrefetch(queryClient, prefetchSignedInFrame, guards.requireSession),
              // The guard runs on every navigation, not only when this layout first matches.
              shouldRevalidate: () => true,
              lazy: async () => ({ Component: await loadSignedInFrame() }),
              children: destinations.map((d) => ({
                path: d.path,
                loader: withPrefetch(queryClient, d.prefetch, guardOf(d, guards)),
                lazy: d.lazy,
              })),
            },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient));
}
