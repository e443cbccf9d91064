import { useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { pageOf, type ListPage } from './paged-list';

/** Reads the page after `cursor` (none: the first) as `api.callWithHeaders` answers it. */
export type KeyedPageReader<T> = (
  cursor: string | undefined,
  signal: AbortSignal,
) => Promise<{ data: T[]; headers: Headers }>;

/**
 * A list the server always answers a page at a time (issue 31: a limit on everything), read over
 * X-Next-Cursor. `data` is every row read so far, so a screen shows it as it showed the whole list,
 * with Load more (components/query-state) under it; `total` is X-Total-Count where the list sends it.
 */
export function useKeyedPages<T>(
  queryKey: readonly unknown[],
  read: KeyedPageReader<T>,
  options: { enabled?: boolean; refetchInterval?: number } = {},
) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: async ({ pageParam, signal }) => pageOf(await read(pageParam, signal)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
    ...options,
  });
  const pages = query.data?.pages;
  const rows = useMemo(() => pages?.flatMap((page) => page.rows), [pages]);
  return {
    data: rows,
    total: pages?.[0]?.total,
    isPending: query.isPending,
    isError: query.isError,
    error: query.error,
    refetch: query.refetch,
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    isFetchNextPageError: query.isFetchNextPageError,
    fetchNextPage: query.fetchNextPage,
  };
}

/** A new row at the end of a list read oldest first: on screen at once when its last page is. */
export function appendToPages<T>(
  client: QueryClient,
  key: readonly unknown[],
  row: T,
  same: (r: T) => boolean,
) {
  client.setQueryData<InfiniteData<ListPage<T>>>(key, (data) => {
    const last = data?.pages.at(-1);
    if (!data || !last || last.nextCursor !== undefined) return data;
    const pages = data.pages.map((page) => ({ ...page, rows: page.rows.filter((r) => !same(r)) }));
    pages[pages.length - 1] = { ...pages.at(-1)!, rows: [...pages.at(-1)!.rows, row] };
    return { ...data, pages };
  });
}
