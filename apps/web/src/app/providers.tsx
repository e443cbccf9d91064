import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './a11y.css';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { cssVariablesResolver, theme } from './theme';

/**
 * Where notifications show, not part of the sign-in page's download (issue 13). A notification
 * shown before it is there waits in the notifications store and appears once it is.
 */
const NotificationsHost = lazy(async () => ({
  default: (await import('./notifications-host')).NotificationsHost,
}));

/**
 * The host is downloaded and mounted with the first notification, then stays (its exit
 * animations): most visits show none, and on a phone it would be a download and a render more
 * before the first screen (issue 22).
 */
function NotificationsOnceShown() {
  const { notifications, queue } = useNotifications();
  const [shown, setShown] = useState(false);
  if (!shown && notifications.length + queue.length > 0) setShown(true);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  );
}

export interface ProvidersProps {
  queryClient: QueryClient;
  /** 'test' turns off transitions and portals (Mantine). */
  env?: 'default' | 'test';
  children: ReactNode;
}

export function Providers({ queryClient, env = 'default', children }: ProvidersProps) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      env={env}
      defaultColorScheme="auto"
    >
      <NotificationsOnceShown />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
