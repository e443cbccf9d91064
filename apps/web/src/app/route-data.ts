import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction, Params } from 'react-router';
import { loadCurrentUser } from '../lib/current-user';
import { bankSettingsQuery, earlyAsk, userAccountsQuery } from '../lib/queries';

/**
 * A screen's first data, asked for as its route matches (issue 22): beside the screen's chunk, not
 * after it, which on a phone's network would be one round trip or more before the first figure.
 * The route waits for it as it waits for the chunk, so the screen renders once, with its figures,
 * inside the router's transition (which React renders in slices, leaving the phone responsive)
 * rather than as a spinner and then a second, blocking render when each answer arrives. A
 * failure is not thrown: the screen's own query shows it, with its Retry. What a
 * screen asks for lives beside its queries, in a small chunk that loads ahead of the screen's.
 */
export type Prefetch = (queryClient: QueryClient, params: Params) => Promise<unknown>;

/** What every signed-in screen shows beside its own: the bank's name, a Student's accounts in the menu. */
export async function prefetchSignedInFrame(queryClient: QueryClient): Promise<void> {
  const user = await loadCurrentUser(queryClient);
  if (!user || user.mustChangePassword) return;
  await Promise.all([
    queryClient.prefetchQuery({ ...bankSettingsQuery(user.bankId), ...earlyAsk }),
    user.userRole === 'USER' &&
      queryClient.prefetchQuery({ ...userAccountsQuery(user.username), ...earlyAsk }),
  ]);
}

/** Home: a Student's savings goals (asked for after the accounts otherwise). */
export const prefetchHome: Prefetch = async (queryClient) =>
  (await import('../lib/participation-queries')).prefetchGoals(queryClient);

/** An account: its first page of transactions, and for staff the bank's accounts it is one of. */
export const prefetchAccount: Prefetch = async (queryClient, { accountId }) =>
  accountId && (await import('../features/accounts/api')).prefetchAccount(queryClient, accountId);

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
