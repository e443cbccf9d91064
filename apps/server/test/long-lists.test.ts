import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { call, useTestApp } from './harness.js';
import { insertAccount, insertUser, seedTwoBanks, type SeededBank } from './fixtures.js';

/**
 * Long lists (API.md "Long lists"): the Students roster, the admin's users and the bank's accounts
 * page with `limit` and `cursor` (X-Next-Cursor) and say how many match (X-Total-Count); without
 * `limit` they answer whole, as the product spec's calls do.
 */

const t = useTestApp();
let one: SeededBank;
let two: SeededBank;

/** 24 more Students in bank one's Main branch: names out of order, two of them the same. */
const NAMES = ['Noah', 'Ava', 'Liam', 'Emma', 'Mia', 'Zoe', 'Eli', 'Ivy', 'Leo', 'Kai', 'Sam Lee', 'Ben'];
beforeEach(async () => {
  ({ one, two } = await seedTwoBanks(t.db));
  for (const [i, name] of [...NAMES, ...NAMES.map((n) => `${n} Two`)].entries()) {
    const user = await insertUser(t.db, {
      username: `kid-${String(i).padStart(2, '0')}`,
      role: 'USER',
      bankId: one.bankId,
      branchId: one.main.id,
      name: i === 23 ? 'Sam Lee' : name,
    });
    await insertAccount(t.db, { userId: user.id, bankId: one.bankId, branchId: one.main.id });
  }
});

const get = (token: string, url: string) => call(t.app, 'GET', url, { token });

/** Every page of a list, following X-Next-Cursor: the rows in order and each page's total. */
async function walk(token: string, base: string, limit: number, key: (row: any) => string) {
  const rows: string[] = [];
  const totals = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < 100; page++) {
    const sep = base.includes('?') ? '&' : '?';
    const res = await get(token, `${base}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThanOrEqual(limit);
    rows.push(...res.body.map(key));
    totals.add(String(res.headers['x-total-count']));
    cursor = res.headers['x-next-cursor'] as string | undefined;
    if (!cursor) return { rows, totals: [...totals] };
    expect(cursor).toBe(key(res.body.at(-1)));
  }
  throw new Error('more than 100 pages');
}

describe('paging the Students roster', () => {
  const base = () => `/teller/students/${one.bankId}`;

  it('walks the whole roster in its order, page by page, with the count on every page', async () => {
    const whole = await get(one.tokens.teller, base());
    expect(whole.headers['x-total-count']).toBeUndefined();
    expect(whole.headers['x-next-cursor']).toBeUndefined();
    expect(whole.body).toHaveLength(26);
    const paged = await walk(one.tokens.teller, base(), 5, (s) => s.username);
    expect(paged.rows).toEqual(whole.body.map((s: any) => s.username));
    expect(paged.totals).toEqual(['26']);
    // Two students named "Sam Lee": the User Id orders them.
    const sams = whole.body.filter((s: any) => s.name === 'Sam Lee').map((s: any) => s.username);
    expect(sams).toEqual(['kid-10', 'kid-23']);
  });

  it('pages a search and a branch, counting only what matches', async () => {
    const search = await walk(one.tokens.admin, `${base()}?q=two`, 4, (s) => s.username);
    expect(search.totals).toEqual(['11']);
    expect(search.rows).toHaveLength(11);
    const north = await get(one.tokens.admin, `${base()}?branchId=${one.north.id}&limit=10`);
    expect(north.body.map((s: any) => s.username)).toEqual([`one-student2`]);
    expect(north.headers['x-total-count']).toBe('1');
    expect(north.headers['x-next-cursor']).toBeUndefined();
  });

  it('a student added between two pages is neither repeated nor skipped', async () => {
    const first = await get(one.tokens.teller, `${base()}?limit=5`);
    // "Aaron" sorts before every row already seen; "Zed" after the cursor.
    for (const [username, name] of [
      ['aaron-new', 'Aaron'],
      ['zed-new', 'Zed'],
    ]) {
      await insertUser(t.db, {
        username: username!,
        role: 'USER',
        bankId: one.bankId,
        branchId: one.main.id,
        name,
      });
    }
    const rest = await walk(
      one.tokens.teller,
      `${base()}?cursor=${first.headers['x-next-cursor']}`,
      50,
      (s) => s.username,
    );
    const seen = [...first.body.map((s: any) => s.username), ...rest.rows];
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toContain('zed-new');
    expect(seen).not.toContain('aaron-new');
  });
});

describe('paging Manage Users', () => {
  const base = () => `/admin/users/${one.bankId}`;

  it('walks every user by User Id and finds a part of a name or User Id', async () => {
    const whole = await get(one.tokens.admin, base());
    expect(whole.body).toHaveLength(28);
    expect(whole.headers['x-total-count']).toBeUndefined();
    const paged = await walk(one.tokens.admin, base(), 6, (u) => u.userId);
    expect(paged.rows).toEqual(whole.body.map((u: any) => u.userId));
    expect(paged.totals).toEqual(['28']);
    const found = await get(one.tokens.admin, `${base()}?q=SAM&limit=10`);
    expect(found.body.map((u: any) => u.userId)).toEqual(['kid-10', 'kid-22', 'kid-23']);
    expect(found.headers['x-total-count']).toBe('3');
    const admins = await get(one.tokens.admin, `${base()}?q=admin&limit=10`);
    expect(admins.body.map((u: any) => u.userId)).toEqual(['one-admin']);
  });
});

describe('paging Manage Accounts', () => {
  const base = () => `/teller/accounts/bank/${one.bankId}`;

  it('walks every open account in opening order and finds a number, User Id or name', async () => {
    const whole = await get(one.tokens.admin, base());
    expect(whole.body).toHaveLength(26);
    const paged = await walk(one.tokens.teller, base(), 7, (a) => a.accountId);
    expect(paged.rows).toEqual(whole.body.map((a: any) => a.accountId));
    expect(paged.totals).toEqual(['26']);
    const byNumber = await get(one.tokens.admin, `${base()}?q=${one.checking.accountNumber}&limit=5`);
    expect(byNumber.body.map((a: any) => a.accountId)).toEqual([one.checking.accountNumber]);
    const byName = await get(one.tokens.admin, `${base()}?q=ivy&limit=5`);
    expect(byName.body.map((a: any) => a.username)).toEqual(['kid-07', 'kid-19']);
    expect(byName.headers['x-total-count']).toBe('2');
  });

  it("counts each open account's pending transactions, in every account list", async () => {
    const deposit = await call(t.app, 'POST', '/teller/deposits', {
      token: one.tokens.admin,
      body: { accountId: one.checking.accountNumber, amount: 5 },
    });
    expect(deposit.status).toBe(201);
    const pendingOf = (list: any[]) =>
      list.find((a) => a.accountId === one.checking.accountNumber)?.pendingCount;
    expect(pendingOf((await get(one.tokens.admin, base())).body)).toBe(1);
    expect(pendingOf((await get(one.tokens.admin, `${base()}?limit=500`)).body)).toBe(1);
    expect(pendingOf((await get(one.tokens.student, `/user/accounts/user/one-student`)).body)).toBe(1);
    const roster = await get(one.tokens.teller, `/teller/students/${one.bankId}?q=one-student`);
    expect(pendingOf(roster.body.flatMap((s: any) => s.accounts))).toBe(1);
    expect((await get(one.tokens.admin, base())).body.filter((a: any) => a.pendingCount > 0)).toHaveLength(1);
    await call(t.app, 'POST', '/admin/transactions/post', { token: one.tokens.admin });
    expect(pendingOf((await get(one.tokens.admin, base())).body)).toBe(0);
  });
});

describe('what a page may not ask', () => {
  it('refuses a limit outside 1..500 and a cursor that is malformed or names another bank’s row', async () => {
    const paths = [
      `/teller/students/${one.bankId}`,
      `/admin/users/${one.bankId}`,
      `/teller/accounts/bank/${one.bankId}`,
    ];
    for (const path of paths) {
      for (const limit of ['0', '501', '2.5', 'ten']) {
        expect((await get(one.tokens.admin, `${path}?limit=${limit}`)).status).toBe(400);
      }
      expect((await get(one.tokens.admin, `${path}?limit=5&cursor=%00`)).status).toBe(400);
    }
    const foreignStudent = await get(
      one.tokens.admin,
      `/teller/students/${one.bankId}?limit=5&cursor=two-student`,
    );
    expect(foreignStudent.status).toBe(400);
    expect(foreignStudent.body.fields).toHaveProperty('cursor');
    const foreignAccount = await get(
      one.tokens.admin,
      `/teller/accounts/bank/${one.bankId}?limit=5&cursor=${two.checking.accountNumber}`,
    );
    expect(foreignAccount.status).toBe(400);
    // Another bank's list stays another bank's, paged or not.
    expect((await get(two.tokens.admin, `/admin/users/${one.bankId}?limit=5`)).status).toBe(404);
    expect((await get(two.tokens.teller, `/teller/accounts/bank/${one.bankId}?limit=5`)).status).toBe(404);
  });
});

describe('GET /admin/signInAddress and PUBLIC_URL', () => {
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('is null without PUBLIC_URL, the address with it; admins only', async () => {
    const plain = await get(one.tokens.admin, '/admin/signInAddress');
    expect(plain).toMatchObject({ status: 200, body: { publicUrl: null } });
    expect((await get(one.tokens.teller, '/admin/signInAddress')).status).toBe(403);
    expect((await get(one.tokens.student, '/admin/signInAddress')).status).toBe(403);
    expect((await call(t.app, 'GET', '/admin/signInAddress')).status).toBe(401);
    const publicUrl = loadConfig({ PUBLIC_URL: 'http://bank.school.example:3000/' }).publicUrl;
    const app = await buildApp({ config: { ...t.config, publicUrl }, db: t.db });
    apps.push(app);
    const configured = await call(app, 'GET', '/admin/signInAddress', { token: one.tokens.admin });
    expect(configured.body).toEqual({ publicUrl: 'http://bank.school.example:3000' });
  });

  it('refuses a PUBLIC_URL that is not a plain http(s) address, by name', () => {
    for (const bad of [
      'bank.school',
      'ftp://bank.school',
      'http://bank.school/?a=1',
      'javascript:alert(1)',
    ]) {
      expect(() => loadConfig({ PUBLIC_URL: bad })).toThrow(/PUBLIC_URL/);
    }
    expect(loadConfig({}).publicUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'https://bank.example.org/school' }).publicUrl).toBe(
      'https://bank.example.org/school',
    );
  });
});
