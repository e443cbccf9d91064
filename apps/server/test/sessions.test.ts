import { beforeEach, describe, expect, it } from 'vitest';
import { defaults } from '@bank/shared';
import { call, useTestApp } from './harness.js';
import { FIXTURE_PASSWORD, seedTwoBanks } from './fixtures.js';

const t = useTestApp();
let banks: Awaited<ReturnType<typeof seedTwoBanks>>;
beforeEach(async () => {
  banks = await seedTwoBanks(t.db);
});

const basic = (u: string, p: string) => `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}`;

describe('POST /login', () => {
  it('answers a plain-text token for JSON credentials, and the token works', async () => {
    const res = await call(t.app, 'POST', '/login', {
      body: { username: 'one-admin', password: FIXTURE_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await call(t.app, 'GET', '/user/users/one-admin', { token: res.body });
    expect(me.status).toBe(200);
  });

  it('accepts a Basic header alone, and both when they agree (as the spec client sends)', async () => {
    const header = basic('one-student', FIXTURE_PASSWORD);
    const alone = await call(t.app, 'POST', '/login', { headers: { authorization: header } });
    expect(alone.status).toBe(200);
    const both = await call(t.app, 'POST', '/login', {
      headers: { authorization: header },
      body: { username: 'one-student', password: FIXTURE_PASSWORD },
    });
    expect(both.status).toBe(200);
    const disagree = await call(t.app, 'POST', '/login', {
      headers: { authorization: basic('one-admin', FIXTURE_PASSWORD) },
      body: { username: 'one-student', password: FIXTURE_PASSWORD },
    });
    expect(disagree.status).toBe(400);
  });

  it('answers the same 401 text for a wrong password and for an unknown user', async () => {
    const wrong = await call(t.app, 'POST', '/login', {
      body: { username: 'one-admin', password: 'nope-nope' },
    });
    const unknown = await call(t.app, 'POST', '/login', {
      body: { username: 'nobody-here', password: 'nope-nope' },
    });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toBe('Invalid username or password');
    }
  });

  it('throttles repeated failures for one username with 429 and Retry-After, even for the right password', async () => {
    for (let i = 0; i < defaults.loginFailuresPerUserAddress; i++) {
      const res = await call(t.app, 'POST', '/login', {
        body: { username: 'one-teller', password: `wrong-${i}` },
      });
      expect(res.status).toBe(401);
    }
    const blocked = await call(t.app, 'POST', '/login', {
      body: { username: 'one-teller', password: FIXTURE_PASSWORD },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ error: 'RATE_LIMITED', reason: 'LOGIN_THROTTLED' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another user from the same address is not yet blocked.
    const other = await call(t.app, 'POST', '/login', {
      body: { username: 'one-admin', password: FIXTURE_PASSWORD },
    });
    expect(other.status).toBe(200);
  });

  it('refuses a retired (deleted) user', async () => {
    const { sql } = await import('drizzle-orm');
    await t.db.execute(sql`update users set deleted_at = now() where username = 'one-student'`);
    const res = await call(t.app, 'POST', '/login', {
      body: { username: 'one-student', password: FIXTURE_PASSWORD },
    });
    expect(res.status).toBe(401);
  });
});

describe('tokens', () => {
  it('refuses a missing, malformed or unknown token with 401 UNAUTHENTICATED', async () => {
    const variants: Record<string, string>[] = [
      {},
      { authorization: 'Bearer short' },
      { authorization: `Bearer ${'x'.repeat(43)}` },
      { authorization: 'Token abc' },
    ];
    for (const headers of variants) {
      const res = await call(t.app, 'GET', '/user/bank/1', { headers });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ error: 'UNAUTHENTICATED' });
    }
  });

  it('logout revokes the token', async () => {
    const token = banks.one.tokens.student;
    expect((await call(t.app, 'POST', '/logout', { token })).status).toBe(204);
    expect((await call(t.app, 'GET', `/user/bank/${banks.one.bankId}`, { token })).status).toBe(401);
    expect((await call(t.app, 'POST', '/logout', { token })).status).toBe(401);
  });

  it('an expired token is refused', async () => {
    const { sql } = await import('drizzle-orm');
    await t.db.execute(sql`update sessions set expires_at = now() - interval '1 second'`);
    const res = await call(t.app, 'GET', `/user/bank/${banks.one.bankId}`, { token: banks.one.tokens.admin });
    expect(res.status).toBe(401);
  });

  it('stores only a hash of each token', async () => {
    const { sql } = await import('drizzle-orm');
    const { queryRows } = await import('../src/db/client.js');
    const rows = await queryRows<{ token_hash: string }>(t.db, sql`select token_hash from sessions`);
    const tokens = Object.values(banks.one.tokens);
    for (const row of rows) expect(tokens).not.toContain(row.token_hash);
  });
});

describe('GET /healthz', () => {
  it('answers ok without a token', async () => {
    const res = await call(t.app, 'GET', '/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });
});

describe('errors', () => {
  it('answers an unknown API path with the JSON 404 shape', async () => {
    const res = await call(t.app, 'GET', '/no/such/route');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'NOT_FOUND', reason: 'NOT_FOUND', message: 'Not found.' });
  });

  it('answers malformed JSON with 400 VALIDATION and changes nothing', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/bank/update',
      headers: { authorization: `Bearer ${banks.one.tokens.admin}`, 'content-type': 'application/json' },
      payload: '{"bankName": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION' });
  });

  it('answers a body over 64 KiB with 413', async () => {
    const res = await call(t.app, 'POST', '/login', {
      body: { username: 'x', password: 'y'.repeat(70_000) },
    });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('PAYLOAD_TOO_LARGE');
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths).toHaveProperty('/login');
  });
});
