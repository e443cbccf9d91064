import { afterAll, describe, expect, it } from 'vitest';
import { scratchDatabase, startServer, type Scratch } from './server-process.js';

/**
 * The bank as a newcomer runs it: the real server process with the demo bank on first start,
 * signed in to over HTTP, stopped with SIGTERM (a graceful shutdown) and started again with every
 * record still there and the demo bank not created twice.
 */
let scratch: Scratch;
afterAll(() => scratch?.drop());

async function signIn(base: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  expect(res.status).toBe(200);
  return res.text();
}

describe('the server process', () => {
  it(
    'serves the demo bank, shuts down cleanly on SIGTERM, and keeps every record across a restart',
    { timeout: 120_000 },
    async () => {
      scratch = await scratchDatabase();
      const env = { ...scratch.env, DEMO_DATA: '1' };
      const first = await startServer(env);
      const token = await signIn(first.base, 'admin', 'Demo-1234');
      const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const created = await fetch(`${first.base}/admin/branches/create`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ branchName: 'East Campus', bankId: 1, numOfAccounts: 0 }),
      });
      expect(created.status).toBe(201);
      const usersBefore = await (await fetch(`${first.base}/admin/users/1`, { headers: auth })).json();

      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);

      const second = await startServer(env);
      try {
        const again = await signIn(second.base, 'admin', 'Demo-1234');
        const headers = { authorization: `Bearer ${again}` };
        const branches = (await (
          await fetch(`${second.base}/teller/branches/1`, { headers })
        ).json()) as Array<{ branchName: string }>;
        expect(branches.map((b) => b.branchName)).toEqual(['Main Campus', 'North Campus', 'East Campus']);
        expect(await (await fetch(`${second.base}/admin/users/1`, { headers })).json()).toEqual(usersBefore);
        // The token from before the restart still works: sessions live in the database.
        expect(
          (await fetch(`${second.base}/user/users/admin`, { headers: { authorization: `Bearer ${token}` } }))
            .status,
        ).toBe(200);
      } finally {
        second.child.kill('SIGTERM');
        expect(await second.exited).toBe(0);
      }
    },
  );
});
