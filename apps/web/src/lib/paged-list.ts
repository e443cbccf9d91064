import {
  keepPreviousData,
  useInfiniteQuery,
  useQuery,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import { PAGE_HEADERS } from '@bank/shared';

/**
 * The long lists (issue 20: Students, Manage Users, Manage Accounts) read a page at a time from the
 * server: `limit` and `cursor` out, `X-Next-Cursor` and `X-Total-Count` back (API.md "Long lists").
 */

/** Rows per page of every long list: a class fits in one or two, a phone stays short. */
export const LIST_PAGE_SIZE = 25;

export interface ListPage<T> {
  rows: T[];
  /** The cursor of the next page; none on the last. */
  nextCursor: string | undefined;
  /** How many rows match the search and filters, on every page. */
  total: number;
}

/** What `api.callWithHeaders` answers, as a page. */
export function pageOf<T>({ data, headers }: { data: T[]; headers: Headers }): ListPage<T> {
  const total = Number(headers.get(PAGE_HEADERS.totalCount));
  return {
    rows: data,
    nextCursor: headers.get(PAGE_HEADERS.nextCursor) ?? undefined,
    total: Number.isFinite(total) && headers.has(PAGE_HEADERS.totalCount) ? total : data.length,
  };
}

/** Reads one page: `limit` rows after `cursor` (none: from the start). */
export type PageReader<T> = (page: {
  cursor: string | undefined;
  limit: number;
  signal: AbortSignal;
}) => Promise<ListPage<T>>;

export interface PagedList<T> {
  /** Every row of the pages read so far, in the server's order; undefined until the first page. */
  rows: T[] | undefined;
  /** How many rows match (X-Total-Count). */
  total: number | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  /** The rows on screen are the last search's while the next one loads. */
  isPlaceholderData: boolean;
  data: ListPage<T>[] | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * One long list over `read`, a page at a time. A new search (a new key) keeps the last answer on
 * screen until its first page is in, so the list does not blink empty while the teacher types.
 */
export function usePagedList<T>(queryKey: readonly unknown[], read: PageReader<T>): PagedList<T> {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => read({ cursor: pageParam, limit: LIST_PAGE_SIZE, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
  const pages = query.data?.pages;
  const rows = useMemo(() => pages?.flatMap((p) => p.rows), [pages]);
  return {
    rows,
    total: pages?.at(-1)?.total,
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    isFetchNextPageError: query.isFetchNextPageError,
    isPlaceholderData: query.isPlaceholderData,
    data: pages,
    isPending: query.isPending,
    isError: query.isError,
    error: query.error,
    refetch: query.refetch,
    fetchNextPage: query.fetchNextPage,
  };
}

/**
 * How many rows the list has without its search and filters ("3 of 112 users match"): one row
 * asked for, its X-Total-Count read. Only while a search or filter is on; otherwise the list's own
 * total is the same number.
 */
export function useUnfilteredTotal(
  queryKey: readonly unknown[],
  read: PageReader<unknown>,
  filtered: boolean,
) {
  return useQuery({
    // An object, not a word: no search the teacher types can name the same query.
    queryKey: [...queryKey, { unfilteredTotal: true }],
    queryFn: async ({ signal }) => (await read({ cursor: undefined, limit: 1, signal })).total,
    enabled: filtered,
  }).data;
}

/** A row changed: every loaded page of the lists under `key` shows the new one at once. */
export function replaceInPages<T>(
  client: QueryClient,
  key: readonly unknown[],
  match: (row: T) => boolean,
  next: T,
) {
  client.setQueriesData<InfiniteData<ListPage<T>>>({ queryKey: key }, (data) =>
    data?.pages
      ? { ...data, pages: data.pages.map((p) => ({ ...p, rows: p.rows.map((r) => (match(r) ? next : r)) })) }
      : data,
  );
}

/** A row is gone: it leaves every loaded page of the lists under `key` (a refetch follows). */
export function removeFromPages<T>(client: QueryClient, key: readonly unknown[], match: (row: T) => boolean) {
  client.setQueriesData<InfiniteData<ListPage<T>>>({ queryKey: key }, (data) =>
    data?.pages
      ? { ...data, pages: data.pages.map((p) => ({ ...p, rows: p.rows.filter((r) => !match(r)) })) }
      : data,
  );
}
