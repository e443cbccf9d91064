import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { completeSignIn } from '../../lib/current-user';
import type { SignInToken } from './sign-in-call';
import { SignInPage } from './sign-in-page';

/**
 * The router's `login` route: the one sign-in page (./sign-in-page.tsx, which a first visit to
 * /login shows before the app has loaded), here after a logout, an expired session, a guard's
 * redirect or a link. The root layout prefetches the screens after sign-in meanwhile.
 */
export function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { search } = useLocation();

  const onSignedIn = useCallback(
    async (signedIn: SignInToken) => {
      // Nothing cached from an earlier session may show through.
      queryClient.clear();
      await navigate(await completeSignIn(queryClient, signedIn, search), { replace: true });
    },
    [navigate, queryClient, search],
  );

  return <SignInPage search={search} onSignedIn={onSignedIn} onNavigate={(path) => void navigate(path)} />;
}
