import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { LiveRegion } from '../../components/live-region';
import { setUnauthorizedHandler } from '../../lib/api-client';
import { useSession } from '../../lib/current-user';
import { focusPage } from '../../lib/page-focus';
import { paths } from '../../lib/paths';
import { usePhone } from '../../lib/use-phone';
import { prefetchSignedIn } from '../prefetch';
import { useSessionExpired } from '../session';
import { AppHeader } from './app-header';
import { NavigationProgress } from './navigation-progress';
import { SideNav } from './signed-in-frame';
import { SkipLink } from './skip-link';

/** After every navigation (not the first load) focus goes to the new screen's heading (issue 14). */
function useFocusOnNavigation(main: React.RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    focusPage(main.current);
  }, [pathname, main]);
}

/**
 * Every route sits under this layout: a header always, the side navigation once signed in. The
 * sign-in page brings its own header (features/auth/sign-in-page.tsx, plain React, issue 13).
 */
export function RootLayout() {
  const session = useSession();
  const [navOpened, nav] = useDisclosure(false);
  const location = useLocation();
  const phone = usePhone();
  const main = useRef<HTMLElement>(null);
  const sessionExpired = useSessionExpired();

  // A 401 from any call means the token is gone: back to sign-in, then to where the user was.
  useEffect(() => {
    setUnauthorizedHandler(() => void sessionExpired());
    return () => setUnauthorizedHandler(null);
  }, [sessionExpired]);

  // Signed out: the screens after sign-in download while the user types (app/prefetch.ts).
  const signedIn = session !== null;
  useEffect(() => {
    if (!signedIn) prefetchSignedIn();
  }, [signedIn]);

  // On a phone the navigation is an overlay: close it once a link was followed.
  const closeNav = nav.close;
  useEffect(() => closeNav(), [location.pathname, closeNav]);
  useFocusOnNavigation(main);

  if (location.pathname === paths.login)
    return (
      <>
        <Outlet />
        <ScrollRestoration />
      </>
    );

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !navOpened, desktop: !session } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <SkipLink />
      <AppShell.Header>
        <AppHeader navOpened={navOpened} onToggleNav={nav.toggle} />
        <NavigationProgress />
      </AppShell.Header>
      {session && (
        // A collapsed phone menu is out of the tab order and hidden from screen readers.
        <AppShell.Navbar p="sm" aria-label="Side navigation" inert={phone && !navOpened}>
          <Suspense fallback={null}>
            <SideNav user={session.user} />
          </Suspense>
        </AppShell.Navbar>
      )}
      <AppShell.Main id="main" ref={main} tabIndex={-1} style={{ outline: 'none' }}>
        <Outlet />
      </AppShell.Main>
      <LiveRegion />
      <ScrollRestoration />
    </AppShell>
  );
}
