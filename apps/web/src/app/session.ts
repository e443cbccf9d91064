import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { sessionCalls } from '@bank/shared';
import { api } from '../lib/api-client';
import { authStore } from '../lib/auth-store';
import { pendingSubmissions } from '../lib/idempotency';
import { forgetIssuedPasswords } from '../lib/import-result-slot';

/**
 * Ends the session on this device: the auth store first (so the guarded screens, and with them
 * every form, unmount), then the way to login, then every cached answer.
 */
export function useSignOutLocally() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    await queryClient.cancelQueries();
    authStore.clear();
    pendingSubmissions.clear();
    forgetIssuedPasswords();
    await navigate('/login', { replace: true });
    queryClient.clear();
    notifications.clean();
  }, [navigate, queryClient]);
}

/**
 * The token ran out while the user was working (a 401): sign out here, then to sign-in with a
 * message, and after signing in back to the screen the user was on.
 */
export function useSessionExpired() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    const here = window.location.pathname + window.location.search;
    await queryClient.cancelQueries();
    authStore.clear();
    pendingSubmissions.clear();
    const next = here.startsWith('/login') ? '' : `&next=${encodeURIComponent(here)}`;
    await navigate(`/login?expired=1${next}`, { replace: true });
    queryClient.clear();
    notifications.clean();
  }, [navigate, queryClient]);
}

/** Logout: the server revokes the token (POST /api/logout), then everything local is cleared. */
export function useLogout() {
  const signOutLocally = useSignOutLocally();
  return useCallback(async () => {
    try {
      await api.call(sessionCalls.logout);
    } catch {
      // The token may already be expired or revoked; signing out locally is what matters here.
    }
    await signOutLocally();
  }, [signOutLocally]);
}
