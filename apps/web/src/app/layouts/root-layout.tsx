import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { setUnauthorizedHandler } from '../../lib/api-client';
import { useSession } from '../../lib/current-user';
import { useSignOutLocally } from '../session';
import { AppHeader } from './app-header';
import { SideNav } from './side-nav';

/** Every route sits under this layout: a header always, the side navigation once signed in. */
export function RootLayout() {
  const session = useSession();
  const [navOpened, nav] = useDisclosure(false);
  const location = useLocation();
  const signOutLocally = useSignOutLocally();

  // A 401 from any call means the token is gone: sign out here too and go to login.
  useEffect(() => {
    setUnauthorizedHandler(() => void signOutLocally());
    return () => setUnauthorizedHandler(null);
  }, [signOutLocally]);

  // On a phone the navigation is an overlay: close it once a link was followed.
  const closeNav = nav.close;
  useEffect(() => closeNav(), [location.pathname, closeNav]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !navOpened, desktop: !session } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header>
        <AppHeader navOpened={navOpened} onToggleNav={nav.toggle} />
      </AppShell.Header>
      {session && (
        <AppShell.Navbar p="sm" aria-label="Side navigation">
          <SideNav user={session.user} />
        </AppShell.Navbar>
      )}
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
      <ScrollRestoration />
    </AppShell>
  );
}
