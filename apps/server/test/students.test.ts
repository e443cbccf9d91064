import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, useTestApp } from './harness.js';
import { insertAccount, insertUser, seedTwoBanks, type SeededBank } from './fixtures.js';

/** The students roster (GET /teller/students/{bankId}, API.md "Classroom tools"). */

const t = useTestApp();
let one: SeededBank;
let two: SeededBank;
beforeEach(async () => {
  ({ one, two } = await seedTwoBanks(t.db));
  // bank one: Maya Chen (Main, display name "Mimi"), Zoë 100% Diaz (North), a retired student.
  const maya = await insertUser(t.db, {
    username: 'maya.c',
    role: 'USER',
    bankId: one.bankId,
    branchId: one.main.id,
    name: 'Maya Chen',
  });
  await t.db.execute(sql`update users set display_name = 'Mimi' where id = ${maya.id}`);
  await insertAccount(t.db, { userId: maya.id, bankId: one.bankId, branchId: one.main.id });
  const closed = await insertAccount(t.db, { userId: maya.id, bankId: one.bankId, branchId: one.main.id });
  await t.db.execute(
    sql`update accounts set closed_at = now() where account_number = ${closed.accountNumber}`,
  );
  await insertUser(t.db, {
    username: 'zoe_d',
    role: 'USER',
    bankId: one.bankId,
    branchId: one.north.id,
    name: 'Zoë 100% Diaz',
  });
  const gone = await insertUser(t.db, {
    username: 'gone-kid',
    role: 'USER',
    bankId: one.bankId,
    branchId: one.main.id,
    name: 'Gone Kid',
  });
  await t.db.execute(sql`update users set deleted_at = now() where id = ${gone.id}`);
  // bank two has a Maya too: never seen from bank one.
  await insertUser(t.db, {
    username: 'maya.two',
    role: 'USER',
    bankId: two.bankId,
    branchId: two.main.id,
    name: 'Maya Other',
  });
});

const roster = (token: string, bankId: number, query = '') =>
  call(t.app, 'GET', `/teller/students/${bankId}${query}`, { token });

describe('GET /teller/students/{bankId}', () => {
  it("lists the bank's current Students by name, across branches, each with their open accounts", async () => {
    const res = await roster(one.tokens.teller, one.bankId);
    expect(res.status).toBe(200);
    expect(res.body.map((s: any) => s.username)).toEqual(['maya.c', 'one-student', 'one-student2', 'zoe_d']);
    const maya = res.body[0];
    expect(maya).toMatchObject({
      userId: 'maya.c',
      name: 'Maya Chen',
      displayName: 'Mimi',
      branchId: one.main.id,
    });
    expect(maya.accounts).toHaveLength(1);
    expect(maya.accounts[0]).toMatchObject({ accountType: 'CHECKING', balance: 0, username: 'maya.c' });
    expect(res.body[1].accounts.map((a: any) => a.accountId)).toEqual([one.checking.accountNumber]);
  });

  it('filters by branch and finds a part of the name, display name or user id, in any case', async () => {
    const names = async (query: string) =>
      (await roster(one.tokens.admin, one.bankId, query)).body.map((s: any) => s.username);
    expect(await names(`?branchId=${one.north.id}`)).toEqual(['one-student2', 'zoe_d']);
    expect(await names('?q=CHEN')).toEqual(['maya.c']);
    expect(await names('?q=mim')).toEqual(['maya.c']);
    expect(await names('?q=OE_')).toEqual(['zoe_d']);
    expect(await names('?q=100%25')).toEqual(['zoe_d']);
    expect(await names('?q=_')).toEqual(['zoe_d']);
    expect(await names(`?q=maya&branchId=${one.north.id}`)).toEqual([]);
    expect(await names('?q=student2')).toEqual(['one-student2']);
    expect(await names('?q=')).toHaveLength(4);
  });

  it("is staff's only, of their own bank: another bank's staff get 404, a Student 403; bad queries 400", async () => {
    expect((await roster(two.tokens.teller, one.bankId)).status).toBe(404);
    expect((await roster(two.tokens.admin, one.bankId)).status).toBe(404);
    expect((await roster(one.tokens.student, one.bankId)).status).toBe(403);
    const theirs = await roster(two.tokens.teller, two.bankId, '?q=maya');
    expect(theirs.body.map((s: any) => s.username)).toEqual(['maya.two']);
    expect((await roster(one.tokens.teller, one.bankId, '?q=%00')).status).toBe(400);
    expect((await roster(one.tokens.teller, one.bankId, `?q=${'x'.repeat(101)}`)).status).toBe(400);
    expect((await roster(one.tokens.teller, one.bankId, '?branchId=abc')).status).toBe(400);
    // Another bank's branch names none of this bank's students.
    expect((await roster(one.tokens.teller, one.bankId, `?branchId=${two.main.id}`)).body).toEqual([]);
  });
});
