import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api-client';
import { uiText } from '../lib/ui-text';

interface QueryLike<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** Names what failed to load ("your accounts"). */
  what?: string;
  children: (data: T) => ReactNode;
}

/** The loading and failed states every call has (spec §4), then the content. */
export function QueryState<T>({ query, what, children }: QueryStateProps<T>) {
  if (query.isPending) return <LoadingBlock />;
  if (query.isError || query.data === undefined) {
    return <LoadFailed what={what} error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <>{children(query.data)}</>;
}

export function LoadingBlock({ label = uiText.loading }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="sm" aria-hidden />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

export function LoadFailed({
  what,
  error,
  onRetry,
}: {
  what?: string | undefined;
  error: unknown;
  onRetry?: () => void;
}) {
  return (
    <Alert
      color="red"
      variant="light"
      title={what ? `Could not load ${what}.` : uiText.loadFailed}
      role="alert"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            {uiText.retry}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
