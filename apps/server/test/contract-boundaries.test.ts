/**
 * Issue 23: three places where the server and its OpenAPI document disagreed, each found by an
 * independent schema-driven tester: a cursor the document allowed crashed the server (500), path
 * parameters the document allowed were refused before authentication, and a method a route does
 * not have answered 404 instead of 405.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { messages, routeTable } from '@bank/shared';
import { call, useTestApp } from './harness.js';
import { seedBank, type SeededBank } from './fixtures.js';

const t = useTestApp();
let one: SeededBank;
let document: any;

beforeEach(async () => {
  one = await seedBank(t.db, 'one');
  document ??= (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});

/** The served document's schema of one query or path parameter. */
function parameterSchema(
  path: string,
  method: string,
  name: string,
): { pattern?: string; maxLength?: number } {
  const operation = document.paths[path][method];
  return operation.parameters.find((p: any) => p.name === name).schema;
}

describe('page cursors beyond what a number holds', () => {
  it('are refused by the document and answered 400 naming the cursor (never a 500)', async () => {
    const auditPattern = new RegExp(parameterSchema('/admin/audit', 'get', 'cursor').pattern!, 'u');
    const transactionPattern = new RegExp(
      parameterSchema('/user/transactions/{accountId}', 'get', 'cursor').pattern!,
      'u',
    );
    for (const cursor of ['9223372036854775807', '9007199254740993', '99999999999999999999']) {
      expect(auditPattern.test(cursor), cursor).toBe(false);
      const res = await call(t.app, 'GET', `/admin/audit?cursor=${cursor}`, { token: one.tokens.admin });
      expect(res.status, cursor).toBe(400);
      expect(res.body.fields, cursor).toHaveProperty('cursor', messages.pageCursorInvalid);
    }
    for (const cursor of ['9007199254740992-1', '1-9007199254740992', 'p-9999999999999999']) {
      expect(transactionPattern.test(cursor), cursor).toBe(false);
      const res = await call(
        t.app,
        'GET',
        `/user/transactions/${one.checking.accountNumber}?cursor=${cursor}`,
        {
          token: one.tokens.admin,
        },
      );
      expect(res.status, cursor).toBe(400);
      expect(res.body.fields, cursor).toHaveProperty('cursor', messages.pageCursorInvalid);
    }
    // The largest cursors the document allows are read as cursors (an empty page below them).
    const audit = await call(t.app, 'GET', '/admin/audit?cursor=999999999999999', {
      token: one.tokens.admin,
    });
    expect(audit.status).toBe(200);
    expect(auditPattern.test('999999999999999')).toBe(true);
  });
});

describe('path parameters as long as the document allows', () => {
  const path = '/user/users/{username}';

  it('are authenticated first, then checked against the documented length', async () => {
    const max = parameterSchema(path, 'get', 'username').maxLength!;
    expect(max).toBe(256);
    for (const length of [101, 200, max]) {
      const name = 'x'.repeat(length);
      expect((await call(t.app, 'GET', `/user/users/${name}`)).status, `${length}, no token`).toBe(401);
      expect((await call(t.app, 'GET', `/user/users/${name}`, { token: one.tokens.admin })).status).toBe(404);
    }
    // The longest documented name in the widest characters: 256 Chinese characters, percent-encoded.
    // and in the widest of all: 256 emoji, 12 characters each once percent-encoded.
    for (const wide of [encodeURIComponent('王'.repeat(max)), encodeURIComponent('😀'.repeat(max))]) {
      expect((await call(t.app, 'GET', `/user/users/${wide}`)).status).toBe(401);
      expect((await call(t.app, 'GET', `/user/users/${wide}`, { token: one.tokens.admin })).status).toBe(404);
    }
    const tooLong = await call(t.app, 'GET', `/user/users/${'x'.repeat(max + 1)}`, {
      token: one.tokens.admin,
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.fields).toHaveProperty('username');
    expect((await call(t.app, 'GET', `/user/users/${'x'.repeat(max + 1)}`)).status).toBe(401);
  });
});

describe('a method a route does not have', () => {
  it('is a 405 with the error shape and an Allow header naming the methods it has', async () => {
    const cases = [
      ['DELETE', '/admin/audit', 'GET, HEAD'],
      ['PUT', '/logout', 'POST'],
      ['GET', '/admin/accounts/create', 'POST'],
      ['POST', '/user/goals/7', 'DELETE, GET, HEAD, PUT'],
      ['PATCH', `/user/users/${one.student.username}`, 'GET, HEAD'],
      ['DELETE', '/user/transactions/create', 'POST'],
    ] as const;
    for (const [method, url, allow] of cases) {
      const res = await call(t.app, method, url, { token: one.tokens.admin });
      expect(res.status, `${method} ${url}`).toBe(405);
      expect(res.headers.allow, `${method} ${url}`).toBe(allow);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toEqual({
        error: 'METHOD_NOT_ALLOWED',
        reason: 'METHOD_NOT_ALLOWED',
        message: messages.methodNotAllowed,
      });
    }
  });

  it("answers OPTIONS on every path of the contract with that path's own methods (the most specific path wins)", async () => {
    // Filled with a value no static segment has, a path is the template it came from and any
    // other template of the same shape (/teller/schedules/{bankId} and /{scheduleId}); a static
    // segment (/user/requests/preview) is its own path, whatever a parameter there could match.
    const shape = (path: string) => path.replace(/:[A-Za-z]+/g, ':');
    const wrong: string[] = [];
    for (const path of new Set(routeTable.map((r) => r.path))) {
      const methods = new Set(
        routeTable.filter((r) => shape(r.path) === shape(path)).map((r) => r.method as string),
      );
      if (methods.has('GET')) methods.add('HEAD');
      const expected = [...methods].sort().join(', ');
      const url = path.replace(/:[A-Za-z]+/g, 'x1');
      const res = await call(t.app, 'OPTIONS', url, { token: one.tokens.admin });
      if (res.status !== 405 || res.headers.allow !== expected)
        wrong.push(`${path}: ${res.status} ${String(res.headers.allow)}, expected ${expected}`);
    }
    expect(wrong).toEqual([]);
  });

  it('leaves a path no route has a 404', async () => {
    const res = await call(t.app, 'GET', '/no/such/route', { token: one.tokens.admin });
    expect(res.status).toBe(404);
    expect(res.headers.allow).toBeUndefined();
  });
});

describe('a JSON content type with no body', () => {
  it('is a call without a body where the document has none, and a missing body where it has one', async () => {
    const headers = { 'content-type': 'application/json' };
    const none = await call(t.app, 'POST', '/admin/transactions/post', {
      token: one.tokens.admin,
      headers,
      body: '',
    });
    expect(none.status).toBe(200);
    const missing = await call(t.app, 'POST', '/teller/deposits', {
      token: one.tokens.admin,
      headers,
      body: '',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('VALIDATION');
  });
});

describe('lengths', () => {
  it('are counted in characters (an emoji is one), as the document counts them', async () => {
    const emoji = (n: number) => '😀'.repeat(n);
    const signIn = await call(t.app, 'POST', '/login', {
      body: { username: one.student.username, password: emoji(200) },
    });
    expect(signIn.status).toBe(401);
    const change = await call(t.app, 'PUT', `/user/users/${one.student.username}/updatePassword`, {
      token: one.tokens.student,
      body: [emoji(100), 'Another-5678'],
    });
    expect([change.status, change.body.reason]).toEqual([400, 'CURRENT_PASSWORD_WRONG']);
    const leg = await call(t.app, 'POST', '/user/transactions/create', {
      token: one.tokens.admin,
      body: { accountId: one.checking.accountNumber, type: 'credit', description: emoji(150), amount: 1 },
    });
    expect(leg.status).toBe(201);
  });
});
