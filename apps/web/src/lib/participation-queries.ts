import { queryOptions, useQuery } from '@tanstack/react-query';
import { goalCalls, isStaff, requestCalls, type User } from '@bank/shared';
import type { QueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { useKeyedPages } from './keyed-pages';
import { loadCurrentUser } from './current-user';
import { earlyAsk, queryKeys } from './queries';

/**
 * The reads of issue 24 that several places share: a Student's goals, the bank's waiting requests.
 * Apart from queries.ts, which comes with the app before any screen: their contract entries then
 * come with the screens and the menu that use them (.ci/bundle-budget.mjs).
 */
/** A Student's savings goals (issue 24): their own, or any Student's of the bank for staff. */
export const goalsQuery = (username: string) =>
  queryOptions({
    queryKey: queryKeys.goals(username),
    queryFn: ({ signal }) => api.call(goalCalls.ofUser, { params: { username }, signal }),
  });

/** Home's early ask (app/route-data.ts): a Student's goals, beside the accounts rather than after them. */
export async function prefetchGoals(queryClient: QueryClient): Promise<void> {
  const user = await loadCurrentUser(queryClient);
  if (!user || isStaff(user.userRole) || user.mustChangePassword) return;
  await queryClient.prefetchQuery({ ...goalsQuery(user.username), ...earlyAsk });
}

export function useGoals(username: string, enabled = true) {
  return useQuery({ ...goalsQuery(username), enabled });
}

/** How often staff's count of waiting requests is asked again while a screen is open. */
const WAITING_REFRESH_MS = 60_000;

/**
 * The bank's waiting requests, oldest first (issue 24): the menu's badge counts them and the
 * Approvals screen lists them, from the one query.
 */
export function useWaitingRequests(bankId: number, enabled = true) {
  return useKeyedPages(
    queryKeys.waitingRequests(bankId),
    (cursor, signal) =>
      api.callWithHeaders(requestCalls.ofBank, {
        params: { bankId },
        query: { status: 'waiting', cursor },
        signal,
      }),
    { enabled, refetchInterval: WAITING_REFRESH_MS },
  );
}

/** Staff's count of waiting requests (all of them, X-Total-Count), for the menu's badge and the home tile. */
export function useWaitingCount(user: User): number | undefined {
  const waiting = useWaitingRequests(user.bankId, isStaff(user.userRole) && !user.mustChangePassword);
  return waiting.total;
}
