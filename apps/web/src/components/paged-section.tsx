import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadMore, QueryState, type QueryLike } from './query-state';
import { StatusLine, type Status } from './status-message';

type PagedList<T> = QueryLike<T[]> & Parameters<typeof LoadMore>[0]['pages'];

interface PagedSectionProps<T> {
  /** The heading's id: the section is named by it. */
  id: string;
  title: string;
  /** Names what failed to load ("your orders"). */
  what: string;
  /** What the last action on the list did (a cancel), above the list. */
  status: Status | null;
  pages: PagedList<T>;
  children: (rows: T[]) => ReactNode;
}

/**
 * A Student's own list on a screen (their requests, their orders): a section named by its heading,
 * the last action's status, the list once loaded (or its error with Retry), and Load more.
 */
export function PagedSection<T>({ id, title, what, status, pages, children }: PagedSectionProps<T>) {
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        <StatusLine status={status} />
        <QueryState query={pages} what={what}>
          {children}
        </QueryState>
        <LoadMore pages={pages} what={what} />
      </Stack>
    </Paper>
  );
}
