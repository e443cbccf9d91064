import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { messages } from '@bank/shared';
import { call, useTestApp } from './harness.js';
import { FIXTURE_PASSWORD, seedTwoBanks } from './fixtures.js';

/**
 * Issue 33 item 9: the first sign-in does not ask for the temporary password a second time. A
 * session opened with it may choose the new password with the current one left empty, for a while
 * and once; every other change still needs the current password.
 */
const t = useTestApp();
let banks: Awaited<ReturnType<typeof seedTwoBanks>>;
beforeEach(async () => {
  banks = await seedTwoBanks(t.db);
});

const NEW = 'Blue-Kite-Harbor-77';
const signIn = async (username: string, password: string) =>
  (await call(t.app, 'POST', '/login', { body: { username, password } })).body as string;
const changePassword = (token: string, username: string, current: string, next: string) =>
  call(t.app, 'PUT', `/user/users/${username}/updatePassword`, { token, body: [current, next] });

async function temporaryPasswordOf(username: string): Promise<string> {
  const res = await call(t.app, 'POST', `/admin/users/${username}/resetPassword`, {
    token: banks.one.tokens.admin,
  });
  expect(res.status).toBe(200);
  return /^Temporary password: (.+)$/.exec(res.body)![1]!;
}

describe('the first sign-in', () => {
  it('chooses the new password without the temporary one, once', async () => {
    const token = await signIn('one-student', await temporaryPasswordOf('one-student'));
    const res = await changePassword(token, 'one-student', '', NEW);
    expect([res.status, res.body]).toEqual([200, messages.passwordUpdated]);
    const me = await call(t.app, 'GET', '/user/users/one-student', { token });
    expect(me.body.mustChangePassword).toBe(false);
    expect(await signIn('one-student', NEW)).toMatch(/^[\w-]{20,}$/);
    // Used up: the next change asks for the current password.
    const again = await changePassword(token, 'one-student', '', 'Green-Owl-River-58');
    expect([again.status, again.body.message]).toEqual([400, messages.currentPasswordWrong]);
  });

  it('still checks the new password: not weak, not the temporary one; the proof survives a refusal', async () => {
    const temporary = await temporaryPasswordOf('one-student');
    const token = await signIn('one-student', temporary);
    const same = await changePassword(token, 'one-student', '', temporary);
    expect([same.status, same.body.message]).toEqual([400, messages.newPasswordIsCurrent]);
    const short = await changePassword(token, 'one-student', '', 'short');
    expect([short.status, short.body.message]).toEqual([400, messages.newPasswordTooShort]);
    expect((await changePassword(token, 'one-student', '', NEW)).status).toBe(200);
  });

  it('asks for the current password in a session not opened with a temporary one, or after a while', async () => {
    // A user with no temporary password: the empty current password is wrong, as ever.
    const plain = await signIn('one-student', FIXTURE_PASSWORD);
    const res = await changePassword(plain, 'one-student', '', NEW);
    expect([res.status, res.body.message]).toEqual([400, messages.currentPasswordWrong]);
    // The proof lasts a while only.
    const token = await signIn('one-student', await temporaryPasswordOf('one-student'));
    await t.db.execute(sql`update sessions set temporary_proof_expires_at = now() - interval '1 second'`);
    const late = await changePassword(token, 'one-student', '', NEW);
    expect([late.status, late.body.message]).toEqual([400, messages.currentPasswordWrong]);
  });

  it('the temporary password typed again still works, as before', async () => {
    const temporary = await temporaryPasswordOf('one-student');
    const token = await signIn('one-student', temporary);
    expect((await changePassword(token, 'one-student', temporary, NEW)).status).toBe(200);
  });
});
