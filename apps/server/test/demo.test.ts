import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { queryRows } from '../src/db/client.js';
import { seedDemoBank } from '../src/domain/demo/seed-demo-bank.js';
import { verifyLedger } from '../src/domain/ledger/index.js';
import { call, startTestApp, type TestApp } from './harness.js';

let t: TestApp;
let seeded: boolean;
beforeAll(async () => {
  t = await startTestApp();
  seeded = await seedDemoBank(t.db, new Date());
});
afterAll(() => t.close());

const signIn = async (username: string) => {
  const res = await call(t.app, 'POST', '/login', { body: { username, password: 'Demo-1234' } });
  expect(res.status, username).toBe(200);
  return res.body as string;
};

describe('the demo bank', () => {
  it('is created once, as bank 1 with its two branches', async () => {
    expect(seeded).toBe(true);
    expect(await seedDemoBank(t.db, new Date())).toBe(false);
    const token = await signIn('admin');
    const bank = await call(t.app, 'GET', '/user/bank/1', { token });
    expect(bank.body.bankName).toBe('Demo School Bank');
    const branches = await call(t.app, 'GET', '/teller/branches/1', { token });
    expect(branches.body.map((b: { branchName: string }) => b.branchName)).toEqual([
      'Main Campus',
      'North Campus',
    ]);
  });

  it('lets admin, teller and student sign in with Demo-1234, no password change asked', async () => {
    for (const [username, role] of [
      ['admin', 'ADMIN'],
      ['teller', 'TELLER'],
      ['student', 'USER'],
    ] as const) {
      const token = await signIn(username);
      const me = await call(t.app, 'GET', `/user/users/${username}`, { token });
      expect(me.body).toMatchObject({ userRole: role, bankId: 1, mustChangePassword: false });
    }
  });

  it('gives the student a checking and a savings account with history in each of the previous three months', async () => {
    const token = await signIn('student');
    const accounts = await call(t.app, 'GET', '/user/accounts/user/student', { token });
    expect(accounts.body.map((a: { accountType: string }) => a.accountType).sort()).toEqual([
      'CHECKING',
      'SAVINGS',
    ]);
    for (const account of accounts.body) {
      const history = await call(t.app, 'GET', `/user/transactions/${account.accountId}`, { token });
      expect(history.status).toBe(200);
      const postedMonths = new Set(
        history.body
          .filter((x: { status: string }) => x.status === 'posted')
          .map((x: { postedDate: string }) => x.postedDate.slice(0, 7)),
      );
      const now = new Date();
      for (let back = 1; back <= 3; back++) {
        const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 15))
          .toISOString()
          .slice(0, 7);
        expect(postedMonths, `${account.accountType} ${month}`).toContain(month);
      }
    }
    const checking = accounts.body.find((a: { accountType: string }) => a.accountType === 'CHECKING');
    const history = await call(t.app, 'GET', `/user/transactions/${checking.accountId}`, { token });
    expect(history.body.some((x: { status: string }) => x.status === 'pending')).toBe(true);
  });

  it('credited savings interest and issued statements for each past month', async () => {
    const interest = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from transactions where description = 'Interest'`,
    );
    expect(interest[0]!.n).toBeGreaterThanOrEqual(6);
    const token = await signIn('student');
    const statements = await call(t.app, 'GET', '/user/statements/student', { token });
    expect(statements.body).toHaveLength(6);
  });

  it('has a consistent ledger: every balance equals its credits minus its debits', async () => {
    expect(await verifyLedger(t.db)).toEqual([]);
    const students = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from users where role = 'USER'`,
    );
    expect(students[0]!.n).toBeGreaterThanOrEqual(4);
  });

  it("dates its transfers in the past months they belong to: posted then, on those months' statements", async () => {
    const token = await signIn('student');
    const accounts = await call(t.app, 'GET', '/user/accounts/user/student', { token });
    const savings = accounts.body.find((a: { accountType: string }) => a.accountType === 'SAVINGS');
    const history = await call(t.app, 'GET', `/user/transactions/${savings.accountId}`, { token });
    const transfers = history.body.filter((x: { description: string }) =>
      x.description.startsWith('Transfer'),
    );
    const monthOf = (iso: string) => iso.slice(0, 7);
    const thisMonth = monthOf(new Date().toISOString());
    // Dated when they were made (plus the posting delay), which for these is in a past month.
    const past = transfers.filter((x: { transactionDate: string }) => monthOf(x.transactionDate) < thisMonth);
    // Two transfers a month (to savings on the 3rd, back on the 20th) in each of the three past months.
    expect(past.length).toBeGreaterThanOrEqual(6);
    const statements: string[] = (await call(t.app, 'GET', '/user/statements/student', { token })).body;
    for (const transfer of past) {
      expect(transfer.status, transfer.transactionDate).toBe('posted');
      expect(monthOf(transfer.postedDate), transfer.transactionDate).toBe(monthOf(transfer.transactionDate));
      const name = `statement-${savings.accountId}-${monthOf(transfer.transactionDate)}.pdf`;
      expect(statements).toContain(name);
      const pdf = await t.app.inject({
        method: 'GET',
        url: `/api/user/statements/download/${name}`,
        headers: { authorization: `Bearer ${token}` },
      });
      const { text } = await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true });
      expect(text, name).toContain(transfer.description);
    }
  });
});
