import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './a11y.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from './theme';

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
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
