import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { messages } from '@bank/shared';
import { call, useTestApp } from './harness.js';
import { FIXTURE_PASSWORD, seedTwoBanks } from './fixtures.js';

/** API.md "Sessions": the rule for a new password, temporary passwords, and the admin's reset. */
const t = useTestApp();
let banks: Awaited<ReturnType<typeof seedTwoBanks>>;
beforeEach(async () => {
  banks = await seedTwoBanks(t.db);
});

const TEMPORARY = /^Temporary password: ([a-z]+-[a-z]+-[a-z]+-[2-9]{2})$/;

const signIn = async (username: string, password: string) =>
  call(t.app, 'POST', '/login', { body: { username, password } });

const changePassword = (token: string, username: string, current: string, next: string) =>
  call(t.app, 'PUT', `/user/users/${username}/updatePassword`, { token, body: [current, next] });

/** An admin creates a user (a student unless told); answers the temporary password. */
async function createStudent(username: string, userRole = 'USER'): Promise<string> {
  const res = await call(t.app, 'POST', '/admin/users/create', {
    token: banks.one.tokens.admin,
    body: {
      username,
      name: 'New Pupil',
      userRole,
      bankId: banks.one.bankId,
      branchId: banks.one.main.id,
    },
  });
  expect(res.status).toBe(201);
  return /Temporary password: (.+)$/.exec(res.body)![1]!;
}

describe('the rule for a new password', () => {
  const weak: Array<[string, string]> = [
    ['short12', messages.newPasswordTooShort],
    ['        ', messages.newPasswordOnlySpaces],
    ['password', messages.newPasswordTooCommon],
    ['12345678', messages.newPasswordTooCommon],
    ['Password1', messages.newPasswordTooCommon],
    ['qwertyuiop', messages.newPasswordTooCommon],
    ['one-student', messages.newPasswordIsUserId],
    ['ONE-STUDENT', messages.newPasswordIsUserId],
    [FIXTURE_PASSWORD, messages.newPasswordIsCurrent],
  ];
  it.each(weak)('refuses %j with 400 naming the rule, and keeps the old password', async (next, reason) => {
    const res = await changePassword(banks.one.tokens.student, 'one-student', FIXTURE_PASSWORD, next);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'VALIDATION', message: reason, fields: { newPassword: reason } });
    expect((await signIn('one-student', FIXTURE_PASSWORD)).status).toBe(200);
  });

  it('accepts a sound password such as the demo one', async () => {
    const res = await changePassword(banks.one.tokens.student, 'one-student', FIXTURE_PASSWORD, 'Demo-1234');
    expect(res.status).toBe(200);
    expect((await signIn('one-student', 'Demo-1234')).status).toBe(200);
  });
});

describe('temporary passwords', () => {
  it('are three common lower-case words and two digits joined by "-", with no look-alike characters', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const password = await createStudent(`pupil-${i}`);
      expect(password).toMatch(/^[a-z]{3,6}-[a-z]{3,6}-[a-z]{3,6}-[2-9]{2}$/);
      seen.add(password);
    }
    expect(seen.size).toBe(5);
  });

  it('let the user reach only their own record, the password change and logout until they choose one', async () => {
    const temporary = await createStudent('fresh-pupil');
    const login = await signIn('fresh-pupil', temporary);
    expect(login.status).toBe(200);
    const token = login.body as string;
    expect((await call(t.app, 'GET', '/user/users/fresh-pupil', { token })).status).toBe(200);
    const blocked = [
      await call(t.app, 'GET', `/user/bank/${banks.one.bankId}`, { token }),
      await call(t.app, 'GET', '/user/users/one-student', { token }),
      await call(t.app, 'PUT', '/users/fresh-pupil/updateDisplayName', { token, body: 'Hi' }),
      await call(t.app, 'GET', '/user/accounts/user/fresh-pupil', { token }),
    ];
    for (const res of blocked) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        error: 'FORBIDDEN',
        reason: 'PASSWORD_CHANGE_REQUIRED',
        message: messages.choosePasswordFirst,
      });
    }
    expect((await changePassword(token, 'fresh-pupil', temporary, 'my-own-secret-9')).status).toBe(200);
    expect((await call(t.app, 'GET', `/user/bank/${banks.one.bankId}`, { token })).status).toBe(200);
  });

  it('refuse every other API call of such a user, even an admin, with 403', async () => {
    const temporary = await createStudent('fresh-pupil', 'ADMIN');
    const token = (await signIn('fresh-pupil', temporary)).body as string;
    const allowed = new Set([
      'GET /api/user/users/:username',
      'PUT /api/user/users/:userId/updatePassword',
      'POST /api/logout',
    ]);
    const others = t.app.apiRoutes.filter((r) => r.tier !== 'public' && !allowed.has(`${r.method} ${r.url}`));
    expect(others.length).toBeGreaterThan(30);
    for (const route of others) {
      // Every parameter names the user themself or a record of their bank: still refused.
      const url = route.url
        .replace('/api', '')
        .replace(/:(username|userId)/g, 'fresh-pupil')
        .replace(/:\w+/g, String(banks.one.bankId));
      const res = await call(t.app, route.method as 'GET', url, { token });
      expect(res.status, `${route.method} ${route.url}`).toBe(403);
      expect(res.body.message, route.url).toBe(messages.choosePasswordFirst);
    }
  });

  it('logout works with a temporary password', async () => {
    const temporary = await createStudent('fresh-pupil');
    const token = (await signIn('fresh-pupil', temporary)).body as string;
    expect((await call(t.app, 'POST', '/logout', { token })).status).toBe(204);
  });

  it('expire after 7 days unused: sign-in then fails like a wrong password', async () => {
    const temporary = await createStudent('late-pupil');
    await t.db.execute(
      sql`update users set temporary_password_expires_at = now() - interval '1 second' where username = 'late-pupil'`,
    );
    const res = await signIn('late-pupil', temporary);
    expect(res.status).toBe(401);
    expect(res.body).toBe(messages.invalidCredentials);
    // A chosen password never expires.
    await t.db.execute(
      sql`update users set temporary_password_expires_at = now() - interval '1 second' where username = 'one-student'`,
    );
    expect((await signIn('one-student', FIXTURE_PASSWORD)).status).toBe(200);
  });

  it('are valid for 7 days from when they are issued', async () => {
    await createStudent('new-pupil');
    const [row] = (
      (await t.db.execute(
        sql`select extract(epoch from temporary_password_expires_at - now())::int as left from users where username = 'new-pupil'`,
      )) as unknown as { rows: Array<{ left: number }> }
    ).rows;
    expect(row!.left).toBeGreaterThan(7 * 86_400 - 60);
    expect(row!.left).toBeLessThanOrEqual(7 * 86_400);
  });
});

describe('POST /admin/users/{userId}/resetPassword', () => {
  it('gives a new temporary password, ends the user’s sessions and asks for a new password', async () => {
    const res = await call(t.app, 'POST', '/admin/users/one-student/resetPassword', {
      token: banks.one.tokens.admin,
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['cache-control']).toBe('no-store');
    const temporary = TEMPORARY.exec(res.body)![1]!;
    // The student's old session and old password no longer work.
    const old = await call(t.app, 'GET', '/user/users/one-student', { token: banks.one.tokens.student });
    expect(old.status).toBe(401);
    expect((await signIn('one-student', FIXTURE_PASSWORD)).status).toBe(401);
    const login = await signIn('one-student', temporary);
    expect(login.status).toBe(200);
    const me = await call(t.app, 'GET', '/user/users/one-student', { token: login.body });
    expect(me.body.mustChangePassword).toBe(true);
    expect((await call(t.app, 'GET', `/user/bank/${banks.one.bankId}`, { token: login.body })).status).toBe(
      403,
    );
  });

  it('lets a student locked out by typos sign in at once with the new password', async () => {
    for (let i = 0; i < 5; i++) expect((await signIn('one-student', `typo-${i}`)).status).toBe(401);
    expect((await signIn('one-student', FIXTURE_PASSWORD)).status).toBe(429);
    const res = await call(t.app, 'POST', '/admin/users/one-student/resetPassword', {
      token: banks.one.tokens.admin,
    });
    expect((await signIn('one-student', TEMPORARY.exec(res.body)![1]!)).status).toBe(200);
  });

  it('is for an admin of the user’s bank only: another bank’s user or an unknown one is 404', async () => {
    const foreign = await call(t.app, 'POST', '/admin/users/two-student/resetPassword', {
      token: banks.one.tokens.admin,
    });
    expect(foreign.status).toBe(404);
    const unknown = await call(t.app, 'POST', '/admin/users/nobody-here/resetPassword', {
      token: banks.one.tokens.admin,
    });
    expect(unknown.status).toBe(404);
    const teller = await call(t.app, 'POST', '/admin/users/one-student/resetPassword', {
      token: banks.one.tokens.teller,
    });
    expect(teller.status).toBe(403);
    // Nothing changed for the other bank's student.
    expect((await signIn('two-student', FIXTURE_PASSWORD)).status).toBe(200);
  });
});
