import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Handover } from './app/start-app';
import { showLoadFailure } from './app/load-failure';
import { SignInPage } from './features/auth/sign-in-page';

/**
 * The bootstrap (issue 13), started by boot.ts. A signed-out first visit to /login shows the
 * sign-in page at once, with nothing but React: the app (router, Mantine, TanStack Query, zod and
 * every screen) downloads while the user types and takes over after sign-in. Every other first
 * visit loads the app.
 */
const root = createRoot(document.getElementById('root')!);
const loadApp = () => import('./app/start-app');

async function startApp(handover?: Handover) {
  const app = await loadApp();
  // Evaluating the app's modules is one long task on a phone; the app starts in the next one, so
  // that the browser can paint and answer input in between (issue 22).
  await new Promise((resolve) => setTimeout(resolve, 0));
  await app.startApp(root, handover);
}

/**
 * Once the user starts typing, the browser fetches the app, then the first screens after sign-in:
 * a visit that only shows the page downloads nothing more (issue 22).
 */
function prefetchApp() {
  const load = () =>
    void loadApp().then(
      (app) => app.prefetchSignedIn(),
      () => undefined,
    );
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(load, { timeout: 3000 });
  else window.setTimeout(load, 1000);
}

/**
 * Shows the sign-in page (`signIn`: a signed-out first visit to /login) or starts the app; the
 * promise fails when the app's files do not arrive (boot.ts then says so).
 */
export async function start(signIn: boolean): Promise<void> {
  if (!signIn) return startApp();
  root.render(
    <StrictMode>
      <SignInPage
        search={window.location.search}
        onSignedIn={(signedIn) => startApp({ signedIn, search: window.location.search })}
        onNavigate={(path) =>
          void startApp({ path }).catch(() => {
            root.unmount();
            showLoadFailure();
          })
        }
        onFirstInput={prefetchApp}
      />
    </StrictMode>,
  );
}
