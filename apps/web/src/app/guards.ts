import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { Role } from '@bank/shared';
import { authStore } from '../lib/auth-store';

import { paths } from '../lib/paths';

export const UPDATE_PASSWORD_PATH = paths.updatePassword;

/** Signed-out users go to login; a user with a temporary password goes to change it first. */
export function requireSession({ request }: LoaderFunctionArgs) {
  const session = authStore.get();
  const url = new URL(request.url);
  if (!session) {
    const next = url.pathname + url.search;
    throw redirect(next === '/home' ? '/login' : `/login?next=${encodeURIComponent(next)}`);
  }
  if (session.user.mustChangePassword && url.pathname !== UPDATE_PASSWORD_PATH) {
    throw redirect(UPDATE_PASSWORD_PATH);
  }
  return null;
}

/** The login screen sends a signed-in user home (spec §2). */
export function redirectIfSignedIn() {
  if (authStore.get()) throw redirect('/home');
  return null;
}

/** Screens for some roles only send the others home. */
export function requireRole(...roles: Role[]) {
  return () => {
    const session = authStore.get();
    if (session && !roles.includes(session.user.userRole)) throw redirect('/home');
    return null;
  };
}

/** `{bankId}` routes are always the user's own bank; another number is rewritten to it. */
export function requireOwnBank(...roles: Role[]) {
  return ({ params, request }: LoaderFunctionArgs) => {
    const session = authStore.get();
    if (!session) return null;
    if (roles.length > 0 && !roles.includes(session.user.userRole)) throw redirect('/home');
    const own = String(session.user.bankId);
    if (params.bankId !== own) {
      const url = new URL(request.url);
      throw redirect(url.pathname.replace(/^\/[^/]*/, `/${own}`) + url.search);
    }
    return null;
  };
}
