import { useInfiniteQuery } from '@tanstack/react-query';
import { auditCalls, type AuditRecord } from '@bank/shared';
import { api } from '../../lib/api-client';

/** Records per "Load more"; the server allows up to 500. */
export const ACTIVITY_PAGE_SIZE = 50;

export const activityKeys = {
  all: ['audit'] as const,
};

interface ActivityPage {
  items: AuditRecord[];
  nextCursor: string | undefined;
}

/** GET /admin/audit, newest first, paged over the X-Next-Cursor header. */
export function useActivityPages() {
  return useInfiniteQuery({
    queryKey: activityKeys.all,
    queryFn: async ({ pageParam, signal }): Promise<ActivityPage> => {
      const { data, headers } = await api.callWithHeaders(auditCalls.list, {
        query: { limit: ACTIVITY_PAGE_SIZE, cursor: pageParam },
        signal,
      });
      return { items: data, nextCursor: headers.get('X-Next-Cursor') ?? undefined };
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
    // Edits happen on other screens, which do not know about this list: read it afresh on every visit.
    staleTime: 0,
  });
}
