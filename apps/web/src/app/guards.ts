import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunction, type LoaderFunctionArgs } from 'react-router';
import type { Role, User } from '@bank/shared';
import { ApiError } from '../lib/api-client';
import { authStore } from '../lib/auth-store';
import { loadCurrentUser } from '../lib/current-user';
import { paths } from '../lib/paths';

export const UPDATE_PASSWORD_PATH = paths.updatePassword;

export interface Guards {
  requireSession: LoaderFunction;
  redirectIfSignedIn: LoaderFunction;
  requireRole: (...roles: Role[]) => LoaderFunction;
  requireOwnBank: (...roles: Role[]) => LoaderFunction;
}

function toLogin(url: URL): never {
  const next = url.pathname + url.search;
  throw redirect(next === '/home' ? '/login' : `/login?next=${encodeURIComponent(next)}`);
}

/** The route guards; they read the signed-in user from the query cache (fetched once after a reload). */
export function createGuards(queryClient: QueryClient): Guards {
  /** The user for a role check; the session guard, which runs beside it, handles its absence. */
  const userOrNull = (): Promise<User | null> => loadCurrentUser(queryClient).catch(() => null);

  return {
    /** Signed-out users go to login; a user with a temporary password goes to change it first. */
    async requireSession({ request }: LoaderFunctionArgs) {
      const url = new URL(request.url);
      let user: User | null;
      try {
        user = await loadCurrentUser(queryClient);
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 401)) throw error;
        authStore.clear();
        user = null;
      }
      if (!user) toLogin(url);
      if (user.mustChangePassword && url.pathname !== UPDATE_PASSWORD_PATH)
        throw redirect(UPDATE_PASSWORD_PATH);
      return null;
    },

    /** The login screen sends a signed-in user home (spec §2). */
    redirectIfSignedIn() {
      if (authStore.get()) throw redirect('/home');
      return null;
    },

    /** Screens for some roles only send the others home. */
    requireRole(...roles: Role[]) {
      return async () => {
        const user = await userOrNull();
        if (user && !roles.includes(user.userRole)) throw redirect('/home');
        return null;
      };
    },

    /** `{bankId}` routes are always the user's own bank; another number is rewritten to it. */
    requireOwnBank(...roles: Role[]) {
      return async ({ params, request }: LoaderFunctionArgs) => {
        const user = await userOrNull();
        if (!user) return null;
        if (roles.length > 0 && !roles.includes(user.userRole)) throw redirect('/home');
        const own = String(user.bankId);
        if (params.bankId !== own) {
          const url = new URL(request.url);
          throw redirect(url.pathname.replace(/^\/[^/]*/, `/${own}`) + url.search);
        }
        return null;
      };
    },
  };
}
