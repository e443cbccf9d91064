import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction, Params } from 'react-router';
import { isStaff } from '@bank/shared';
import { loadCurrentUser } from '../lib/current-user';
import { bankAccountsQuery, bankSettingsQuery, userAccountsQuery } from '../lib/queries';

/**
 * A screen's first data, asked for as its route matches (issue 22): beside the screen's chunk, not
 * after it, which on a phone's network was one round trip or more before the first figure showed.
 * The route waits for it as it waits for the chunk, so the screen renders once, with its figures,
 * inside the router's transition (which React renders in slices, leaving the phone responsive)
 * rather than as a spinner and then a second, blocking render when each answer arrives. A
 * failure is not thrown: the screen's own query shows it, with its Retry, as before.
 */
export type Prefetch = (queryClient: QueryClient, params: Params) => Promise<unknown>;

/**
 * Only what the cache does not hold yet (a screen reached again refreshes its data through its own
 * queries when it mounts, as before), and one try: a failure is the screen's to retry and show,
 * not the route's to wait on.
 */
const EARLY = { staleTime: Infinity, retry: false } as const;

/** What every signed-in screen shows beside its own: the bank's name, a Student's accounts in the menu. */
export async function prefetchSignedInFrame(queryClient: QueryClient): Promise<void> {
  const user = await loadCurrentUser(queryClient);
  if (!user || user.mustChangePassword) return;
  void queryClient.prefetchQuery({ ...bankSettingsQuery(user.bankId), ...EARLY });
  if (!isStaff(user.userRole))
    void queryClient.prefetchQuery({ ...userAccountsQuery(user.username), ...EARLY });
}

/** Home: a Student's savings goals (asked for after the accounts otherwise). */
export const prefetchHome: Prefetch = async (queryClient) => {
  const user = await loadCurrentUser(queryClient);
  if (!user || isStaff(user.userRole) || user.mustChangePassword) return;
  // In a chunk of its own that the side navigation also loads: not part of the app's download.
  const { goalsQuery } = await import('../lib/participation-queries');
  await queryClient.prefetchQuery({ ...goalsQuery(user.username), ...EARLY });
};

/** An account: its first page of transactions, and for staff the bank's accounts it is one of. */
export const prefetchAccount: Prefetch = async (queryClient, { accountId }) => {
  if (!accountId) return;
  // The account's calls come in a small chunk of their own, ahead of the page's.
  const transactions = import('../features/accounts/api').then(({ transactionPagesQuery }) =>
    queryClient.prefetchInfiniteQuery({ ...transactionPagesQuery(accountId), ...EARLY }),
  );
  const user = await loadCurrentUser(queryClient);
  if (user && isStaff(user.userRole) && !user.mustChangePassword)
    await queryClient.prefetchQuery({ ...bankAccountsQuery(user.bankId), ...EARLY });
  await transactions;
};

/**
 * A route's loader with its prefetch: both start at once; the guard's redirect wins at once, and
 * the route goes on when both are done. A failed prefetch (its chunk, say) is not the route's
 * failure: the screen asks again.
 */
export function withPrefetch(
  queryClient: QueryClient,
  prefetch: Prefetch | undefined,
  guard: LoaderFunction | undefined,
): LoaderFunction | undefined {
  if (!prefetch) return guard;
  return async (args, context) => {
    const [result] = await Promise.all([
      guard ? guard(args, context) : null,
      prefetch(queryClient, args.params).catch(() => undefined),
    ]);
    return result;
  };
}
