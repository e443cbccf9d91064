/**
 * Walks every API route with every kind of caller (ARCHITECTURE.md rule 5): no token, each role,
 * and another bank's staff naming this bank's records. Each route needs an entry below, so a new
 * route cannot be added without saying who may call it.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { branches } from '../src/db/schema.js';
import { runMonthEnd } from '../src/domain/month-end/index.js';
import { call, useTestApp } from './harness.js';
import { seedTwoBanks, type SeededBank } from './fixtures.js';

const t = useTestApp();
let one: SeededBank;
let two: SeededBank;
let transactionId: number;
let ticketId: number;
let spareBranchId: number;
/** A statement month-end really issued, so the download probe names something that exists. */
const statementMonth = '2025-01';

beforeEach(() => seed());

/** Two banks, a pending deposit, a ticket, an unused branch and an issued statement in bank one. */
async function seed() {
  await t.reset();
  ({ one, two } = await seedTwoBanks(t.db));
  await t.db.execute(
    sql`update accounts set opened_at = '2025-01-10T09:00:00Z' where account_number = ${one.checking.accountNumber}`,
  );
  await runMonthEnd(t.db, { asOf: new Date('2025-02-01T00:00:00Z') });
  const [spare] = await t.db.insert(branches).values({ bankId: one.bankId, name: 'one Spare' }).returning();
  spareBranchId = spare!.id;
  const [txn] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into transactions (account_number, type, description, amount_cents, transaction_date)
        values (${one.checking.accountNumber}, 'credit', 'Teller Deposit', 5000, now() + interval '1 day')
        returning id`,
  );
  await t.db.execute(
    sql`update accounts set balance_cents = 5000 where account_number = ${one.checking.accountNumber}`,
  );
  const [ticket] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into support_tickets (bank_id, user_id, ticket_type, title, contents, severity)
        values (${one.bankId}, ${one.student.id}, 'Bug', 'Broken', 'It is broken', '3. Major') returning id`,
  );
  transactionId = txn!.id;
  ticketId = ticket!.id;
}

interface Probe {
  url: string;
  body?: unknown;
}

/** A valid request naming bank one's records, for every route. */
function probeFor(method: string, url: string): Probe | undefined {
  const acct = one.checking.accountNumber;
  const other = one.otherChecking.accountNumber;
  const probes: Record<string, Probe> = {
    'GET /api/user/bank/:bankId': { url: `/user/bank/${one.bankId}` },
    'PUT /api/admin/bank/update': {
      url: '/admin/bank/update',
      body: {
        bankId: one.bankId,
        bankName: 'Renamed',
        checkingActive: true,
        savingsActive: true,
        savingsRate: 1,
        tellerDepositPermission: true,
        tellerWithdrawalPermission: true,
        tellerTransferPermission: true,
      },
    },
    'GET /api/user/users/:username': { url: `/user/users/${one.student.username}` },
    'GET /api/admin/users/:bankId': { url: `/admin/users/${one.bankId}` },
    'POST /api/admin/users/create': {
      url: '/admin/users/create',
      body: {
        username: 'new-user',
        name: 'New User',
        userRole: 'USER',
        bankId: one.bankId,
        branchId: one.main.id,
      },
    },
    'PUT /api/admin/users/:userId/updateUser': {
      url: `/admin/users/${one.student.username}/updateUser`,
      body: { userId: one.student.username, name: 'Renamed', userRole: 'USER', branch: one.main.id },
    },
    'POST /api/admin/users/:userId/resetPassword': {
      url: `/admin/users/${one.student.username}/resetPassword`,
    },
    'DELETE /api/admin/users/:userId/delete': { url: `/admin/users/${one.teller.username}/delete` },
    'PUT /api/users/:userId/updateDisplayName': {
      url: `/users/${one.student.username}/updateDisplayName`,
      body: 'Sammy',
    },
    'PUT /api/user/users/:userId/updateDisplayName': {
      url: `/user/users/${one.student.username}/updateDisplayName`,
      body: 'Sammy',
    },
    'PUT /api/user/users/:userId/updatePassword': {
      url: `/user/users/${one.student.username}/updatePassword`,
      body: ['Fixture-1234', 'Another-5678'],
    },
    'GET /api/teller/branches/:bankId': { url: `/teller/branches/${one.bankId}` },
    'POST /api/admin/branches/create': {
      url: '/admin/branches/create',
      body: { branchName: 'East', bankId: one.bankId, numOfAccounts: 0 },
    },
    'PUT /api/admin/branches/update': {
      url: '/admin/branches/update',
      body: { branchId: one.main.id, branchName: 'Renamed' },
    },
    'DELETE /api/admin/branches/:branchId/delete': { url: `/admin/branches/${spareBranchId}/delete` },
    'GET /api/user/accounts/user/:username': { url: `/user/accounts/user/${one.student.username}` },
    'GET /api/teller/accounts/bank/:bankId': { url: `/teller/accounts/bank/${one.bankId}` },
    'POST /api/admin/accounts/create': {
      url: '/admin/accounts/create',
      body: { branchId: one.main.id, userId: one.student.username, accountType: 'SAVINGS' },
    },
    'DELETE /api/admin/accounts/:accountId/delete': { url: `/admin/accounts/${other}/delete` },
    'GET /api/user/transactions/:accountId': { url: `/user/transactions/${acct}` },
    'POST /api/user/transactions/create': {
      url: '/user/transactions/create',
      body: { accountId: acct, type: 'credit', description: 'Correction', amount: 1 },
    },
    'POST /api/user/transfers': {
      url: '/user/transfers',
      body: { fromAccountId: acct, toAccountId: other, amount: 1 },
    },
    'POST /api/teller/deposits': { url: '/teller/deposits', body: { accountId: acct, amount: 1 } },
    'POST /api/teller/withdrawals': { url: '/teller/withdrawals', body: { accountId: acct, amount: 1 } },
    'PUT /api/admin/transactions/update': {
      url: '/admin/transactions/update',
      body: { id: transactionId, description: 'Changed', transactionDate: '2030-01-02', amount: 10 },
    },
    'DELETE /api/admin/transactions/:transactionId/delete': {
      url: `/admin/transactions/${transactionId}/delete`,
    },
    'POST /api/admin/transactions/post': { url: '/admin/transactions/post' },
    'GET /api/admin/audit': { url: '/admin/audit' },
    'GET /api/user/statements/:username': { url: `/user/statements/${one.student.username}` },
    'GET /api/user/statements/download/:fileName': {
      url: `/user/statements/download/statement-${acct}-${statementMonth}.pdf`,
    },
    'POST /api/user/supportTickets/create': {
      url: '/user/supportTickets/create',
      body: {
        bankId: one.bankId,
        ticketType: 'Bug',
        title: 'T',
        ticketContents: 'C',
        severity: '1. Blocker',
      },
    },
    'GET /api/user/supportTickets/:bankId': { url: `/user/supportTickets/${one.bankId}` },
    'POST /api/teller/batches': {
      url: '/teller/batches',
      body: { kind: 'deposit', memo: 'Class job', items: [{ accountId: acct, amount: 1 }] },
    },
    'POST /api/teller/batches/preview': {
      url: '/teller/batches/preview',
      body: { kind: 'withdrawal', items: [{ accountId: acct, amount: 1 }] },
    },
    'GET /api/teller/batches/:bankId': { url: `/teller/batches/${one.bankId}` },
    'GET /api/teller/students/:bankId': { url: `/teller/students/${one.bankId}?q=student` },
    'POST /api/admin/users/import': {
      url: '/admin/users/import',
      body: `username,name,branch,accounts\nimported-kid,Imported Kid,${one.main.id},CHECKING\n`,
    },
    'PUT /api/user/supportTickets/update': {
      url: '/user/supportTickets/update',
      body: { supportTicketId: ticketId, ticketType: 'Bug', severity: '2. Critical' },
    },
  };
  return probes[`${method} ${url}`];
}

/**
 * Routes that name no record of a bank: another bank's staff may call them for their own bank.
 * A payday preview answers 200 with each account another bank's staff cannot use marked "not
 * found" (and nothing about it); a roster import names branches only inside the CSV, where
 * another bank's branch is a row's "unknown branch" (400), like a branch that does not exist.
 */
const bankNeutral = new Set([
  'POST /api/logout',
  'POST /api/admin/transactions/post',
  'GET /api/admin/audit',
  'POST /api/teller/batches/preview',
  'POST /api/admin/users/import',
]);

const protectedRoutes = () => t.app.apiRoutes.filter((r) => r.tier !== 'public');

/**
 * Who may make each probe: the tier's own role, a Student for their own records; a single leg and a
 * transfer between two customers are staff's.
 */
function rightfulCaller(route: { method: string; url: string; tier: string }): keyof SeededBank['tokens'] {
  const staffOnly = ['POST /api/user/transactions/create', 'POST /api/user/transfers'];
  if (staffOnly.includes(`${route.method} ${route.url}`)) return 'teller';
  if (route.tier === 'admin') return 'admin';
  if (route.tier === 'teller') return 'teller';
  return 'student';
}

describe('every API route', () => {
  it('has a probe here', () => {
    const missing = protectedRoutes()
      .filter((r) => r.url !== '/api/logout' && !probeFor(r.method, r.url))
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  // First the probes must work for the rightful caller, or the refusals below would prove nothing.
  it('lets the rightful caller through (2xx) with each probe, from a fresh bank each time', async () => {
    for (const route of protectedRoutes()) {
      await seed();
      const probe = probeFor(route.method, route.url) ?? { url: route.url.replace('/api', '') };
      const token = one.tokens[rightfulCaller(route)];
      const res = await call(t.app, route.method as 'GET', probe.url, { token, body: probe.body });
      expect(res.status, `${route.method} ${route.url}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(
        200,
      );
      expect(res.status, `${route.method} ${route.url}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    }
  });

  it('refuses a caller without a token with 401', async () => {
    for (const route of protectedRoutes()) {
      const probe = probeFor(route.method, route.url) ?? { url: route.url.replace('/api', '') };
      const res = await call(t.app, route.method as 'GET', probe.url, { body: probe.body });
      expect(res.status, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('refuses a Student on teller and admin routes, and a Teller on admin routes, with 403', async () => {
    for (const route of protectedRoutes()) {
      const probe = probeFor(route.method, route.url);
      if (!probe) continue;
      const callers =
        route.tier === 'admin'
          ? [one.tokens.student, one.tokens.teller]
          : route.tier === 'teller'
            ? [one.tokens.student]
            : [];
      for (const token of callers) {
        const res = await call(t.app, route.method as 'GET', probe.url, { token, body: probe.body });
        expect(res.status, `${route.method} ${route.url}`).toBe(403);
      }
    }
  });

  it("answers another bank's admin and teller with 404 for this bank's records", async () => {
    for (const route of protectedRoutes()) {
      const probe = probeFor(route.method, route.url);
      if (!probe || bankNeutral.has(`${route.method} ${route.url}`)) continue;
      const callers = route.tier === 'admin' ? [two.tokens.admin] : [two.tokens.admin, two.tokens.teller];
      for (const token of callers) {
        const res = await call(t.app, route.method as 'GET', probe.url, { token, body: probe.body });
        expect(res.status, `${route.method} ${route.url}`).toBe(404);
      }
    }
  });

  it("answers another Student of the same bank with 404 for this student's records", async () => {
    const studentOwned = [
      'GET /api/user/users/:username',
      'PUT /api/users/:userId/updateDisplayName',
      'PUT /api/user/users/:userId/updateDisplayName',
      'PUT /api/user/users/:userId/updatePassword',
      'GET /api/user/accounts/user/:username',
      'GET /api/user/transactions/:accountId',
      'GET /api/user/statements/:username',
      'GET /api/user/statements/download/:fileName',
      'PUT /api/user/supportTickets/update',
    ];
    for (const key of studentOwned) {
      const [method, url] = key.split(' ') as [string, string];
      const probe = probeFor(method, url)!;
      const res = await call(t.app, method as 'GET', probe.url, {
        token: one.tokens.otherStudent,
        body: probe.body,
      });
      expect(res.status, key).toBe(404);
    }
  });

  it('changed nothing in bank one through all those refusals', async () => {
    const before = await snapshot();
    for (const route of protectedRoutes()) {
      const probe = probeFor(route.method, route.url);
      if (!probe || bankNeutral.has(`${route.method} ${route.url}`)) continue;
      await call(t.app, route.method as 'GET', probe.url, { token: two.tokens.admin, body: probe.body });
      // A Student may open a ticket in their own bank: that one is meant to change something.
      if (route.url === '/api/user/supportTickets/create') continue;
      await call(t.app, route.method as 'GET', probe.url, {
        token: one.tokens.otherStudent,
        body: probe.body,
      });
    }
    expect(await snapshot()).toEqual(before);
  });
});

async function snapshot() {
  return queryRows(
    t.db,
    sql`select
      (select json_agg(b order by id) from (select id, name, savings_rate_hundredths from banks) b) as banks,
      (select json_agg(u order by id) from (select id, username, name, display_name, role, branch_id, password_hash, deleted_at from users) u) as users,
      (select json_agg(r order by id) from (select id, name from branches) r) as branches,
      (select json_agg(a order by account_number) from (select account_number, balance_cents, closed_at from accounts) a) as accounts,
      (select json_agg(x order by id) from (select id, amount_cents, description, deleted_at from transactions) x) as transactions,
      (select json_agg(s order by id) from (select id, severity, status from support_tickets) s) as tickets`,
  );
}
