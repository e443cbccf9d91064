import { useMutation } from '@tanstack/react-query';
import { sessionCalls } from '@bank/shared';
import { api } from '../../lib/api-client';
import type { Session } from '../../lib/current-user';
import { fetchUser } from '../../lib/queries';

export interface Credentials {
  username: string;
  password: string;
}

/** POST /login answers a text/plain token; GET /user/users/{username} then gives the user record. */
async function signIn(credentials: Credentials): Promise<Session> {
  const token = (await api.call(sessionCalls.login, { body: credentials, auth: false })).trim();
  try {
    const user = await fetchUser(credentials.username.trim(), token);
    return { token, user };
  } catch (error) {
    // Do not leave a live token behind that nobody holds.
    await api
      .call(sessionCalls.logout, { auth: false, headers: { Authorization: `Bearer ${token}` } })
      .catch(() => undefined);
    throw error;
  }
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
