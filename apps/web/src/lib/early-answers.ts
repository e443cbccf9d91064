import { authStore } from './auth-store';

/**
 * Issue 22: a signed-in first visit to home or an account asks for the screen's data from the
 * page script (boot.ts), as soon as it runs, instead of from the route's loader once the app's files
 * (router, Mantine, TanStack Query: the largest download of a first visit) have loaded: the
 * answers then arrive while those files download, not one round trip or two after them.
 *
 * Only the requests themselves are made here, exactly as the app's client would make them (the
 * same address, `Accept` and token); their responses are kept, unread, for the app's client
 * (api-client.ts), which takes each one once in place of its own fetch and reads, validates and
 * caches it as any other answer (a 401 ends the session there, as always). Nothing of the
 * contract is imported: the entry stays without zod. early-answers.test.ts checks that these
 * are the requests the app's first screens make.
 *
 * What the first screen did not take is dropped once the router has loaded it
 * (`forgetEarlyAnswers`): a later read always asks the server.
 */

/** As api-client.ts asks for JSON. */
export const JSON_ACCEPT = 'application/json, text/plain;q=0.9';

/** An account's first page of transactions (features/accounts/api.ts, PAGE_SIZE). */
const TRANSACTIONS_PAGE = 50;

const answers = new Map<string, Promise<Response>>();
/** Settles once the requests that follow the user's answer (the bank, the accounts) are made. */
let asking: Promise<void> = Promise.resolve();

const keyOf = (url: string, token: string) => `${token} ${url}`;

function ask(token: string, path: string): Promise<Response> {
  const url = new URL(`/api${path}`, window.location.origin).toString();
  const response = fetch(url, { headers: { Accept: JSON_ACCEPT, Authorization: `Bearer ${token}` } });
  // Unhandled only if nobody takes it; the app's own fetch then reports any failure.
  response.catch(() => undefined);
  answers.set(keyOf(url, token), response);
  return response;
}

/** The address's account id as the router gives it (decoded), or null when it is not an account's. */
function accountOf(pathname: string): string | null {
  const match = /^\/account\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/** What a signed-in first visit to `pathname` will read first; nothing for other screens. */
export function askEarly(pathname: string): void {
  const auth = authStore.get();
  const accountId = accountOf(pathname);
  const home = /^\/home\/?$/.test(pathname);
  if (!auth || (!home && accountId === null)) return;
  const { token } = auth;
  const username = encodeURIComponent(auth.username);
  if (accountId !== null) {
    ask(token, `/user/transactions/${encodeURIComponent(accountId)}?limit=${TRANSACTIONS_PAGE}`);
  }
  // The signed-in layout's reads (app/route-data.ts) need the user's bank and role.
  asking = ask(token, `/user/users/${username}`)
    .then((response) => (response.ok ? response.clone().json() : null))
    .then((user: { bankId?: unknown; userRole?: unknown; mustChangePassword?: unknown } | null) => {
      if (!user || user.mustChangePassword !== false || typeof user.bankId !== 'number') return;
      ask(token, `/user/bank/${user.bankId}`);
      if (user.userRole !== 'USER') return;
      ask(token, `/user/accounts/user/${username}`);
      if (home) ask(token, `/user/goals/${username}`);
    })
    .catch(() => undefined);
}

/**
 * The response asked for early for this GET, once; undefined when there is none or that request
 * failed (the app then asks itself). Once the requests that follow the user's answer are made:
 * the app, reading that answer itself, would otherwise ask for the bank before the entry has (and
 * the entry's answer would go untaken).
 */
export async function takeEarlyAnswer(url: string, token: string): Promise<Response | undefined> {
  await asking;
  const key = keyOf(url, token);
  const answer = answers.get(key);
  answers.delete(key);
  return answer?.catch(() => undefined);
}

/**
 * Drops what the first screen did not take: from now on every read asks the server. Their bodies
 * are cancelled: a response nobody reads keeps its request open in the browser.
 */
export function forgetEarlyAnswers(): void {
  for (const answer of answers.values()) {
    answer.then((response) => response.body?.cancel()).catch(() => undefined);
  }
  answers.clear();
}
