import type { User } from '@bank/shared';
import { errorFrom, networkError } from '../../lib/api-error';

/**
 * The two calls of a sign-in, in plain `fetch`: the sign-in page runs before the app (issue 13), so
 * it brings neither the contract (zod) nor the HTTP client that reads it. A failure is read by the
 * client's own reader (lib/api-error.ts), so it is the same ApiError the app's screens get.
 */

export interface Credentials {
  username: string;
  password: string;
}

/** A signed-in session: the token and the user record. */
export interface SignedIn {
  token: string;
  user: User;
}

const ACCEPT = 'application/json, text/plain;q=0.9';

async function send(path: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(new URL(`/api${path}`, window.location.origin).toString(), init);
  } catch {
    throw networkError();
  }
  if (!response.ok) throw await errorFrom(response);
  return response;
}

/** POST /login answers a text/plain token; GET /user/users/{username} then gives the user record. */
export async function signIn(credentials: Credentials): Promise<SignedIn> {
  const answer = await send('/login', {
    method: 'POST',
    headers: { Accept: ACCEPT, 'Content-Type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  const token = (await answer.text()).trim();
  const bearer = `Bearer ${token}`;
  try {
    const user = await send(`/user/users/${encodeURIComponent(credentials.username.trim())}`, {
      method: 'GET',
      headers: { Accept: ACCEPT, Authorization: bearer },
    });
    return { token, user: (await user.json()) as User };
  } catch (error) {
    // Do not leave a live token behind that nobody holds.
    await send('/logout', { method: 'POST', headers: { Accept: ACCEPT, Authorization: bearer } }).catch(
      () => undefined,
    );
    throw error;
  }
}
