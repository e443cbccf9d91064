/**
 * Issue 23: three places where the server and its OpenAPI document disagreed, each found by an
 * independent schema-driven tester: a cursor the document allowed crashed the server (500), path
 * parameters the document allowed were refused before authentication, and a method a route does
 * not have answered 404 instead of 405.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@bank/shared';
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
      ['DELETE', '/user/transactions/create', 'GET, HEAD, POST'],
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

  it('leaves a path no route has a 404', async () => {
    const res = await call(t.app, 'GET', '/no/such/route', { token: one.tokens.admin });
    expect(res.status).toBe(404);
    expect(res.headers.allow).toBeUndefined();
  });
});
