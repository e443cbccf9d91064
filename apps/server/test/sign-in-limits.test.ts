import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { DEFAULT_PASSWORD_HASH_COST, setPasswordHashCost } from '../src/domain/auth/passwords.js';
import { TEST_PASSWORD_HASH_COST, useTestApp } from './harness.js';
import { FIXTURE_PASSWORD, insertUser, seedTwoBanks } from './fixtures.js';

/**
 * The sign-in limits of API.md "Sessions", through HTTP with real client addresses: per username
 * and address (5 / 15 min), per username (50 / hour), per address (100 / 15 min). Counting is
 * atomic, so guesses sent all at once cannot slip past the count.
 */
const t = useTestApp();
let banks: Awaited<ReturnType<typeof seedTwoBanks>>;
beforeEach(async () => {
  banks = await seedTwoBanks(t.db);
});

const SCHOOL = '10.1.1.1';
const ATTACKER = '10.6.6.6';

async function signIn(username: string, password: string, address = SCHOOL) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: address,
    payload: { username, password },
  });
  return { status: response.statusCode, retryAfter: response.headers['retry-after'], body: response.body };
}

async function changePassword(token: string, username: string, current: string, address = SCHOOL) {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/user/users/${username}/updatePassword`,
    remoteAddress: address,
    headers: { authorization: `Bearer ${token}` },
    payload: [current, 'a-much-better-secret-77'],
  });
  return { status: response.statusCode, retryAfter: response.headers['retry-after'] };
}

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

const recordedFailures = async () =>
  (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from login_failures`))[0]!.n;

/** Failures recorded before the test, as earlier failed sign-ins would have left them. */
async function earlierFailures(count: number, who: (i: number) => [string, string]) {
  for (let i = 0; i < count; i++) {
    const [usernameKey, address] = who(i);
    await t.db.execute(
      sql`insert into login_failures (username_key, address, at) values (${usernameKey}, ${address}, now() - interval '1 minute')`,
    );
  }
}

describe('parallel guesses', () => {
  // At the production cost (the users seeded for these tests too): the reservations must hold
  // while real, slow scrypt hashes run side by side.
  beforeAll(() => setPasswordHashCost(DEFAULT_PASSWORD_HASH_COST));
  afterAll(() => setPasswordHashCost(TEST_PASSWORD_HASH_COST));

  it('checks at most 5 of 60 wrong guesses sent at once; the rest get 429 with Retry-After', async () => {
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, i) => signIn('one-teller', `wrong-guess-${i}`)),
    );
    const counts = tally(burst.map((r) => r.status));
    expect(counts).toEqual({ 401: 5, 429: 55 });
    for (const r of burst.filter((r) => r.status === 429)) expect(Number(r.retryAfter)).toBeGreaterThan(0);
    expect(await recordedFailures()).toBe(5);
    // The right password from that address now waits too.
    expect((await signIn('one-teller', FIXTURE_PASSWORD)).status).toBe(429);
  });

  it('a right password inside a burst of wrong ones is checked only if it is among the first 5', async () => {
    const passwords = Array.from({ length: 40 }, (_, i) => `wrong-guess-${i}`);
    passwords.splice(20, 0, FIXTURE_PASSWORD);
    const burst = await Promise.all(passwords.map((p) => signIn('one-teller', p)));
    const counts = tally(burst.map((r) => r.status));
    // Whatever the interleaving, no more than 5 passwords were tried.
    expect((counts[401] ?? 0) + (counts[200] ?? 0)).toBeLessThanOrEqual(5);
    expect(counts[429]).toBeGreaterThanOrEqual(36);
  });

  it('checks at most 5 wrong current passwords of a password change sent at once', async () => {
    const token = banks.one.tokens.student;
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => changePassword(token, 'one-student', `wrong-current-${i}`)),
    );
    expect(tally(burst.map((r) => r.status))).toEqual({ 400: 5, 429: 25 });
    // The same counts guard sign-in: that user is now waiting from that address.
    expect((await signIn('one-student', FIXTURE_PASSWORD)).status).toBe(429);
    // ...and the right current password too.
    expect((await changePassword(token, 'one-student', FIXTURE_PASSWORD)).status).toBe(429);
  });
});

describe('the three limits', () => {
  it('five wrong guesses from another address do not lock a user out from their own address', async () => {
    for (let i = 0; i < 5; i++) expect((await signIn('one-admin', `guess-${i}`, ATTACKER)).status).toBe(401);
    const blocked = await signIn('one-admin', FIXTURE_PASSWORD, ATTACKER);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.retryAfter)).toBeGreaterThan(0);
    expect((await signIn('one-admin', FIXTURE_PASSWORD, SCHOOL)).status).toBe(200);
  });

  it('a class of 30 behind one address with 25 typos all sign in', async () => {
    const students = Array.from({ length: 30 }, (_, i) => `pupil-${String(i).padStart(2, '0')}`);
    for (const username of students) {
      await insertUser(t.db, {
        username,
        role: 'USER',
        bankId: banks.one.bankId,
        branchId: banks.one.main.id,
      });
    }
    // 25 typos spread over the class: some students mistype twice, some not at all.
    const typos = Array.from({ length: 25 }, (_, i) => students[(i * 7) % 18]!);
    const typoResults = await Promise.all(typos.map((u, i) => signIn(u, `typo-${i}`)));
    expect(tally(typoResults.map((r) => r.status))).toEqual({ 401: 25 });
    const results = await Promise.all(students.map((u) => signIn(u, FIXTURE_PASSWORD)));
    expect(tally(results.map((r) => r.status))).toEqual({ 200: 30 });
  });

  it('50 failures for one username from many addresses block it from every address for the hour', async () => {
    // 45 earlier failures from nine addresses (written directly: hashing 50 guesses is slow), then
    // the last five through HTTP from a tenth.
    await earlierFailures(45, (i) => ['one-admin', `10.9.0.${(i % 9) + 1}`]);
    const round = await Promise.all(
      Array.from({ length: 5 }, (_, i) => signIn('one-admin', `spray-${i}`, '10.9.0.10')),
    );
    expect(tally(round.map((r) => r.status))).toEqual({ 401: 5 });
    const own = await signIn('one-admin', FIXTURE_PASSWORD, SCHOOL);
    expect(own.status).toBe(429);
    expect(Number(own.retryAfter)).toBeGreaterThan(15 * 60);
    // Other users are not affected.
    expect((await signIn('one-teller', FIXTURE_PASSWORD, SCHOOL)).status).toBe(200);
    // Failures older than the hour no longer count.
    await t.db.execute(sql`update login_failures set at = at - interval '61 minutes'`);
    expect((await signIn('one-admin', FIXTURE_PASSWORD, SCHOOL)).status).toBe(200);
  });

  it('100 failures from one address in 15 minutes block that address for every username', async () => {
    await earlierFailures(90, (i) => [`nobody-${i}`, ATTACKER]);
    const usernames = Array.from({ length: 10 }, (_, i) => `someone-${i}`);
    const results = await Promise.all(usernames.map((u) => signIn(u, 'wrong', ATTACKER)));
    expect(tally(results.map((r) => r.status))).toEqual({ 401: 10 });
    const blocked = await signIn('one-teller', FIXTURE_PASSWORD, ATTACKER);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.retryAfter)).toBeGreaterThan(0);
    expect((await signIn('one-teller', FIXTURE_PASSWORD, SCHOOL)).status).toBe(200);
    await t.db.execute(sql`update login_failures set at = at - interval '16 minutes'`);
    expect((await signIn('one-teller', FIXTURE_PASSWORD, ATTACKER)).status).toBe(200);
  });

  it('a success clears the failures of that username from that address only', async () => {
    for (let i = 0; i < 4; i++) expect((await signIn('one-admin', `guess-${i}`, ATTACKER)).status).toBe(401);
    for (let i = 0; i < 4; i++) expect((await signIn('one-admin', `typo-${i}`, SCHOOL)).status).toBe(401);
    expect((await signIn('one-admin', FIXTURE_PASSWORD, SCHOOL)).status).toBe(200);
    // The school's typos are forgiven; the attacker's guesses still count.
    for (let i = 0; i < 4; i++) expect((await signIn('one-admin', `typo-${i}`, SCHOOL)).status).toBe(401);
    expect((await signIn('one-admin', 'guess-5', ATTACKER)).status).toBe(401);
    expect((await signIn('one-admin', 'guess-6', ATTACKER)).status).toBe(429);
  });
});
