import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { loadingMessages } from '@bank/shared';
import { errorMessage } from '../lib/api-client';
import { uiText } from '../lib/ui-text';

export interface QueryLike<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

type DataOf<Q extends readonly QueryLike<unknown>[]> = {
  [K in keyof Q]: Q[K] extends QueryLike<infer D> ? D : never;
};

/**
 * The queries a page needs, as one: loaded when all are, failed when any load failed (issue 14:
 * one error for the page, whose Retry loads them all again). Pass only enabled queries: a disabled
 * one stays pending.
 */
export function allOf<Q extends readonly QueryLike<unknown>[]>(...queries: Q): QueryLike<DataOf<Q>> {
  const failed = queries.find((q) => q.isError && q.data === undefined);
  const loaded = queries.every((q) => q.data !== undefined);
  return {
    data: loaded ? (queries.map((q) => q.data) as unknown as DataOf<Q>) : undefined,
    isPending: !failed && queries.some((q) => q.isPending),
    isError: failed !== undefined,
    error: failed?.error ?? null,
    refetch: () => Promise.all(queries.map((q) => q.refetch())),
  };
}

export interface QueryStateProps<T> {
  /** One query, or several as one through `allOf`. */
  query: QueryLike<T>;
  /** Names what failed to load ("your accounts"). */
  what?: string;
  children: (data: T) => ReactNode;
}

/**
 * The loading and failed states every call has (spec §4), then the content. Data already shown
 * stays when a later refresh fails; a first load that fails shows one error with Retry.
 */
export function QueryState<T>({ query, what, children }: QueryStateProps<T>) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isPending && !query.isError) return <LoadingBlock />;
  return <LoadFailed what={what} error={query.error} onRetry={() => void query.refetch()} />;
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
      title={what ? loadingMessages.couldNotLoad(what) : uiText.loadFailed}
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

interface PagesLike {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => unknown;
}

/** "Load more" under a paged list; when the next page fails, its error with Retry in its place. */
export function LoadMore({ pages, what }: { pages: PagesLike; what: string }) {
  if (pages.isFetchNextPageError) {
    return <LoadFailed what={what} error={pages.error} onRetry={() => void pages.fetchNextPage()} />;
  }
  if (!pages.hasNextPage) return null;
  return (
    <Group justify="center">
      <Button variant="light" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
        {pages.isFetchingNextPage ? loadingMessages.loadingMore : loadingMessages.loadMore}
      </Button>
    </Group>
  );
}
