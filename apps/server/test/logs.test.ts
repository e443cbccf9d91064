import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { call, migratedSnapshot, testConfig } from './harness.js';
import { FIXTURE_PASSWORD, seedBank } from './fixtures.js';

/**
 * Request logs at the most verbose level never carry a password, a token or a temporary password.
 * About logging, not storage: it runs on the embedded database whichever suite runs it.
 */
let handle: DatabaseHandle;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  handle = await openDatabase({ initialData: migratedSnapshot() });
  app = await buildApp({
    config: { ...testConfig, logLevel: 'trace' },
    db: handle.db,
    logStream: { write: (line) => void lines.push(line) },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await handle.close();
});

describe('LOG_FORMAT', () => {
  it('is pretty for a terminal and JSON otherwise unless set, and refuses anything else by name', async () => {
    const { loadConfig } = await import('../src/config.js');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(loadConfig({}).logFormat).toBe(process.stdout.isTTY ? 'pretty' : 'json');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });
});

describe('request logs', () => {
  it('contain no password, token or temporary password', async () => {
    await seedBank(handle.db, 'log');
    const basic = `Basic ${Buffer.from(`log-admin:${FIXTURE_PASSWORD}`).toString('base64')}`;
    const login = await call(app, 'POST', '/login', {
      headers: { authorization: basic },
      body: { username: 'log-admin', password: FIXTURE_PASSWORD },
    });
    expect(login.status).toBe(200);
    const token = login.body as string;
    await call(app, 'POST', '/login', { body: { username: 'log-admin', password: 'Wrong-Guess-77' } });
    const created = await call(app, 'POST', '/admin/users/create', {
      token,
      body: { username: 'log-new', name: 'Log New', userRole: 'TELLER' },
    });
    const temporary = /Temporary password: (\S+)$/.exec(created.body)![1]!;
    await call(app, 'PUT', '/user/users/log-admin/updatePassword', {
      token,
      body: [FIXTURE_PASSWORD, 'Brand-New-Secret-9'],
    });

    const log = lines.join('');
    // One line per request, when it is answered: method, path, status, time, and who.
    const requests = lines.map((line) => JSON.parse(line)).filter((entry) => entry.url);
    expect(requests.map((r) => `${r.method} ${r.url} ${r.status}`)).toEqual([
      'POST /api/login 200',
      'POST /api/login 401',
      'POST /api/admin/users/create 201',
      'PUT /api/user/users/log-admin/updatePassword 200',
    ]);
    expect(requests[2]).toMatchObject({
      user: 'log-admin',
      msg: expect.stringMatching(/^POST \/api\/admin\/users\/create 201 [\d.]+ ms$/),
    });
    expect(typeof requests[0].ms).toBe('number');
    for (const secret of [
      FIXTURE_PASSWORD,
      'Wrong-Guess-77',
      'Brand-New-Secret-9',
      token,
      temporary,
      basic,
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
