import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { User } from '@bank/shared';
import { Providers } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { createRoutes } from '../app/router';
import { authStore } from '../lib/auth-store';
import { startSession } from '../lib/current-user';

/**
 * Renders the whole app (real routes, guards and providers) at `path`, signed in as `user` if given.
 * A path with router state stands for a screen opened by another with `navigate(path, { state })`.
 */
export function renderApp(path: string | { pathname: string; state: unknown }, user?: User) {
  const queryClient = createQueryClient({ retryDelayMs: 0 });
  if (user) startSession(queryClient, 'token-123', user);
  else authStore.clear();
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  const events = userEvent.setup();
  const view = render(
    <Providers queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, queryClient, user: events };
}
