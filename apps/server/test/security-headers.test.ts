import { beforeEach, describe, expect, it } from 'vitest';
import { call, useTestApp } from './harness.js';
import { seedTwoBanks, type SeededBank } from './fixtures.js';

/**
 * Every answer carries the security headers (helmet's, with the bank's Content-Security-Policy):
 * the API's successes and refusals alike, including those of the sign-in check, which runs
 * before anything else, and the web app's pages. (The web app's scripts and stylesheets carry those
 * that apply to a file a page loads: static-delivery.test.ts.)
 */

const t = useTestApp();
let one: SeededBank;

beforeEach(async () => {
  ({ one } = await seedTwoBanks(t.db));
});

const expected = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';" +
    "frame-ancestors 'self';img-src 'self' data:;object-src 'none';script-src 'self';" +
    "script-src-attr 'none';style-src 'self' 'unsafe-inline'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers', () => {
  it('are on every answer, whoever refuses it', async () => {
    const answers = {
      ok: await call(t.app, 'GET', '/healthz'),
      noToken: await call(t.app, 'GET', `/user/accounts/user/${one.student.username}`),
      badToken: await call(t.app, 'GET', `/user/accounts/user/${one.student.username}`, {
        token: 'not-a-session-token-at-all',
      }),
      wrongRole: await call(t.app, 'GET', `/teller/accounts/bank/${one.bankId}`, {
        token: one.tokens.student,
      }),
      invalid: await call(t.app, 'POST', '/user/transfers', {
        token: one.tokens.admin,
        body: { amount: 'x' },
      }),
      unknown: await call(t.app, 'GET', '/no-such-call'),
      wrongMethod: await call(t.app, 'PUT', '/logout'),
    };
    const statuses = Object.fromEntries(Object.entries(answers).map(([name, a]) => [name, a.status]));
    expect(statuses).toEqual({
      ok: 200,
      noToken: 401,
      badToken: 401,
      wrongRole: 403,
      invalid: 400,
      unknown: 404,
      wrongMethod: 405,
    });
    for (const answer of Object.values(answers)) expect(answer.headers).toMatchObject(expected);
  });
});
