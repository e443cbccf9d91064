import { signInCall } from '@bank/shared/sign-in';
import { errorFrom, networkError } from '../../lib/api-error';
import { JSON_ACCEPT } from '../../lib/early-answers';

/**
 * The sign-in call, in plain `fetch`: the sign-in page runs before the app (issue 13), so
 * it brings neither the contract (zod) nor the HTTP client that reads it. A failure is read by the
 * client's own reader (lib/api-error.ts), so it is the same ApiError the app's screens get.
 */

export interface Credentials {
  username: string;
  password: string;
}

/**
 * What POST /login gives: the token, and the User Id it was given for. The app then reads the
 * user's record through the contract (lib/current-user.ts `completeSignIn`), validated as every
 * answer is; this page reads no record of its own.
 */
export interface SignInToken {
  token: string;
  username: string;
}

/** POST /login answers the token as text/plain; a failure is the same ApiError the app's calls give. */
export async function signIn(credentials: Credentials): Promise<SignInToken> {
  let answer: Response;
  try {
    answer = await fetch(new URL(`/api${signInCall.path}`, window.location.origin).toString(), {
      method: signInCall.method,
      headers: { Accept: JSON_ACCEPT, 'Content-Type': 'application/json' },
      body: JSON.stringify(credentials),
    });
  } catch {
    throw networkError();
  }
  if (!answer.ok) throw await errorFrom(answer);
  return { token: (await answer.text()).trim(), username: credentials.username.trim() };
}
