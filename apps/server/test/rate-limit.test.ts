import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { startTestApp, type TestApp } from './harness.js';
import { seedTwoBanks } from './fixtures.js';

/** RATE_LIMIT_PER_MINUTE (API.md "Operating the bank"): per session, else per address; web files free. */
let t: TestApp;
let banks: Awaited<ReturnType<typeof seedTwoBanks>>;
let webDist: string;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  t = await startTestApp();
  banks = await seedTwoBanks(t.db);
  webDist = mkdtempSync(path.join(tmpdir(), 'bank-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Bank</title>');
  writeFileSync(path.join(webDist, 'app.js'), 'console.log("bank")');
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

/** The same database, served by an app with the given request limit. */
async function appWithLimit(rateLimitPerMinute: number) {
  const app = await buildApp({ config: { ...t.config, rateLimitPerMinute, webDistDir: webDist }, db: t.db });
  apps.push(app);
  return app;
}

async function get(app: FastifyInstance, url: string, options: { token?: string; address?: string } = {}) {
  const response = await app.inject({
    method: 'GET',
    url,
    remoteAddress: options.address ?? '10.2.2.2',
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
  });
  return { status: response.statusCode, headers: response.headers, body: response.body };
}

describe('the request rate limit', () => {
  it('counts each signed-in session on its own, even behind one address', async () => {
    const app = await appWithLimit(5);
    const bank = `/api/user/bank/${banks.one.bankId}`;
    for (let i = 0; i < 5; i++)
      expect((await get(app, bank, { token: banks.one.tokens.student })).status).toBe(200);
    const over = await get(app, bank, { token: banks.one.tokens.student });
    expect(over.status).toBe(429);
    expect(JSON.parse(over.body)).toMatchObject({ error: 'RATE_LIMITED' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // A classmate's session from the same school address has its own allowance.
    expect((await get(app, bank, { token: banks.one.tokens.otherStudent })).status).toBe(200);
  });

  it('counts calls without a token per client address', async () => {
    const app = await appWithLimit(5);
    for (let i = 0; i < 5; i++)
      expect((await get(app, '/api/healthz', { address: '10.3.3.3' })).status).toBe(200);
    expect((await get(app, '/api/healthz', { address: '10.3.3.3' })).status).toBe(429);
    expect((await get(app, '/api/healthz', { address: '10.4.4.4' })).status).toBe(200);
  });

  it('does not count the files of the web app', async () => {
    const app = await appWithLimit(5);
    for (let i = 0; i < 20; i++) {
      expect((await get(app, '/app.js', { address: '10.5.5.5' })).status).toBe(200);
      expect((await get(app, '/home', { address: '10.5.5.5' })).status).toBe(200);
    }
    expect((await get(app, '/api/healthz', { address: '10.5.5.5' })).status).toBe(200);
  });

  it('is off with 0', async () => {
    const app = await appWithLimit(0);
    for (let i = 0; i < 30; i++)
      expect((await get(app, '/api/healthz', { address: '10.7.7.7' })).status).toBe(200);
  });
});

describe('configuration', () => {
  it('reads the request and sign-in limits from the environment, with the documented defaults', () => {
    expect(loadConfig({})).toMatchObject({
      rateLimitPerMinute: 1200,
      signInLimits: { perUserAddress: 5, perUser: 50, perAddress: 100 },
    });
    expect(
      loadConfig({
        RATE_LIMIT_PER_MINUTE: '0',
        LOGIN_FAILURES_PER_USER_ADDRESS: '10',
        LOGIN_FAILURES_PER_USER: '200',
        LOGIN_FAILURES_PER_ADDRESS: '500',
      }),
    ).toMatchObject({
      rateLimitPerMinute: 0,
      signInLimits: { perUserAddress: 10, perUser: 200, perAddress: 500 },
    });
    expect(() => loadConfig({ RATE_LIMIT_PER_MINUTE: '-1' })).toThrow(/RATE_LIMIT_PER_MINUTE/);
    expect(() => loadConfig({ LOGIN_FAILURES_PER_USER: '0' })).toThrow(/LOGIN_FAILURES_PER_USER/);
  });
});
