import type { User } from '@bank/shared';
import { screenMessages } from '@bank/shared/messages';

/**
 * The two calls of a sign-in, in plain `fetch`: the sign-in page runs before the app (issue 13), so
 * it brings neither the contract (zod) nor the HTTP client that reads it. The answers are read as
 * lib/api-client.ts reads them (a JSON `{message}`, else a short plain text, else a generic text).
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

/** A failed sign-in: `status` 0 when the bank could not be reached. */
export class SignInError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'SignInError';
    this.status = status;
  }
}

const ACCEPT = 'application/json, text/plain;q=0.9';

async function errorFrom(response: Response): Promise<SignInError> {
  const raw = await response.text().catch(() => '');
  const fallback =
    response.status >= 500
      ? screenMessages.ui.serverError
      : response.statusText || screenMessages.ui.unknownError;
  let body: unknown = null;
  try {
    body = JSON.parse(raw);
  } catch {
    // Not JSON: a failed sign-in answers plain text.
  }
  if (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { message?: unknown }).message === 'string'
  )
    return new SignInError(response.status, (body as { message: string }).message);
  const text = raw.trim();
  return new SignInError(
    response.status,
    text && text.length <= 300 && !text.startsWith('<') ? text : fallback,
  );
}

async function send(path: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(new URL(`/api${path}`, window.location.origin).toString(), init);
  } catch {
    throw new SignInError(0, screenMessages.ui.networkError);
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
