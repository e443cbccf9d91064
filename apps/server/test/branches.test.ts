import { beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { messages } from '@bank/shared';
import { branches, users } from '../src/db/schema.js';
import { queryRows } from '../src/db/client.js';
import { call, useTestApp } from './harness.js';
import { insertAccount, insertUser, seedTwoBanks } from './fixtures.js';

const t = useTestApp();
let banks: Awaited<ReturnType<typeof seedTwoBanks>>;
beforeEach(async () => {
  banks = await seedTwoBanks(t.db);
});

/** Every branch row, so a refused request can be shown to have changed nothing. */
const allBranches = () =>
  queryRows<{ id: number; bank_id: number; name: string }>(
    t.db,
    sql`select id, bank_id, name from branches order by id`,
  );

const listAs = (token: string, bankId = banks.one.bankId) =>
  call(t.app, 'GET', `/teller/branches/${bankId}`, { token });

describe('GET /teller/branches/{bankId}', () => {
  it('gives staff of the bank its branches with counted accounts', async () => {
    const { one } = banks;
    for (const token of [one.tokens.admin, one.tokens.teller]) {
      const res = await listAs(token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        {
          id: one.main.id,
          branchId: one.main.id,
          branchName: 'one Main',
          numOfAccounts: 1,
          bankId: one.bankId,
        },
        {
          id: one.north.id,
          branchId: one.north.id,
          branchName: 'one North',
          numOfAccounts: 1,
          bankId: one.bankId,
        },
      ]);
    }
  });

  it('counts open accounts only, whatever was sent or stored before', async () => {
    const { one } = banks;
    await insertAccount(t.db, {
      userId: one.student.id,
      bankId: one.bankId,
      branchId: one.main.id,
      type: 'SAVINGS',
    });
    const closed = await insertAccount(t.db, {
      userId: one.otherStudent.id,
      bankId: one.bankId,
      branchId: one.north.id,
    });
    await t.db.execute(
      sql`update accounts set closed_at = now() where account_number = ${closed.accountNumber}`,
    );
    const res = await listAs(one.tokens.admin);
    expect(res.body.map((b: { numOfAccounts: number }) => b.numOfAccounts)).toEqual([2, 1]);
  });

  it("refuses students (403), anonymous callers (401) and another bank's staff (404)", async () => {
    const { one, two } = banks;
    for (const token of [one.tokens.student, one.tokens.otherStudent]) {
      expect((await listAs(token)).status).toBe(403);
    }
    expect((await call(t.app, 'GET', `/teller/branches/${one.bankId}`)).status).toBe(401);
    for (const token of [two.tokens.admin, two.tokens.teller]) {
      const res = await listAs(token);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'NOT_FOUND', reason: 'NOT_FOUND', message: messages.notFound });
    }
  });

  it('answers 404 for a bank that does not exist and 400 for a malformed id', async () => {
    expect((await listAs(banks.one.tokens.admin, 9999)).status).toBe(404);
    const res = await call(t.app, 'GET', '/teller/branches/abc', { token: banks.one.tokens.admin });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('VALIDATION');
  });
});

describe('POST /admin/branches/create', () => {
  const create = (token: string, body: unknown) =>
    call(t.app, 'POST', '/admin/branches/create', { token, body });

  it("creates a trimmed branch with 0 accounts in the admin's bank, ignoring numOfAccounts", async () => {
    const { one } = banks;
    const res = await create(one.tokens.admin, {
      branchName: '  South Campus ',
      bankId: one.bankId,
      numOfAccounts: 42,
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      branchId: res.body.id,
      branchName: 'South Campus',
      numOfAccounts: 0,
      bankId: one.bankId,
    });
    const listed = await listAs(one.tokens.teller);
    expect(listed.body).toContainEqual(res.body);
  });

  it("uses the admin's own bank when bankId is left out, and accepts it as a string", async () => {
    const { one } = banks;
    const omitted = await create(one.tokens.admin, { branchName: 'East' });
    expect(omitted.status).toBe(201);
    expect(omitted.body.bankId).toBe(one.bankId);
    const asString = await create(one.tokens.admin, { branchName: 'West', bankId: String(one.bankId) });
    expect(asString.status).toBe(201);
  });

  it('answers 409 "Branch already exists" for a name used in the bank, in any case or spacing', async () => {
    const { one } = banks;
    const before = await allBranches();
    for (const branchName of ['one Main', 'ONE MAIN', '  one main  ', 'One North']) {
      const res = await create(one.tokens.admin, { branchName, bankId: one.bankId });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        error: 'CONFLICT',
        reason: 'BRANCH_EXISTS',
        message: 'Branch already exists',
      });
    }
    expect(await allBranches()).toEqual(before);
  });

  it('allows a name another bank already uses', async () => {
    const res = await create(banks.two.tokens.admin, { branchName: 'ONE main' });
    expect(res.status).toBe(201);
    expect(res.body.bankId).toBe(banks.two.bankId);
  });

  it('answers 400 "Branch name must not be blank" for a missing, empty or blank name', async () => {
    const before = await allBranches();
    for (const body of [{}, { branchName: '' }, { branchName: '   ' }, { branchName: null }]) {
      const res = await create(banks.one.tokens.admin, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        error: 'VALIDATION',
        message: 'Branch name must not be blank',
        fields: { branchName: 'Branch name must not be blank' },
      });
    }
    expect(await allBranches()).toEqual(before);
  });

  it('answers 400 for a name over 80 characters', async () => {
    const res = await create(banks.one.tokens.admin, { branchName: 'x'.repeat(81) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(messages.branchNameTooLong);
    expect((await create(banks.one.tokens.admin, { branchName: 'x'.repeat(80) })).status).toBe(201);
  });

  it("refuses tellers and students (403) and another bank's id (404), creating nothing", async () => {
    const { one, two } = banks;
    const before = await allBranches();
    for (const token of [one.tokens.teller, one.tokens.student]) {
      const res = await create(token, { branchName: 'Sneaky' });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('FORBIDDEN');
    }
    const foreign = await create(one.tokens.admin, { branchName: 'Sneaky', bankId: two.bankId });
    expect(foreign.status).toBe(404);
    expect((await call(t.app, 'POST', '/admin/branches/create', { body: { branchName: 'x' } })).status).toBe(
      401,
    );
    expect(await allBranches()).toEqual(before);
  });
});

describe('PUT /admin/branches/update', () => {
  const update = (token: string, body: unknown) =>
    call(t.app, 'PUT', '/admin/branches/update', { token, body });

  it('renames a branch (trimmed) and answers it with its counted accounts', async () => {
    const { one } = banks;
    const res = await update(one.tokens.admin, { branchId: one.main.id, branchName: '  Main Campus  ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: one.main.id,
      branchId: one.main.id,
      branchName: 'Main Campus',
      numOfAccounts: 1,
      bankId: one.bankId,
    });
    const [row] = await t.db.select().from(branches).where(eq(branches.id, one.main.id));
    expect(row?.name).toBe('Main Campus');
  });

  it('lets a branch keep its own name in another case', async () => {
    const { one } = banks;
    const res = await update(one.tokens.admin, { branchId: one.main.id, branchName: 'ONE MAIN' });
    expect(res.status).toBe(200);
    expect(res.body.branchName).toBe('ONE MAIN');
  });

  it("answers 409 for another branch's name in any case or spacing, changing nothing", async () => {
    const { one } = banks;
    const before = await allBranches();
    for (const branchName of ['one North', ' ONE NORTH ']) {
      const res = await update(one.tokens.admin, { branchId: one.main.id, branchName });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        error: 'CONFLICT',
        reason: 'BRANCH_EXISTS',
        message: 'Branch already exists',
      });
    }
    expect(await allBranches()).toEqual(before);
  });

  it('allows a name used only by another bank', async () => {
    const res = await update(banks.one.tokens.admin, { branchId: banks.one.main.id, branchName: 'two Main' });
    expect(res.status).toBe(200);
  });

  it('answers 400 for a blank name or a missing branchId', async () => {
    const { one } = banks;
    const before = await allBranches();
    const blank = await update(one.tokens.admin, { branchId: one.main.id, branchName: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Branch name must not be blank');
    const noId = await update(one.tokens.admin, { branchName: 'Somewhere' });
    expect(noId.status).toBe(400);
    expect(noId.body.fields).toHaveProperty('branchId');
    expect(await allBranches()).toEqual(before);
  });

  it("answers 404 for another bank's or an unknown branch, and 403 for tellers and students", async () => {
    const { one, two } = banks;
    const before = await allBranches();
    const foreign = await update(one.tokens.admin, { branchId: two.main.id, branchName: 'Taken Over' });
    expect(foreign.status).toBe(404);
    expect((await update(one.tokens.admin, { branchId: 9999, branchName: 'Nowhere' })).status).toBe(404);
    for (const token of [one.tokens.teller, one.tokens.student]) {
      expect((await update(token, { branchId: one.main.id, branchName: 'Renamed' })).status).toBe(403);
    }
    expect(await allBranches()).toEqual(before);
  });
});

describe('DELETE /admin/branches/{branchId}/delete', () => {
  const remove = (token: string, branchId: number) =>
    call(t.app, 'DELETE', `/admin/branches/${branchId}/delete`, { token });
  const newBranch = async (bankId: number, name: string) =>
    (await t.db.insert(branches).values({ bankId, name }).returning())[0]!;

  it('deletes an unused branch with 204', async () => {
    const { one } = banks;
    const empty = await newBranch(one.bankId, 'Empty');
    const res = await remove(one.tokens.admin, empty.id);
    expect(res.status).toBe(204);
    expect(res.body).toBe('');
    const listed = await listAs(one.tokens.admin);
    expect(listed.body.map((b: { branchId: number }) => b.branchId)).not.toContain(empty.id);
    expect((await remove(one.tokens.admin, empty.id)).status).toBe(404);
  });

  it('answers 409 while the branch has open or closed accounts, or users (retired ones too)', async () => {
    const { one } = banks;
    const before = await allBranches();
    // main and north both have users and an open account.
    for (const branch of [one.main, one.north]) {
      const res = await remove(one.tokens.admin, branch.id);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: 'CONFLICT', reason: 'BRANCH_IN_USE', message: messages.branchInUse });
    }
    const closedOnly = await newBranch(one.bankId, 'Closed Only');
    const account = await insertAccount(t.db, {
      userId: one.student.id,
      bankId: one.bankId,
      branchId: closedOnly.id,
    });
    await t.db.execute(
      sql`update accounts set closed_at = now() where account_number = ${account.accountNumber}`,
    );
    expect((await remove(one.tokens.admin, closedOnly.id)).status).toBe(409);

    const userOnly = await newBranch(one.bankId, 'User Only');
    await insertUser(t.db, {
      username: 'staff-there',
      role: 'TELLER',
      bankId: one.bankId,
      branchId: userOnly.id,
    });
    expect((await remove(one.tokens.admin, userOnly.id)).status).toBe(409);

    const retiredOnly = await newBranch(one.bankId, 'Retired Only');
    const retired = await insertUser(t.db, {
      username: 'gone-now',
      role: 'USER',
      bankId: one.bankId,
      branchId: retiredOnly.id,
    });
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, retired.id));
    expect((await remove(one.tokens.admin, retiredOnly.id)).status).toBe(409);

    expect((await allBranches()).length).toBe(before.length + 3);
  });

  it("answers 404 for another bank's branch, 403 for tellers and students, 400 for a bad id", async () => {
    const { one, two } = banks;
    const foreign = await newBranch(two.bankId, 'Two Empty');
    const empty = await newBranch(one.bankId, 'One Empty');
    const before = await allBranches();
    expect((await remove(one.tokens.admin, foreign.id)).status).toBe(404);
    expect((await remove(one.tokens.admin, 9999)).status).toBe(404);
    for (const token of [one.tokens.teller, one.tokens.student]) {
      expect((await remove(token, empty.id)).status).toBe(403);
    }
    const bad = await call(t.app, 'DELETE', '/admin/branches/0/delete', { token: one.tokens.admin });
    expect(bad.status).toBe(400);
    expect(await allBranches()).toEqual(before);
  });
});
