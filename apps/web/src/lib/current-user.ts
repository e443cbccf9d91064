import { useSyncExternalStore } from 'react';
import { queryOptions, useQueries, type QueryClient } from '@tanstack/react-query';
import { sessionCalls, type User } from '@bank/shared';
import { api } from './api-client';
import { authStore, type StoredAuth } from './auth-store';
import { paths, safeNext } from './paths';
import { fetchUser, queryKeys } from './queries';

/** A signed-in session as screens see it: the token and the user record (from the query cache). */
export interface Session {
  token: string;
  user: User;
}

export const userQuery = (username: string) =>
  queryOptions({ queryKey: queryKeys.user(username), queryFn: () => fetchUser(username) });

/** After sign-in: the record goes to the query cache, the token (and whose it is) to the store. */
export function startSession(queryClient: QueryClient, token: string, user: User) {
  queryClient.setQueryData(queryKeys.user(user.username), user);
  authStore.signIn({ token, username: user.username });
}

/**
 * After POST /login (the sign-in page's token): the user's record, read and validated through the
 * contract, to the cache and the session started; answers where to go (`search` holds `next`).
 * When the record cannot be read the new token is signed out again, so that no live token is left
 * that nobody holds, and the failure is thrown.
 */
export async function completeSignIn(
  queryClient: QueryClient,
  { token, username }: { token: string; username: string },
  search: string,
): Promise<string> {
  let user: User;
  try {
    user = await fetchUser(username, token);
  } catch (error) {
    const bearer = { Authorization: `Bearer ${token}` };
    await api.call(sessionCalls.logout, { headers: bearer }).catch(() => undefined);
    throw error;
  }
  startSession(queryClient, token, user);
  return targetAfterSignIn(user, search);
}

/** Where a user goes after sign-in (spec §2): the password change first, else `next` if safe, else home. */
function targetAfterSignIn(user: User, search: string): string {
  if (user.mustChangePassword) return paths.updatePassword;
  return safeNext(new URLSearchParams(search).get('next')) ?? paths.home;
}

/** The signed-in user for the guards: from the cache, or fetched once (after a reload). */
export async function loadCurrentUser(queryClient: QueryClient): Promise<User | null> {
  const auth = authStore.get();
  return auth ? queryClient.ensureQueryData(userQuery(auth.username)) : null;
}

/** This tab's stored sign-in, kept current (authStore). */
export function useStoredAuth(): StoredAuth | null {
  return useSyncExternalStore(authStore.subscribe, authStore.get, authStore.get);
}

/** The session, or null when signed out or while the user record is not loaded yet. */
export function useSession(): Session | null {
  const auth = useStoredAuth();
  // No query at all while signed out, so that nothing is cached after a sign-out.
  const queries: ReturnType<typeof userQuery>[] = auth ? [userQuery(auth.username)] : [];
  const [user] = useQueries({ queries });
  return auth && user?.data ? { token: auth.token, user: user.data } : null;
}

/** For screens behind the sign-in guard: the guard loaded the user, so it is there by construction. */
export function useRequiredSession(): Session {
  const session = useSession();
  if (!session) throw new Error('This screen needs a signed-in user.');
  return session;
}

export const useCurrentUser = (): User => useRequiredSession().user;
