import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/login-page';
import { LandingPage } from '../features/landing/landing-page';
import { destinations, guardOf } from './destinations';
import { ErrorPage, NotFoundPage } from './error-page';
import { createGuards } from './guards';
import { ProtectedLayout } from './layouts/protected-layout';
import { RootLayout } from './layouts/root-layout';

/**
 * Every route of the product (spec §2), under the root layout with its header. The landing and
 * sign-in screens come with the first load; each screen behind sign-in is a chunk of its own.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const guards = createGuards(queryClient);
  return [
    {
      path: '/',
      element: <RootLayout />,
      errorElement: <ErrorPage />,
      // The guards are synchronous; the first render waits for them without showing anything.
      HydrateFallback: () => null,
      children: [
        {
          // Errors of a screen show inside the layout, with the header and navigation still there.
          errorElement: <ErrorPage />,
          children: [
            { index: true, element: <LandingPage /> },
            { path: 'login', loader: guards.redirectIfSignedIn, element: <LoginPage /> },
            {
              loader: guards.requireSession,
              // The guard runs on every navigation, not only when this layout first matches.
              shouldRevalidate: () => true,
              element: <ProtectedLayout />,
              children: destinations.map((d) => ({ path: d.path, loader: guardOf(d, guards), lazy: d.lazy })),
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
