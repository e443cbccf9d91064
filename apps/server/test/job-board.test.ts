import { beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { economyLimits } from '@bank/shared';
import { users } from '../src/db/schema.js';
import { createSession } from '../src/domain/auth/sessions.js';
import { call, useTestApp } from './harness.js';
import { insertUser, seedTwoBanks, type SeededBank } from './fixtures.js';

/**
 * The job board a child reads (issue 34 item 1; GET /user/jobBoard/{username}): a Student sees the
 * jobs of their class and of every class, with wages, how many hold each and which classmates do
 * (display name, else first name), never a User Id, a balance or another class's job or Student.
 * Through HTTP, on PGlite and (TEST_DATABASE_URL) PostgreSQL.
 */

const t = useTestApp();
let one: SeededBank;
let two: SeededBank;

const send = (method: 'GET' | 'POST' | 'PUT', token: string, url: string, body?: unknown) =>
  call(t.app, method, url, { token, body });

async function createJob(name: string, wage: number, branchId: number | null) {
  const res = await send('POST', one.tokens.admin, '/teller/jobs', { name, wage, branchId });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { jobId: number };
}

async function hire(jobId: number, holders: string[]) {
  const res = await send('PUT', one.tokens.admin, `/teller/jobs/${jobId}`, { holders });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** A Student of bank one, in the given branch, with their full name and maybe a display name. */
async function student(username: string, branchId: number, name: string, displayName?: string) {
  const user = await insertUser(t.db, { username, role: 'USER', bankId: one.bankId, branchId, name });
  if (displayName) await t.db.update(users).set({ displayName }).where(eq(users.id, user.id));
  return user;
}

const boardOf = (username: string, token: string) => send('GET', token, `/user/jobBoard/${username}`);

let librarian: { jobId: number };
let gardener: { jobId: number };
let messenger: { jobId: number };
let northOnly: { jobId: number };

beforeEach(async () => {
  ({ one, two } = await seedTwoBanks(t.db));
  // one-student is in Main; one-student2 in North.
  await student('ana-lee', one.main.id, 'Ana Lee');
  await student('ben-ortiz', one.main.id, 'Benjamin Ortiz', 'Benny');
  await student('cy-north', one.north.id, 'Cy Park');
  librarian = await createJob('Librarian', 2, one.main.id);
  gardener = await createJob('Gardener', 1.5, one.main.id);
  messenger = await createJob('Messenger', 3, null);
  northOnly = await createJob('Banker of North', 4, one.north.id);
  await hire(librarian.jobId, [one.student.username, 'ana-lee', 'ben-ortiz']);
  await hire(messenger.jobId, ['ana-lee', 'cy-north', one.otherStudent.username]);
  await hire(northOnly.jobId, ['cy-north']);
});

describe('the job board', () => {
  it("shows the Student's class jobs and every class's, theirs first, with wage, count and classmates' names", async () => {
    const res = await boardOf(one.student.username, one.tokens.student);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual([
      {
        jobId: librarian.jobId,
        branchId: one.main.id,
        name: 'Librarian',
        wage: 2,
        mine: true,
        holderCount: 3,
        // The display name where there is one, else the first name; the Student themself left out.
        holderNames: ['Ana', 'Benny'],
      },
      {
        jobId: gardener.jobId,
        branchId: one.main.id,
        name: 'Gardener',
        wage: 1.5,
        mine: false,
        holderCount: 0,
        holderNames: [],
      },
      {
        jobId: messenger.jobId,
        branchId: null,
        name: 'Messenger',
        wage: 3,
        mine: false,
        // Three hold it; only the classmate is named: North's Students are not this class's.
        holderCount: 3,
        holderNames: ['Ana'],
      },
    ]);
    // North's job, North's Students and every User Id stay out of the answer.
    const text = JSON.stringify(res.body);
    for (const hidden of ['Banker of North', 'Cy', 'cy-north', 'ana-lee', one.otherStudent.username])
      expect(text).not.toContain(hidden);
  });

  it("shows North's Student North's jobs and the bank's, naming only North's Students", async () => {
    const res = await boardOf(one.otherStudent.username, one.tokens.otherStudent);
    expect(res.status).toBe(200);
    expect(res.body.map((job: { name: string }) => job.name)).toEqual(['Messenger', 'Banker of North']);
    expect(res.body[0]).toMatchObject({ mine: true, holderCount: 3, holderNames: ['Cy'] });
    expect(res.body[1]).toMatchObject({ mine: false, holderCount: 1, holderNames: ['Cy'] });
  });

  it("is the Student's own: a classmate, another class's Student and another bank's get 404", async () => {
    const classmate = await insertUser(t.db, {
      username: 'dee-main',
      role: 'USER',
      bankId: one.bankId,
      branchId: one.main.id,
    });
    const classmateToken = await createSession(t.db, classmate.id, 3600);
    const path = one.student.username;
    expect((await boardOf(path, classmateToken)).status).toBe(404);
    expect((await boardOf(path, one.tokens.otherStudent)).status).toBe(404);
    expect((await boardOf(path, two.tokens.student)).status).toBe(404);
    // The same answer for a User Id that does not exist: nothing says who is there.
    expect((await boardOf('nobody-here', one.tokens.student)).body).toEqual(
      (await boardOf(path, two.tokens.student)).body,
    );
  });

  it("staff of the bank read a Student's board as the Student sees it; another bank's staff get 404", async () => {
    const own = (await boardOf(one.student.username, one.tokens.student)).body;
    for (const token of [one.tokens.admin, one.tokens.teller]) {
      const res = await boardOf(one.student.username, token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(own);
    }
    for (const token of [two.tokens.admin, two.tokens.teller])
      expect((await boardOf(one.student.username, token)).status).toBe(404);
    // A member of staff has no board of their own.
    expect((await boardOf(one.teller.username, one.tokens.admin)).status).toBe(404);
  });

  it(`names at most ${economyLimits.jobBoardNamesMax} classmates on a job and counts every holder`, async () => {
    const many = economyLimits.jobBoardNamesMax + 5;
    await t.db.execute(
      sql`insert into users (username, name, role, bank_id, branch_id, password_hash, must_change_password)
          select 'kid-' || lpad(n::text, 3, '0'), 'Kid' || lpad(n::text, 3, '0') || ' Doe', 'USER', ${one.bankId},
                 ${one.main.id}, 'x', false
          from generate_series(1, ${many}) n`,
    );
    const kids = Array.from({ length: many }, (_, i) => `kid-${String(i + 1).padStart(3, '0')}`);
    await hire(gardener.jobId, [one.student.username, ...kids]);
    const res = await boardOf(one.student.username, one.tokens.student);
    const gardening = res.body.find((job: { jobId: number }) => job.jobId === gardener.jobId);
    expect(gardening.holderCount).toBe(many + 1);
    expect(gardening.holderNames).toHaveLength(economyLimits.jobBoardNamesMax);
    expect(gardening.holderNames[0]).toBe('Kid001');
  });
});
