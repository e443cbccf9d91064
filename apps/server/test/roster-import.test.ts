import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { limits, messages } from '@bank/shared';
import { queryRows } from '../src/db/client.js';
import { call, useTestApp } from './harness.js';
import { insertUser, seedTwoBanks, setBank, type SeededBank } from './fixtures.js';

/** The roster import (POST /admin/users/import, API.md "Classroom tools"). */

const t = useTestApp();
let one: SeededBank;
let two: SeededBank;
beforeEach(async () => {
  ({ one, two } = await seedTwoBanks(t.db));
});

const HEADER = 'username,name,branch,accounts';
const csvOf = (rows: string[]) => [HEADER, ...rows].join('\n') + '\n';
const importCsv = (csv: string, query = '', token = one.tokens.admin) =>
  call(t.app, 'POST', `/admin/users/import${query}`, {
    token,
    body: csv,
    headers: { 'content-type': 'text/csv' },
  });

const counts = async () =>
  (
    await queryRows<{ users: number; accounts: number }>(
      t.db,
      sql`select (select count(*)::int from users) as users, (select count(*)::int from accounts) as accounts`,
    )
  )[0]!;

/** 300 students over both branches (by name, any case, and by id), with every accounts form. */
function classOf300(): string[] {
  const accountsForms = ['CHECKING', 'SAVINGS', 'CHECKING;SAVINGS', ''];
  return Array.from({ length: 300 }, (_, i) => {
    const branch = i % 3 === 0 ? String(one.north.id) : i % 3 === 1 ? 'ONE main' : 'one North';
    return `kid-${i},"Kid ${i}, Junior",${branch},${accountsForms[i % 4]}`;
  });
}

describe('POST /admin/users/import', () => {
  it('writes nothing for 300 rows with one bad one and names its line; then, fixed, creates them all', async () => {
    const rows = classOf300();
    rows[149] = 'kid-149,Kid 149,Nowhere Campus,CHECKING';
    const before = await counts();
    const refused = await importCsv(csvOf(rows));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      reason: 'IMPORT_ROWS_INVALID',
      message: messages.importRowsInvalid,
    });
    expect(refused.body.fields).toEqual({
      'rows.151': messages.importBranchUnknown('Nowhere Campus', ['one Main', 'one North']),
    });
    expect(refused.body.fields['rows.151']).toBe(
      'There is no branch "Nowhere Campus". Choose one of: one Main, one North.',
    );
    expect(await counts()).toEqual(before);

    rows[149] = 'kid-149,Kid 149,one main,CHECKING';
    const created = await importCsv(csvOf(rows));
    expect(created.status, JSON.stringify(created.body).slice(0, 300)).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    expect(created.body.created).toHaveLength(300);
    const first = created.body.created[0];
    expect(first).toMatchObject({ username: 'kid-0', name: 'Kid 0, Junior', branchId: one.north.id });
    expect(first.accounts).toEqual([
      expect.objectContaining({ accountType: 'CHECKING', balance: 0, username: 'kid-0' }),
    ]);
    expect(created.body.created[2].accounts.map((a: any) => a.accountType)).toEqual(['CHECKING', 'SAVINGS']);
    expect(created.body.created[3].accounts).toEqual([]);
    expect(created.body.created[1].branchId).toBe(one.main.id);
    expect(first.temporaryPassword).toMatch(/^[a-z]+-[a-z]+-[a-z]+-[2-9]{2}$/);
    expect(await counts()).toEqual({ users: before.users + 300, accounts: before.accounts + 300 });
    const roster = await call(t.app, 'GET', `/teller/students/${one.bankId}?q=kid-29`, {
      token: one.tokens.teller,
    });
    expect(roster.body.map((s: any) => s.username)).toContain('kid-299');

    // An imported student signs in with the temporary password and must choose a new one first.
    const login = await call(t.app, 'POST', '/login', {
      body: { username: 'kid-2', password: created.body.created[2].temporaryPassword },
    });
    expect(login.status).toBe(200);
    const me = await call(t.app, 'GET', '/user/users/kid-2', { token: login.body });
    expect(me.body).toMatchObject({ mustChangePassword: true, userRole: 'USER', bankId: one.bankId });
    const blocked = await call(t.app, 'GET', '/user/accounts/user/kid-2', { token: login.body });
    expect(blocked.status).toBe(403);
    expect(blocked.body.reason).toBe('PASSWORD_CHANGE_REQUIRED');
  }, 180_000);

  it('checks every row on a dry run and writes nothing', async () => {
    await insertUser(t.db, {
      username: 'Taken.Name',
      role: 'USER',
      bankId: two.bankId,
      branchId: two.main.id,
    });
    await setBank(t.db, one.bankId, { savingsActive: false });
    const before = await counts();
    const res = await importCsv(
      csvOf([
        'ana.b, Ana  Bell ,one main,checking',
        'taken.name,Someone,one main,',
        'ANA.B,Ana Again,one main,',
        'x,Too Short,one main,',
        'cal,,one main,',
        'dee,Dee,,',
        `eve,Eve,${two.main.id},`,
        'fay,Fay,one main,SAVINGS',
        'gus,Gus,one main,BONDS',
        'hal,Hal\u202eevil,one main,',
        'ivy,Ivy,one main',
      ]),
      '?dryRun=true',
    );
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(false);
    expect(res.body.rows[0]).toEqual({
      line: 2,
      written: { username: 'ana.b', name: 'Ana  Bell', branch: 'one main', accounts: 'checking' },
      username: 'ana.b',
      name: 'Ana Bell',
      branchId: one.main.id,
      accounts: ['CHECKING'],
      error: null,
    });
    expect(res.body.rows.map((r: any) => [r.line, r.error])).toEqual([
      [2, null],
      [3, messages.userIdTaken],
      [4, messages.importUsernameRepeated],
      [5, messages.userIdFormat],
      [6, messages.userIdAndNameRequired],
      [7, messages.studentNeedsBranch],
      [8, messages.importBranchUnknown(String(two.main.id), ['one Main', 'one North'])],
      [9, messages.accountTypeNotOffered],
      [10, messages.importAccountsInvalid],
      [11, messages.textInvisibleChars('Name')],
      [12, messages.importRowFieldCount],
    ]);
    // A refused row shows what was typed, whatever the check made of it.
    expect(res.body.rows[6].written).toEqual({
      username: 'eve',
      name: 'Eve',
      branch: String(two.main.id),
      accounts: '',
    });
    expect(res.body.rows[7].written.accounts).toBe('SAVINGS');
    expect(res.body.rows[8].written.accounts).toBe('BONDS');
    expect(await counts()).toEqual(before);

    const fine = await importCsv(csvOf(['ana.b,Ana Bell,one main,CHECKING']), '?dryRun=true');
    expect(fine.body.ok).toBe(true);
    expect(await counts()).toEqual(before);
  });

  it('refuses a file that is not a roster with a clear 400, and is for admins only', async () => {
    const malformed = await importCsv(`${HEADER}\nkid,"Kid,one main,\n`);
    expect(malformed.status).toBe(400);
    expect(malformed.body.reason).toBe('CSV_MALFORMED');
    const noHeader = await importCsv('kid,Kid,one main,\n');
    expect(noHeader.body.message).toBe(messages.importHeaderInvalid);
    expect((await importCsv(`${HEADER}\n`)).body.message).toBe(messages.importEmpty);
    const tooMany = Array.from({ length: limits.importMaxRows + 1 }, (_, i) => `k-${i},K,one main,`);
    expect((await importCsv(csvOf(tooMany), '?dryRun=true')).body.message).toBe(messages.importTooManyRows);
    const huge = await importCsv(csvOf([`big,${'x'.repeat(limits.importBodyLimitBytes)},one main,`]));
    expect(huge.status).toBe(413);
    expect((await importCsv(csvOf(['kid,Kid,one main,']), '', one.tokens.teller)).status).toBe(403);
    expect((await importCsv(csvOf(['kid,Kid,one main,']), '?dryRun=maybe')).status).toBe(400);
  });
});
