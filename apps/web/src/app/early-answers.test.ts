import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { goalCalls } from '@bank/shared';
import { createQueryClient } from './query-client';
import { prefetchAccount, prefetchHome, prefetchSignedInFrame } from './route-data';
import { student, teller } from '../test/fixtures';
import { server } from '../test/server';
import { api } from '../lib/api-client';
import { authStore } from '../lib/auth-store';
import { askEarly, forgetEarlyAnswers } from '../lib/early-answers';
import { fetchUser } from '../lib/queries';

/** Counts the requests that reach the API, by path and query. */
function countRequests() {
  const seen: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    seen.push(`${url.pathname}${url.search}`);
  };
  server.events.on('request:start', listener);
  return { seen, stop: () => server.events.removeListener('request:start', listener) };
}

/** Until the entry's requests (the user first, the rest once it answered) have all been sent. */
async function sent(seen: string[], count: number) {
  await expect.poll(() => seen.length).toBe(count);
}

afterEach(() => {
  forgetEarlyAnswers();
  authStore.clear();
});

describe('the first screen asked for early by the entry (issue 22)', () => {
  it("home: the app's first reads take the entry's answers instead of asking again", async () => {
    const requests = countRequests();
    authStore.signIn({ token: 'token-123', username: 'student' });
    askEarly('/home');
    await sent(requests.seen, 4);
    const queryClient = createQueryClient();
    await prefetchSignedInFrame(queryClient);
    await prefetchHome(queryClient, {});
    requests.stop();
    expect([...requests.seen].sort()).toEqual([
      '/api/user/accounts/user/student',
      '/api/user/bank/1',
      '/api/user/goals/student',
      '/api/user/users/student',
    ]);
    expect(queryClient.getQueryData(['user', 'student'])).toEqual(student);
    expect(queryClient.getQueryData(['accounts', 'goals', 'student'])).toEqual([]);
  });

  it("an account: its first page of transactions, as the account page's query asks for it", async () => {
    const requests = countRequests();
    authStore.signIn({ token: 'token-123', username: 'student' });
    askEarly('/account/1000000001');
    await sent(requests.seen, 4);
    const queryClient = createQueryClient();
    await prefetchSignedInFrame(queryClient);
    await prefetchAccount(queryClient, { accountId: '1000000001' });
    requests.stop();
    expect([...requests.seen].sort()).toEqual([
      '/api/user/accounts/user/student',
      '/api/user/bank/1',
      '/api/user/transactions/1000000001?limit=50',
      '/api/user/users/student',
    ]);
  });

  it("staff: the user and the bank only (a Student's own reads are not asked for)", async () => {
    server.use(http.get('*/api/user/users/teller', () => HttpResponse.json(teller)));
    const requests = countRequests();
    authStore.signIn({ token: 'token-123', username: 'teller' });
    askEarly('/home');
    await sent(requests.seen, 2);
    requests.stop();
    expect([...requests.seen].sort()).toEqual(['/api/user/bank/1', '/api/user/users/teller']);
  });

  it('asks for nothing signed out, or for a screen that is not a first screen', async () => {
    const requests = countRequests();
    askEarly('/home');
    authStore.signIn({ token: 'token-123', username: 'student' });
    askEarly('/settings');
    askEarly('/login');
    await new Promise((resolve) => setTimeout(resolve, 20));
    requests.stop();
    expect(requests.seen).toEqual([]);
  });

  it('an answer is taken once; what was not taken is forgotten; another token asks itself', async () => {
    const requests = countRequests();
    authStore.signIn({ token: 'token-123', username: 'student' });
    askEarly('/home');
    await sent(requests.seen, 4);
    await fetchUser('student');
    expect(requests.seen.filter((r) => r === '/api/user/users/student')).toHaveLength(1);
    // Taken already: a second read asks the server.
    await fetchUser('student');
    expect(requests.seen.filter((r) => r === '/api/user/users/student')).toHaveLength(2);
    // The goals were asked for early but not taken before the first screen showed.
    forgetEarlyAnswers();
    await api.call(goalCalls.ofUser, { params: { username: 'student' } });
    expect(requests.seen.filter((r) => r === '/api/user/goals/student')).toHaveLength(2);
    // Another session's token never takes this one's answer.
    askEarly('/home');
    await sent(requests.seen, 10);
    authStore.signIn({ token: 'token-456', username: 'student' });
    await fetchUser('student');
    requests.stop();
    expect(requests.seen.filter((r) => r === '/api/user/users/student')).toHaveLength(4);
  });

  it('a failed early request is asked again by the app', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/user/users/:username', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.error() : HttpResponse.json(student);
      }),
    );
    authStore.signIn({ token: 'token-123', username: 'student' });
    askEarly('/home');
    await expect.poll(() => calls).toBe(1);
    expect(await fetchUser('student')).toEqual(student);
    expect(calls).toBe(2);
  });
});
