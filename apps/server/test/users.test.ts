import { beforeEach, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { messages } from '@bank/shared';
import { accounts, sessions, users } from '../src/db/schema.js';
import type { Actor } from '../src/domain/actor.js';
import { updateUser } from '../src/domain/users/update-user.js';
import { call, useTestApp } from './harness.js';
import { FIXTURE_PASSWORD, insertAccount, insertUser, seedTwoBanks } from './fixtures.js';

const t = useTestApp();
let banks: Awaited<ReturnType<typeof seedTwoBanks>>;
beforeEach(async () => {
  banks = await seedTwoBanks(t.db);
});

const USER_KEYS = [
  'bankId',
  'banker',
  'branchId',
  'displayName',
  'mustChangePassword',
  'name',
  'userId',
  'userRole',
  'username',
];
const CREATED = /^Successfully created user\. Temporary password: ([a-z]+-[a-z]+-[a-z]+-[2-9]{2})$/;

const login = (username: string, password: string) =>
  call(t.app, 'POST', '/login', { body: { username, password } });

async function userRow(username: string) {
  const [row] = await t.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
  return row;
}

/** Everything a user call could change: every user row and every session's state. */
async function snapshot() {
  const userRows = await t.db.select().from(users).orderBy(asc(users.id));
  const sessionRows = await t.db
    .select({ id: sessions.id, revokedAt: sessions.revokedAt })
    .from(sessions)
    .orderBy(asc(sessions.id));
  return { userRows, sessionRows };
}

/** Runs a request that must fail and checks that it changed nothing. */
async function expectRefused(
  request: () => ReturnType<typeof call>,
  status: number,
  message?: string,
): Promise<Awaited<ReturnType<typeof call>>> {
  const before = await snapshot();
  const res = await request();
  expect(res.status).toBe(status);
  if (message !== undefined) expect(res.body.message).toBe(message);
  expect(await snapshot()).toEqual(before);
  return res;
}

describe('GET /user/users/{username}', () => {
  it('answers the user themself, with exactly the User fields and no password', async () => {
    const res = await call(t.app, 'GET', '/user/users/one-student', { token: banks.one.tokens.student });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(USER_KEYS);
    expect(res.body).toEqual({
      userId: 'one-student',
      username: 'one-student',
      name: 'one-student Name',
      displayName: null,
      userRole: 'USER',
      bankId: banks.one.bankId,
      branchId: banks.one.main.id,
      mustChangePassword: false,
      banker: false,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|scrypt/i);
  });

  it('matches the username case-insensitively and answers it as created', async () => {
    const res = await call(t.app, 'GET', '/user/users/ONE-Student', { token: banks.one.tokens.student });
    expect(res.status).toBe(200);
    expect(res.body.username).toBe('one-student');
  });

  it('lets the teller and the admin of the bank read any of its users', async () => {
    for (const token of [banks.one.tokens.teller, banks.one.tokens.admin]) {
      const res = await call(t.app, 'GET', '/user/users/one-student2', { token });
      expect(res.status).toBe(200);
      expect(res.body.branchId).toBe(banks.one.north.id);
    }
    const staff = await call(t.app, 'GET', '/user/users/one-admin', { token: banks.one.tokens.teller });
    expect(staff.body).toMatchObject({ userRole: 'ADMIN', branchId: null });
  });

  it('answers 404 for another student, another bank and unknown, retired or malformed names', async () => {
    const cases: [string, string][] = [
      [banks.one.tokens.student, 'one-student2'],
      [banks.one.tokens.student, 'one-admin'],
      [banks.two.tokens.admin, 'one-student'],
      [banks.two.tokens.teller, 'one-student'],
      [banks.one.tokens.admin, 'nobody-here'],
      [banks.one.tokens.admin, 'x'.repeat(60)],
    ];
    for (const [token, name] of cases) {
      const res = await call(t.app, 'GET', `/user/users/${name}`, { token });
      expect(res.status, name).toBe(404);
      expect(res.body).toEqual({ error: 'NOT_FOUND', reason: 'NOT_FOUND', message: messages.notFound });
    }
    // A NUL is not a name that does not exist but text no field accepts (API.md "Errors").
    const nul = await call(t.app, 'GET', '/user/users/a%00b', { token: banks.one.tokens.admin });
    expect(nul.status).toBe(400);
    expect(nul.body.fields).toEqual({ username: messages.textControlChars('User Id') });
    await t.db
      .update(users)
      .set({ deletedAt: sql`now()` })
      .where(eq(users.username, 'one-student2'));
    expect(
      (await call(t.app, 'GET', '/user/users/one-student2', { token: banks.one.tokens.admin })).status,
    ).toBe(404);
  });

  it('answers 401 without a token', async () => {
    expect((await call(t.app, 'GET', '/user/users/one-student')).status).toBe(401);
  });
});

describe('GET /admin/users/{bankId}', () => {
  it('lists the live users of the admin’s bank, by username, without passwords', async () => {
    await t.db
      .update(users)
      .set({ deletedAt: sql`now()` })
      .where(eq(users.username, 'one-student2'));
    const res = await call(t.app, 'GET', `/admin/users/${banks.one.bankId}`, {
      token: banks.one.tokens.admin,
    });
    expect(res.status).toBe(200);
    expect(res.body.map((u: { username: string }) => u.username)).toEqual([
      'one-admin',
      'one-student',
      'one-teller',
    ]);
    for (const u of res.body) {
      expect(Object.keys(u).sort()).toEqual(USER_KEYS);
      expect(u.bankId).toBe(banks.one.bankId);
    }
  });

  it('refuses tellers and students (403) and another bank’s admin (404)', async () => {
    const url = `/admin/users/${banks.one.bankId}`;
    for (const token of [banks.one.tokens.teller, banks.one.tokens.student]) {
      const res = await call(t.app, 'GET', url, { token });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('FORBIDDEN');
    }
    const foreign = await call(t.app, 'GET', url, { token: banks.two.tokens.admin });
    expect(foreign.status).toBe(404);
    expect((await call(t.app, 'GET', '/admin/users/999', { token: banks.one.tokens.admin })).status).toBe(
      404,
    );
  });

  it('answers 400 for a bankId that is not a positive integer', async () => {
    const res = await call(t.app, 'GET', '/admin/users/abc', { token: banks.one.tokens.admin });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('VALIDATION');
  });
});

describe('POST /admin/users/create', () => {
  const create = (body: unknown, token = banks.one.tokens.admin) =>
    call(t.app, 'POST', '/admin/users/create', { token, body });

  it('creates a student with a temporary password that signs in and must be changed', async () => {
    const res = await create({
      username: 'New.Kid_1',
      name: ' New Kid ',
      userRole: 'USER',
      bankId: banks.one.bankId,
      branchId: banks.one.north.id,
    });
    expect(res.status).toBe(201);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['cache-control']).toBe('no-store');
    const password = CREATED.exec(res.body)?.[1];
    expect(password).toBeDefined();
    expect(res.body).toBe(messages.userCreatedWithPassword(password!));

    const row = await userRow('new.kid_1');
    expect(row?.passwordHash).not.toContain(password);
    const signIn = await login('new.kid_1', password!);
    expect(signIn.status).toBe(200);
    const me = await call(t.app, 'GET', '/user/users/New.Kid_1', { token: signIn.body });
    expect(me.body).toEqual({
      userId: 'New.Kid_1',
      username: 'New.Kid_1',
      name: 'New Kid',
      displayName: null,
      userRole: 'USER',
      bankId: banks.one.bankId,
      branchId: banks.one.north.id,
      mustChangePassword: true,
      banker: false,
    });
  });

  it('creates staff with or without a branch, in the admin’s bank when bankId is left out', async () => {
    const teller = await create({ username: 'teller2', name: 'Teller Two', userRole: 'TELLER' });
    expect(teller.status).toBe(201);
    const admin = await create({
      username: 'admin2',
      name: 'Admin Two',
      userRole: 'ADMIN',
      branchId: String(banks.one.main.id),
    });
    expect(admin.status).toBe(201);
    expect(await userRow('teller2')).toMatchObject({
      role: 'TELLER',
      bankId: banks.one.bankId,
      branchId: null,
      mustChangePassword: true,
      banker: false,
    });
    expect(await userRow('admin2')).toMatchObject({
      role: 'ADMIN',
      bankId: banks.one.bankId,
      branchId: banks.one.main.id,
    });
    expect(CREATED.exec(teller.body)?.[1]).not.toBe(CREATED.exec(admin.body)?.[1]);
  });

  it('refuses a student without a branch', async () => {
    for (const branchId of [undefined, null, '']) {
      await expectRefused(
        () => create({ username: 'kid', name: 'Kid', userRole: 'USER', bankId: banks.one.bankId, branchId }),
        400,
        messages.studentNeedsBranch,
      );
    }
  });

  it('refuses a missing User Id or Name with the form’s message', async () => {
    const bodies = [
      { name: 'Kid', userRole: 'TELLER' },
      { username: '', name: 'Kid', userRole: 'TELLER' },
      { username: '   ', name: 'Kid', userRole: 'TELLER' },
      { username: 'kid', userRole: 'TELLER' },
      { username: 'kid', name: '  ', userRole: 'TELLER' },
      { username: 'kid', name: null, userRole: 'TELLER' },
    ];
    for (const body of bodies) {
      const res = await expectRefused(() => create(body), 400, messages.userIdAndNameRequired);
      expect(res.body.error).toBe('VALIDATION');
    }
  });

  it('refuses a malformed User Id, an over-long or control-character name and an unknown role', async () => {
    await expectRefused(
      () => create({ username: 'a b', name: 'Kid', userRole: 'TELLER' }),
      400,
      messages.userIdFormat,
    );
    await expectRefused(
      () => create({ username: 'ab', name: 'Kid', userRole: 'TELLER' }),
      400,
      messages.userIdFormat,
    );
    await expectRefused(
      () => create({ username: 'kid', name: 'K'.repeat(101), userRole: 'TELLER' }),
      400,
      messages.nameTooLong,
    );
    await expectRefused(
      () => create({ username: 'kid', name: 'K\u0000d', userRole: 'TELLER' }),
      400,
      messages.nameControlChars,
    );
    await expectRefused(() => create({ username: 'kid', name: 'Kid', userRole: 'BOSS' }), 400);
    await expectRefused(
      () => create({ username: 'kid', name: 'Kid', userRole: 'USER', branchId: true }),
      400,
    );
  });

  it('refuses a taken User Id, whatever its case, in any bank, retired users included (409)', async () => {
    await t.db
      .update(users)
      .set({ deletedAt: sql`now()` })
      .where(eq(users.username, 'one-student2'));
    for (const username of ['ONE-STUDENT', 'two-teller', 'one-student2']) {
      await expectRefused(
        () => create({ username, name: 'Copy', userRole: 'USER', branchId: banks.one.main.id }),
        409,
        messages.userIdTaken,
      );
    }
  });

  it('answers 404 for another bank’s bankId or branch, or an unknown branch', async () => {
    const bodies = [
      {
        username: 'kid',
        name: 'Kid',
        userRole: 'USER',
        bankId: banks.two.bankId,
        branchId: banks.two.main.id,
      },
      {
        username: 'kid',
        name: 'Kid',
        userRole: 'USER',
        bankId: banks.two.bankId,
        branchId: banks.one.main.id,
      },
      { username: 'kid', name: 'Kid', userRole: 'USER', branchId: banks.two.main.id },
      { username: 'kid', name: 'Kid', userRole: 'TELLER', branchId: banks.two.north.id },
      { username: 'kid', name: 'Kid', userRole: 'USER', branchId: 99_999 },
    ];
    for (const body of bodies) await expectRefused(() => create(body), 404, messages.notFound);
  });

  it('refuses tellers and students (403) before looking at the body', async () => {
    const body = { username: 'kid', name: 'Kid', userRole: 'ADMIN' };
    for (const token of [banks.one.tokens.teller, banks.one.tokens.student]) {
      await expectRefused(() => create(body, token), 403);
      await expectRefused(() => create({}, token), 403);
    }
    await expectRefused(() => call(t.app, 'POST', '/admin/users/create', { body }), 401);
  });
});

describe('PUT /admin/users/{userId}/updateUser', () => {
  const update = (userId: string, body: unknown, token = banks.one.tokens.admin) =>
    call(t.app, 'PUT', `/admin/users/${userId}/updateUser`, { token, body });

  it('changes a student’s name and branch and answers the User', async () => {
    // A Student moves only without open accounts (see "a Student with open accounts" below).
    await t.db
      .update(accounts)
      .set({ closedAt: new Date() })
      .where(eq(accounts.userId, banks.one.student.id));
    const res = await update('one-student', {
      userId: 'one-student',
      name: 'Renamed',
      userRole: 'USER',
      branch: banks.one.north.id,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      userId: 'one-student',
      username: 'one-student',
      name: 'Renamed',
      displayName: null,
      userRole: 'USER',
      bankId: banks.one.bankId,
      branchId: banks.one.north.id,
      mustChangePassword: false,
      banker: false,
    });
    expect(await userRow('one-student')).toMatchObject({ name: 'Renamed', branchId: banks.one.north.id });
  });

  it('changes roles: a student to a teller without a branch, a teller to an admin with one', async () => {
    await t.db
      .update(accounts)
      .set({ closedAt: new Date() })
      .where(eq(accounts.userId, banks.one.otherStudent.id));
    const toTeller = await update('ONE-STUDENT2', { name: 'S2', userRole: 'TELLER', branch: null });
    expect(toTeller.status).toBe(200);
    expect(toTeller.body).toMatchObject({ userRole: 'TELLER', branchId: null, username: 'one-student2' });
    const toAdmin = await update('one-teller', {
      userId: 'ONE-teller',
      name: 'T',
      userRole: 'ADMIN',
      branch: String(banks.one.main.id),
    });
    expect(toAdmin.status).toBe(200);
    expect(toAdmin.body).toMatchObject({ userRole: 'ADMIN', branchId: banks.one.main.id });
  });

  it('applies the branch rule: a student needs one, and it must be of the bank', async () => {
    for (const branch of [undefined, null, '']) {
      await expectRefused(
        () => update('one-teller', { name: 'T', userRole: 'USER', branch }),
        400,
        messages.studentNeedsBranch,
      );
    }
    await expectRefused(
      () => update('one-student', { name: 'S', userRole: 'USER', branch: banks.two.main.id }),
      404,
    );
    await expectRefused(() => update('one-teller', { name: 'T', userRole: 'TELLER', branch: 99_999 }), 404);
  });

  it('refuses a missing name, a changed User Id and a malformed body', async () => {
    await expectRefused(
      () => update('one-student', { name: '', userRole: 'USER', branch: banks.one.main.id }),
      400,
      messages.userIdAndNameRequired,
    );
    await expectRefused(
      () =>
        update('one-student', {
          userId: 'someone-else',
          name: 'S',
          userRole: 'USER',
          branch: banks.one.main.id,
        }),
      400,
      messages.userIdCannotChange,
    );
    await expectRefused(
      () => update('one-student', { name: 'S', userRole: 'KING', branch: banks.one.main.id }),
      400,
    );
  });

  it('never demotes the last admin of a bank (409), but does once another admin exists', async () => {
    await expectRefused(
      () => update('one-admin', { name: 'A', userRole: 'TELLER', branch: null }),
      409,
      messages.lastAdmin,
    );
    await expectRefused(
      () => update('one-admin', { name: 'A', userRole: 'USER', branch: banks.one.main.id }),
      409,
      messages.lastAdmin,
    );
    // Renaming the last admin is fine: the role stays.
    expect((await update('one-admin', { name: 'Still Admin', userRole: 'ADMIN' })).status).toBe(200);

    expect((await update('one-teller', { name: 'T', userRole: 'ADMIN' })).status).toBe(200);
    const demoteSelf = await update('one-admin', { name: 'A', userRole: 'TELLER' });
    expect(demoteSelf.status).toBe(200);
    // The former teller is now the only admin; another bank's admins do not count.
    const other = await insertUser(t.db, { username: 'two-admin2', role: 'ADMIN', bankId: banks.two.bankId });
    expect(other.bankId).toBe(banks.two.bankId);
    const token = (await login('one-teller', FIXTURE_PASSWORD)).body;
    await expectRefused(
      () => update('one-teller', { name: 'T', userRole: 'TELLER' }, token),
      409,
      messages.lastAdmin,
    );
  });

  it('lets only one of two admins demoting each other at the same time succeed', async () => {
    const second = await insertUser(t.db, {
      username: 'one-admin2',
      role: 'ADMIN',
      bankId: banks.one.bankId,
    });
    // Straight to the domain, so that both requests are past the tier check before either writes.
    const actor = (u: typeof second): Actor => ({
      id: u.id,
      username: u.username,
      role: 'ADMIN',
      bankId: u.bankId,
      branchId: null,
      sessionId: 0,
    });
    const results = await Promise.allSettled([
      updateUser(t.db, actor(banks.one.admin), 'one-admin2', {
        name: 'A2',
        userRole: 'TELLER',
        branchId: null,
      }),
      updateUser(t.db, actor(second), 'one-admin', { name: 'A1', userRole: 'TELLER', branchId: null }),
    ]);
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ statusCode: 409, message: messages.lastAdmin });
    const admins = await t.db.select().from(users).where(eq(users.role, 'ADMIN'));
    expect(admins.filter((u) => u.bankId === banks.one.bankId)).toHaveLength(1);

    // Through HTTP the loser is refused either by the rule (409) or, once demoted, by the tier (403).
    await insertUser(t.db, { username: 'one-admin3', role: 'ADMIN', bankId: banks.one.bankId });
    const [remaining] = admins.filter((u) => u.bankId === banks.one.bankId && u.username !== 'one-admin3');
    const token3 = (await login('one-admin3', FIXTURE_PASSWORD)).body;
    const tokenR = (await login(remaining!.username, FIXTURE_PASSWORD)).body;
    const [a, b] = await Promise.all([
      update('one-admin3', { name: 'A3', userRole: 'TELLER' }, tokenR),
      update(remaining!.username, { name: 'R', userRole: 'TELLER' }, token3),
    ]);
    expect([a.status, b.status].filter((s) => s === 200)).toHaveLength(1);
    const after = await t.db.select().from(users).where(eq(users.role, 'ADMIN'));
    expect(after.filter((u) => u.bankId === banks.one.bankId)).toHaveLength(1);
  });

  it('answers 404 for another bank’s, an unknown or a retired user; 403 for tellers and students', async () => {
    const body = { name: 'X', userRole: 'TELLER' };
    await expectRefused(() => update('two-teller', body), 404);
    await expectRefused(() => update('one-teller', body, banks.two.tokens.admin), 404);
    await expectRefused(() => update('nobody-here', body), 404);
    await t.db
      .update(users)
      .set({ deletedAt: sql`now()` })
      .where(eq(users.username, 'one-student2'));
    await expectRefused(
      () => update('one-student2', { name: 'X', userRole: 'USER', branch: banks.one.main.id }),
      404,
    );
    for (const token of [banks.one.tokens.teller, banks.one.tokens.student]) {
      await expectRefused(() => update('one-teller', body, token), 403);
    }
  });
});

describe('DELETE /admin/users/{userId}/delete', () => {
  const remove = (userId: string, token = banks.one.tokens.admin) =>
    call(t.app, 'DELETE', `/admin/users/${userId}/delete`, { token });

  it('refuses a user with open accounts (409), then retires them once the accounts are closed', async () => {
    await expectRefused(() => remove('one-student'), 409, messages.userHasOpenAccounts);
    await t.db
      .update(accounts)
      .set({ closedAt: sql`now()` })
      .where(eq(accounts.userId, banks.one.student.id));

    const res = await remove('One-Student');
    expect(res.status).toBe(204);
    expect(res.body).toBe('');
    // Retired, not erased: the row stays, the name stays reserved, every session ended.
    expect((await userRow('one-student'))?.deletedAt).toBeInstanceOf(Date);
    expect(
      (await call(t.app, 'GET', '/user/users/one-student', { token: banks.one.tokens.admin })).status,
    ).toBe(404);
    expect(
      (await call(t.app, 'GET', `/user/bank/${banks.one.bankId}`, { token: banks.one.tokens.student }))
        .status,
    ).toBe(401);
    const live = await t.db.select().from(sessions).where(eq(sessions.userId, banks.one.student.id));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    expect((await login('one-student', FIXTURE_PASSWORD)).status).toBe(401);
    const list = await call(t.app, 'GET', `/admin/users/${banks.one.bankId}`, {
      token: banks.one.tokens.admin,
    });
    expect(list.body.map((u: { username: string }) => u.username)).not.toContain('one-student');
    const again = await call(t.app, 'POST', '/admin/users/create', {
      token: banks.one.tokens.admin,
      body: { username: 'one-student', name: 'Again', userRole: 'USER', branchId: banks.one.main.id },
    });
    expect(again.status).toBe(409);
    expect((await remove('one-student')).status).toBe(404);
  });

  it('retires a teller and ends their sessions, leaving other users’ sessions alone', async () => {
    expect((await remove('one-teller')).status).toBe(204);
    expect(
      (await call(t.app, 'GET', '/user/users/one-teller', { token: banks.one.tokens.teller })).status,
    ).toBe(401);
    expect(
      (await call(t.app, 'GET', '/user/users/one-student', { token: banks.one.tokens.student })).status,
    ).toBe(200);
  });

  it('never retires the last admin (409), but does once another admin exists', async () => {
    await expectRefused(() => remove('one-admin'), 409, messages.lastAdmin);
    await insertUser(t.db, { username: 'one-admin2', role: 'ADMIN', bankId: banks.one.bankId });
    expect((await remove('one-admin')).status).toBe(204);
    const token2 = (await login('one-admin2', FIXTURE_PASSWORD)).body;
    await expectRefused(() => remove('one-admin2', token2), 409, messages.lastAdmin);
  });

  it('checks open accounts even for staff who own one', async () => {
    await insertAccount(t.db, {
      userId: banks.one.teller.id,
      bankId: banks.one.bankId,
      branchId: banks.one.main.id,
    });
    await expectRefused(() => remove('one-teller'), 409, messages.userHasOpenAccounts);
  });

  it('answers 404 for another bank’s or an unknown user; 403 for tellers and students', async () => {
    await expectRefused(() => remove('two-teller'), 404);
    await expectRefused(() => remove('one-teller', banks.two.tokens.admin), 404);
    await expectRefused(() => remove('nobody-here'), 404);
    for (const token of [banks.one.tokens.teller, banks.one.tokens.student]) {
      await expectRefused(() => remove('one-student2', token), 403);
    }
    await expectRefused(() => call(t.app, 'DELETE', '/admin/users/one-teller/delete'), 401);
  });
});

describe.each(['/users', '/user/users'])('PUT %s/{userId}/updateDisplayName', (prefix) => {
  const setName = (userId: string, body: string | undefined, token = banks.one.tokens.student) =>
    call(t.app, 'PUT', `${prefix}/${userId}/updateDisplayName`, { token, body });

  it('sets the user’s own display name from a raw text body, trimmed', async () => {
    const res = await setName('one-student', '  Sunny  ');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      username: 'one-student',
      displayName: 'Sunny',
      name: 'one-student Name',
    });
    expect(Object.keys(res.body).sort()).toEqual(USER_KEYS);
    expect((await userRow('one-student'))?.displayName).toBe('Sunny');
    const max = 'é'.repeat(64);
    expect((await setName('one-student', max)).body.displayName).toBe(max);
  });

  it('clears it for an empty or blank body', async () => {
    for (const body of ['', '   ', undefined]) {
      await setName('one-student', 'Something');
      const res = await setName('one-student', body);
      expect(res.status).toBe(200);
      expect(res.body.displayName).toBeNull();
    }
  });

  it('lets staff set their own display name', async () => {
    const res = await setName('one-admin', 'The Boss', banks.one.tokens.admin);
    expect(res.status).toBe(200);
    expect(res.body.displayName).toBe('The Boss');
  });

  it('refuses more than 64 characters and control characters, changing nothing', async () => {
    await setName('one-student', 'Before');
    await expectRefused(() => setName('one-student', 'x'.repeat(65)), 400, messages.displayNameTooLong);
    await expectRefused(() => setName('one-student', 'tab\there'), 400, messages.displayNameControlChars);
    await expectRefused(() => setName('one-student', 'nul\u0000'), 400, messages.displayNameControlChars);
    expect((await userRow('one-student'))?.displayName).toBe('Before');
  });

  it('is for the user themself: 404 for whom the caller cannot see, 403 for staff of the bank', async () => {
    await expectRefused(() => setName('one-student2', 'Nope'), 404);
    await expectRefused(() => setName('one-student', 'Nope', banks.two.tokens.admin), 404);
    await expectRefused(() => setName('nobody-here', 'Nope'), 404);
    await expectRefused(() => setName('one-student', 'Nope', banks.one.tokens.teller), 403);
    await expectRefused(() => setName('one-student', 'Nope', banks.one.tokens.admin), 403);
    await expectRefused(
      () => call(t.app, 'PUT', `${prefix}/one-student/updateDisplayName`, { body: 'x' }),
      401,
    );
  });
});

describe('PUT /user/users/{userId}/updatePassword', () => {
  const change = (userId: string, body: unknown, token = banks.one.tokens.student) =>
    call(t.app, 'PUT', `/user/users/${userId}/updatePassword`, { token, body });

  it('changes the password, keeps this session, ends the others', async () => {
    const other = (await login('one-student', FIXTURE_PASSWORD)).body;
    expect((await call(t.app, 'GET', '/user/users/one-student', { token: other })).status).toBe(200);

    const res = await change('one-student', [FIXTURE_PASSWORD, 'brand-new-pass']);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe(messages.passwordUpdated);

    expect(
      (await call(t.app, 'GET', '/user/users/one-student', { token: banks.one.tokens.student })).status,
    ).toBe(200);
    expect((await call(t.app, 'GET', '/user/users/one-student', { token: other })).status).toBe(401);
    expect((await login('one-student', FIXTURE_PASSWORD)).status).toBe(401);
    expect((await login('one-student', 'brand-new-pass')).status).toBe(200);
    // Other users keep their sessions.
    expect(
      (await call(t.app, 'GET', '/user/users/one-admin', { token: banks.one.tokens.admin })).status,
    ).toBe(200);
  });

  it('clears mustChangePassword for a user created with a temporary password', async () => {
    const created = await call(t.app, 'POST', '/admin/users/create', {
      token: banks.one.tokens.admin,
      body: { username: 'fresh', name: 'Fresh', userRole: 'USER', branchId: banks.one.main.id },
    });
    const temporary = CREATED.exec(created.body)![1]!;
    const token = (await login('fresh', temporary)).body;
    expect((await call(t.app, 'GET', '/user/users/fresh', { token })).body.mustChangePassword).toBe(true);
    expect((await change('FRESH', [temporary, 'my own password'], token)).status).toBe(200);
    const me = await call(t.app, 'GET', '/user/users/fresh', { token });
    expect(me.body.mustChangePassword).toBe(false);
    expect((await login('fresh', 'my own password')).status).toBe(200);
  });

  it('refuses a wrong current password, a short new one and one equal to the User Id, changing nothing', async () => {
    await expectRefused(
      () => change('one-student', ['wrong-password', 'brand-new-pass']),
      400,
      messages.currentPasswordWrong,
    );
    await expectRefused(
      () => change('one-student', [FIXTURE_PASSWORD, 'short77']),
      400,
      messages.newPasswordTooShort,
    );
    await expectRefused(
      () => change('one-student', [FIXTURE_PASSWORD, 'ONE-Student']),
      400,
      messages.newPasswordIsUserId,
    );
    await expectRefused(
      () => change('one-student', [FIXTURE_PASSWORD, 'x'.repeat(129)]),
      400,
      messages.newPasswordTooLong,
    );
    const res = await expectRefused(
      () => change('one-student', ['wrong-password', 'short']),
      400,
      messages.currentPasswordWrong,
    );
    expect(res.body).toMatchObject({
      error: 'VALIDATION',
      fields: { currentPassword: messages.currentPasswordWrong },
    });
    expect((await login('one-student', FIXTURE_PASSWORD)).status).toBe(200);
  });

  it('refuses a body that is not [currentPassword, newPassword]', async () => {
    for (const body of [
      { currentPassword: FIXTURE_PASSWORD, newPassword: 'brand-new-pass' },
      [FIXTURE_PASSWORD],
      [1, 2],
      'text',
    ]) {
      await expectRefused(() => change('one-student', body), 400);
    }
  });

  it('throttles guessing the current password like sign-in (429)', async () => {
    for (let i = 0; i < 5; i++) {
      await expectRefused(
        () => change('one-student', [`guess-${i}`, 'brand-new-pass']),
        400,
        messages.currentPasswordWrong,
      );
    }
    const res = await change('one-student', [FIXTURE_PASSWORD, 'brand-new-pass']);
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login('one-student', 'brand-new-pass')).status).not.toBe(200);
  });

  it('is for the user themself: 404 for whom the caller cannot see, 403 for staff of the bank', async () => {
    const body = [FIXTURE_PASSWORD, 'brand-new-pass'];
    await expectRefused(() => change('one-student2', body), 404);
    await expectRefused(() => change('one-student', body, banks.two.tokens.admin), 404);
    await expectRefused(() => change('one-student', body, banks.one.tokens.admin), 403);
    await expectRefused(() => change('one-student', body, banks.one.tokens.teller), 403);
    await expectRefused(() => call(t.app, 'PUT', '/user/users/one-student/updatePassword', { body }), 401);
  });
});

describe('tiers', () => {
  it('declares /admin user calls admin-only, the teacher ones staff-only, and the /user and bare /users calls open to anyone signed in', () => {
    const declared = t.app.apiRoutes
      .filter((r) => r.url.includes('/users/'))
      .map((r) => `${r.method} ${r.url} ${r.tier}`)
      .sort();
    expect(declared).toEqual([
      'DELETE /api/admin/users/:userId/delete admin',
      'GET /api/admin/users/:bankId admin',
      'GET /api/user/users/:username user',
      'POST /api/admin/users/:userId/resetPassword admin',
      'POST /api/admin/users/create admin',
      'POST /api/admin/users/import admin',
      'POST /api/teller/users/:username/resetPassword teller',
      'PUT /api/admin/users/:userId/updateUser admin',
      'PUT /api/teller/users/:username/banker teller',
      'PUT /api/user/users/:userId/updateDisplayName user',
      'PUT /api/user/users/:userId/updatePassword user',
      'PUT /api/users/:userId/updateDisplayName user',
    ]);
  });
});

describe('a Student with open accounts', () => {
  const update = (body: Record<string, unknown>) =>
    call(t.app, 'PUT', '/admin/users/one-student/updateUser', {
      token: banks.one.tokens.admin,
      body: {
        userId: 'one-student',
        name: 'one-student Name',
        userRole: 'USER',
        branch: banks.one.main.id,
        ...body,
      },
    });

  it('cannot be moved to another branch or role while an account is open, but may be renamed', async () => {
    for (const body of [{ branch: banks.one.north.id }, { userRole: 'TELLER', branch: null }]) {
      const res = await update(body);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(messages.studentWithOpenAccountsCannotMove);
    }
    expect(await userRow('one-student')).toMatchObject({ role: 'USER', branchId: banks.one.main.id });
    expect((await update({ name: 'Renamed Student' })).status).toBe(200);
  });

  it('can be moved once the accounts are closed', async () => {
    const closed = await call(t.app, 'DELETE', `/admin/accounts/${banks.one.checking.accountNumber}/delete`, {
      token: banks.one.tokens.admin,
    });
    expect(closed.status).toBe(204);
    const moved = await update({ branch: banks.one.north.id });
    expect(moved.status).toBe(200);
    expect(moved.body.branchId).toBe(banks.one.north.id);
  });
});
