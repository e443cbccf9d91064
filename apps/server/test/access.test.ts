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
import { contract, pathOf, routeKey, routeTable, type Route } from '@bank/shared';
import { call, useTestApp } from './harness.js';
import {
  insertAccount,
  insertStudentSavings,
  insertUser,
  seedTwoBanks,
  type SeededBank,
} from './fixtures.js';

const t = useTestApp();
let one: SeededBank;
let two: SeededBank;
let transactionId: number;
let ticketId: number;
let spareBranchId: number;
let scheduleId: number;
let requestId: number;
let goalId: number;
let itemId: number;
let orderId: number;
let jobId: number;
let awardId: number;
let auctionId: number;
let classmateChecking: string;
let studentSavings: string;
const batchId = '00000000-0000-4000-8000-000000000001';
/** A statement month-end really issued, so the download probe names something that exists. */
const statementMonth = '2025-01';

beforeEach(() => seed());

/** Two banks, a pending deposit, a ticket, an unused branch and an issued statement in bank one. */
async function seed() {
  await t.reset();
  ({ one, two } = await seedTwoBanks(t.db));
  // one-teller teaches Main (one.student's class): what a teacher does for their own class.
  await t.db.execute(sql`update users set branch_id = ${one.main.id} where id = ${one.teller.id}`);
  await t.db.execute(
    sql`update accounts set opened_at = '2025-01-10T09:00:00Z' where account_number = ${one.checking.accountNumber}`,
  );
  await runMonthEnd(t.db, { now: new Date('2025-02-01T00:00:00Z') });
  const [spare] = await t.db.insert(branches).values({ bankId: one.bankId, name: 'one Spare' }).returning();
  spareBranchId = spare!.id;
  await t.db.execute(
    sql`insert into batches (id, bank_id, kind, memo, item_count, total_cents, created_by)
        values (${batchId}, ${one.bankId}, 'deposit', 'Class job', 1, 5000, ${one.admin.id})`,
  );
  const [txn] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into transactions (account_number, type, description, amount_cents, transaction_date, batch_id)
        values (${one.checking.accountNumber}, 'credit', 'Teller Deposit', 5000, now() + interval '1 day', ${batchId})
        returning id`,
  );
  const [schedule] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into schedules (bank_id, name, kind, amount_cents, every, start_date, target_branch_id, next_run_at, created_by)
        values (${one.bankId}, 'Class job pay', 'deposit', 500, 'week', current_date + 7, ${one.main.id},
                now() + interval '7 days', ${one.admin.id})
        returning id`,
  );
  scheduleId = schedule!.id;
  await seedParticipation();
  await t.db.execute(
    sql`update accounts set balance_cents = 5000 where account_number = ${one.checking.accountNumber}`,
  );
  await seedStore();
  await seedAuction();
  const [ticket] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into support_tickets (bank_id, user_id, ticket_type, title, contents, severity)
        values (${one.bankId}, ${one.student.id}, 'Bug', 'Broken', 'It is broken', '3. Major') returning id`,
  );
  transactionId = txn!.id;
  ticketId = ticket!.id;
}

/**
 * one.student is their class's banker with a classmate in the same branch and a waiting request
 * for them, and has a savings account with a goal.
 */
async function seedParticipation() {
  await t.db.execute(sql`update users set banker = true where id = ${one.student.id}`);
  const classmate = await insertUser(t.db, {
    username: 'one-classmate',
    role: 'USER',
    bankId: one.bankId,
    branchId: one.main.id,
  });
  classmateChecking = (
    await insertAccount(t.db, { userId: classmate.id, bankId: one.bankId, branchId: one.main.id })
  ).accountNumber;
  studentSavings = await insertStudentSavings(t.db, one);
  const [request] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into banker_requests (bank_id, kind, account_number, amount_cents, requested_by, expires_at)
        values (${one.bankId}, 'deposit', ${classmateChecking}, 300, ${one.student.id}, now() + interval '7 days')
        returning id`,
  );
  requestId = request!.id;
  const [goal] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into goals (account_number, name, amount_cents, position) values (${studentSavings}, 'Bike', 4000, 1) returning id`,
  );
  goalId = goal!.id;
  await seedEconomy();
}

/** A job of Main that one.student holds, and an award (issue 34). */
async function seedEconomy() {
  const [job] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into jobs (bank_id, branch_id, name, wage_cents) values (${one.bankId}, ${one.main.id}, 'Librarian', 200) returning id`,
  );
  jobId = job!.id;
  await t.db.execute(
    sql`insert into job_holders (job_id, user_id, slot) values (${jobId}, ${one.student.id}, 1)`,
  );
  const [award] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into awards (bank_id, name, kind, amount_cents) values (${one.bankId}, 'Helped a classmate', 'deposit', 200) returning id`,
  );
  awardId = award!.id;
}

/** An item of one.student's class and their waiting order of it, holding its price on their savings. */
async function seedStore() {
  const [item] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into store_items (bank_id, branch_id, name, price_cents, stock)
        values (${one.bankId}, ${one.main.id}, 'Homework pass', 300, 5) returning id`,
  );
  itemId = item!.id;
  const [order] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into store_orders (bank_id, item_id, item_name, account_number, user_id, price_cents, held_cents, expires_at)
        values (${one.bankId}, ${itemId}, 'Homework pass', ${studentSavings}, ${one.student.id}, 300, 300,
                now() + interval '14 days') returning id`,
  );
  orderId = order!.id;
  await t.db.execute(
    sql`update accounts set balance_cents = 1000, held_cents = 300 where account_number = ${studentSavings}`,
  );
}

/** An open auction of one.student's class, ending tomorrow, nobody has bid on yet. */
async function seedAuction() {
  const [auction] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into auctions (bank_id, branch_id, name, starting_bid_cents, min_increment_cents, ends_at, created_by)
        values (${one.bankId}, ${one.main.id}, 'Class pet for a day', 100, 100, now() + interval '1 day', ${one.admin.id})
        returning id`,
  );
  auctionId = auction!.id;
}

interface Probe {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
}

const {
  accounts,
  audit,
  bank,
  branches: branchCalls,
  classroom,
  schedules,
  requests,
  goals,
  sessions,
  statements,
  teacher,
  tickets,
  store,
  jobs,
  awards,
  auctions,
  notifications,
} = contract;
const { transactions, users } = contract;

/** A valid request naming bank one's records, for every route. */
function probes(): Map<Route, Probe> {
  const acct = one.checking.accountNumber;
  const other = one.otherChecking.accountNumber;
  const student = { username: one.student.username };
  const studentId = { userId: one.student.username };
  return new Map<Route, Probe>([
    [bank.get, { params: { bankId: one.bankId } }],
    [
      bank.update,
      {
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
    ],
    [users.get, { params: student }],
    [users.list, { params: { bankId: one.bankId } }],
    [users.signInAddress, {}],
    [
      users.create,
      {
        body: {
          username: 'new-user',
          name: 'New User',
          userRole: 'USER',
          bankId: one.bankId,
          branchId: one.main.id,
        },
      },
    ],
    [
      users.update,
      {
        params: studentId,
        body: { userId: one.student.username, name: 'Renamed', userRole: 'USER', branch: one.main.id },
      },
    ],
    [users.resetPassword, { params: studentId }],
    [users.delete, { params: { userId: one.teller.username } }],
    [users.updateDisplayNameBare, { params: studentId, body: 'Sammy' }],
    [users.updateDisplayName, { params: studentId, body: 'Sammy' }],
    [users.updatePassword, { params: studentId, body: ['Fixture-1234', 'Another-5678'] }],
    [branchCalls.list, { params: { bankId: one.bankId } }],
    [branchCalls.create, { body: { branchName: 'East', bankId: one.bankId, numOfAccounts: 0 } }],
    [branchCalls.update, { body: { branchId: one.main.id, branchName: 'Renamed' } }],
    [branchCalls.delete, { params: { branchId: spareBranchId } }],
    [accounts.ofUser, { params: student }],
    [accounts.ofBank, { params: { bankId: one.bankId } }],
    [
      accounts.create,
      { body: { branchId: one.main.id, userId: one.student.username, accountType: 'SAVINGS' } },
    ],
    [accounts.close, { params: { accountId: other } }],
    [transactions.list, { params: { accountId: acct } }],
    [
      transactions.create,
      { body: { accountId: acct, type: 'credit', description: 'Correction', amount: 1 } },
    ],
    [transactions.transfer, { body: { fromAccountId: acct, toAccountId: other, amount: 1 } }],
    [transactions.deposit, { body: { accountId: acct, amount: 1 } }],
    [transactions.withdrawal, { body: { accountId: acct, amount: 1 } }],
    [
      transactions.update,
      { body: { id: transactionId, description: 'Changed', transactionDate: '2030-01-02', amount: 10 } },
    ],
    [transactions.delete, { params: { transactionId } }],
    [transactions.post, {}],
    [audit.list, {}],
    [statements.list, { params: student }],
    [statements.download, { params: { fileName: `statement-${acct}-${statementMonth}.pdf` } }],
    [
      tickets.create,
      {
        body: {
          bankId: one.bankId,
          ticketType: 'Bug',
          title: 'T',
          ticketContents: 'C',
          severity: '1. Blocker',
        },
      },
    ],
    [tickets.list, { params: { bankId: one.bankId } }],
    [
      classroom.payday,
      { body: { kind: 'deposit', memo: 'Class job', items: [{ accountId: acct, amount: 1 }] } },
    ],
    [classroom.previewPayday, { body: { kind: 'withdrawal', items: [{ accountId: acct, amount: 1 }] } }],
    [classroom.paydays, { params: { bankId: one.bankId } }],
    [classroom.paydayDetail, { params: { bankId: one.bankId, batchId } }],
    [classroom.students, { params: { bankId: one.bankId }, query: { q: 'student' } }],
    [
      classroom.importRoster,
      { body: `username,name,branch,accounts\nimported-kid,Imported Kid,${one.main.id},CHECKING\n` },
    ],
    [tickets.update, { body: { supportTicketId: ticketId, ticketType: 'Bug', severity: '2. Critical' } }],
    [transactions.reverse, { params: { transactionId }, body: { reason: 'Paid twice' } }],
    [classroom.reversePayday, { params: { batchId }, body: { reason: 'Wrong class' } }],
    [
      schedules.create,
      {
        body: {
          name: 'Rent',
          kind: 'withdrawal',
          amount: 3,
          every: 'month',
          startDate: '2099-01-31',
          target: { branchId: one.main.id },
        },
      },
    ],
    [schedules.list, { params: { bankId: one.bankId } }],
    [schedules.update, { params: { scheduleId }, body: { active: false } }],
    [schedules.delete, { params: { scheduleId } }],
    [schedules.preview, { params: { scheduleId } }],
    [
      schedules.previewTerms,
      {
        body: {
          name: 'Rent',
          kind: 'withdrawal',
          amount: 3,
          every: 'month',
          startDate: '2099-01-31',
          target: { branchId: one.main.id },
        },
      },
    ],
    [schedules.runs, { params: { scheduleId } }],
    [schedules.runNow, { params: { scheduleId } }],
    [requests.create, { body: { kind: 'deposit', accountId: classmateChecking, amount: 1 } }],
    [requests.preview, { body: { kind: 'deposit', accountId: classmateChecking, amount: 1 } }],
    [requests.classmates, { params: student }],
    [requests.ofBanker, { params: student }],
    [requests.cancel, { params: { requestId } }],
    [requests.ofBank, { params: { bankId: one.bankId }, query: { status: 'waiting' } }],
    [requests.approve, { params: { requestId } }],
    [requests.reject, { params: { requestId }, body: { reason: 'Not this week' } }],
    [goals.create, { body: { accountId: studentSavings, name: 'Book', amount: 10 } }],
    [goals.ofUser, { params: student }],
    [goals.update, { params: { goalId }, body: { name: 'Bigger bike' } }],
    [goals.delete, { params: { goalId } }],
    [store.createItem, { body: { name: 'Pencil', price: 1, branchId: one.main.id } }],
    [store.updateItem, { params: { itemId }, body: { price: 2 } }],
    [store.deleteItem, { params: { itemId } }],
    [store.items, { params: { bankId: one.bankId } }],
    [store.order, { body: { itemId, accountId: acct } }],
    [store.ordersOf, { params: student }],
    [store.cancel, { params: { orderId } }],
    [store.ordersOfBank, { params: { bankId: one.bankId }, query: { status: 'waiting' } }],
    [store.fulfil, { params: { orderId } }],
    [store.refund, { params: { orderId }, body: { reason: 'Out of passes' } }],
    [
      auctions.create,
      {
        body: {
          name: 'Front seat',
          startingBid: 1,
          endsAt: new Date(Date.now() + 86_400_000).toISOString(),
          branchId: one.main.id,
        },
      },
    ],
    [auctions.update, { params: { auctionId }, body: { name: 'Class pet for a week' } }],
    [auctions.cancel, { params: { auctionId } }],
    [auctions.list, { params: { bankId: one.bankId }, query: { status: 'open' } }],
    [auctions.bid, { params: { auctionId }, body: { accountId: acct, amount: 1 } }],
    [notifications.list, { query: { unread: 'true', limit: '5' } }],
    [notifications.read, { body: { all: true } }],
    [teacher.reverseTransaction, { params: { transactionId }, body: { reason: 'Paid twice' } }],
    [teacher.reversePayday, { params: { batchId }, body: { reason: 'Wrong class' } }],
    [teacher.resetPassword, { params: student }],
    [teacher.setBanker, { params: student, body: { banker: false } }],
    [teacher.slips, { body: { usernames: [one.student.username] } }],
    [jobs.create, { body: { name: 'Clerk', wage: 1, branchId: one.main.id } }],
    [jobs.list, { params: { bankId: one.bankId } }],
    [jobs.update, { params: { jobId }, body: { wage: 3, holders: [one.student.username] } }],
    [jobs.delete, { params: { jobId } }],
    [jobs.ofUser, { params: student }],
    [jobs.board, { params: student }],
    [awards.create, { body: { name: 'Late homework', kind: 'withdrawal', amount: 1 } }],
    [awards.list, { params: { bankId: one.bankId } }],
    [awards.update, { params: { awardId }, body: { amount: 3 } }],
    [awards.delete, { params: { awardId } }],
    [awards.give, { params: { awardId }, body: { usernames: [one.student.username] } }],
    [
      teacher.studentGoals,
      { params: { bankId: one.bankId }, query: { usernames: `${one.student.username},one-classmate` } },
    ],
  ]);
}

/** The probe for a route, with its URL (below /api) built from the contract's path. */
function probeFor(entry: Route): { url: string; body?: unknown } | undefined {
  const probe = probes().get(entry);
  const query = probe?.query ? `?${new URLSearchParams(probe.query)}` : '';
  return probe && { url: `${pathOf(entry, probe.params)}${query}`, body: probe.body };
}

/**
 * Routes that name no record of a bank: another bank's staff may call them for their own bank.
 * A payday preview answers 200 with each account another bank's staff cannot use marked "not
 * found" (and nothing about it); a roster import names branches only inside the CSV, where
 * another bank's branch is a row's "unknown branch" (400), like a branch that does not exist.
 * The sign-in address is the installation's, the same for every bank.
 */
const bankNeutral = new Set<Route>([
  sessions.logout,
  transactions.post,
  audit.list,
  classroom.previewPayday,
  classroom.importRoster,
  users.signInAddress,
  // An award belongs to the caller's own bank, which it is made in.
  awards.create,
  // One's own notices: whoever calls reads and marks their own, never another's.
  notifications.list,
  notifications.read,
]);

/**
 * A Student's own calls (API.md "Errors"): staff, of this bank or another, get 403 on them, the
 * role refusal, before anything names a record.
 */
const studentOwnCalls: Route[] = [
  requests.create,
  requests.preview,
  requests.classmates,
  requests.cancel,
  goals.create,
  goals.update,
  goals.delete,
  store.order,
  store.cancel,
  auctions.bid,
];

/**
 * Every route of the contract but the public ones, and but the notification stream: a stream
 * never ends, so `inject` cannot call it; notifications.test.ts opens it over a socket (401
 * without a token, one's own notices only).
 */
const protectedRoutes = () =>
  routeTable.filter((entry) => entry.tier !== 'public' && entry.produces !== 'text/event-stream');

/**
 * Who may make each probe: the tier's own role, a Student for their own records; a single leg and a
 * transfer between two customers are staff's.
 */
function rightfulCaller(route: Route): keyof SeededBank['tokens'] {
  const staffOnly: Route[] = [transactions.create, transactions.transfer];
  if (staffOnly.includes(route)) return 'teller';
  if (route.tier === 'admin') return 'admin';
  if (route.tier === 'teller') return 'teller';
  return 'student';
}

describe('every API route', () => {
  it('has a probe here', () => {
    const missing = protectedRoutes()
      .filter((r) => r !== sessions.logout && !probeFor(r))
      .map(routeKey);
    expect(missing).toEqual([]);
  });

  // First the probes must work for the rightful caller, or the refusals below would prove nothing.
  // A bank seeded for each of some 90 routes: minutes on a busy machine, and a timeout here would
  // leave its loop reseeding beneath the tests after it.
  it(
    'lets the rightful caller through (2xx) with each probe, from a fresh bank each time',
    { timeout: 300_000 },
    async () => {
      for (const route of protectedRoutes()) {
        await seed();
        const probe = probeFor(route) ?? { url: route.path };
        const token = one.tokens[rightfulCaller(route)];
        const res = await call(t.app, route.method, probe.url, { token, body: probe.body });
        expect(res.status, `${routeKey(route)}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(200);
        expect(res.status, `${routeKey(route)}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
      }
    },
  );

  it('refuses a caller without a token with 401', async () => {
    for (const route of protectedRoutes()) {
      const probe = probeFor(route) ?? { url: route.path };
      const res = await call(t.app, route.method, probe.url, { body: probe.body });
      expect(res.status, routeKey(route)).toBe(401);
    }
  });

  it('refuses a Student on teller and admin routes, and a Teller on admin routes, with 403', async () => {
    for (const route of protectedRoutes()) {
      const probe = probeFor(route);
      if (!probe) continue;
      const callers =
        route.tier === 'admin'
          ? [one.tokens.student, one.tokens.teller]
          : route.tier === 'teller'
            ? [one.tokens.student]
            : [];
      for (const token of callers) {
        const res = await call(t.app, route.method, probe.url, { token, body: probe.body });
        expect(res.status, routeKey(route)).toBe(403);
      }
    }
  });

  it("refuses staff, of this bank and another, with 403 on a Student's own call", async () => {
    for (const route of studentOwnCalls) {
      const probe = probeFor(route)!;
      for (const token of [one.tokens.admin, one.tokens.teller, two.tokens.admin, two.tokens.teller]) {
        const res = await call(t.app, route.method, probe.url, { token, body: probe.body });
        expect(res.status, routeKey(route)).toBe(403);
        expect(res.body.error, routeKey(route)).toBe('FORBIDDEN');
      }
    }
    const studentTier = routeTable.filter((route) => route.tier === 'student');
    expect(studentTier.map(routeKey).sort()).toEqual(studentOwnCalls.map(routeKey).sort());
  });

  it("answers another bank's admin and teller with 404 for this bank's records", async () => {
    for (const route of protectedRoutes()) {
      const probe = probeFor(route);
      if (!probe || bankNeutral.has(route) || studentOwnCalls.includes(route)) continue;
      const callers = route.tier === 'admin' ? [two.tokens.admin] : [two.tokens.admin, two.tokens.teller];
      for (const token of callers) {
        const res = await call(t.app, route.method, probe.url, { token, body: probe.body });
        expect(res.status, routeKey(route)).toBe(404);
      }
    }
  });

  it("answers another Student of the same bank with 404 for this student's records", async () => {
    const studentOwned: Route[] = [
      users.get,
      users.updateDisplayNameBare,
      users.updateDisplayName,
      users.updatePassword,
      accounts.ofUser,
      transactions.list,
      statements.list,
      statements.download,
      tickets.update,
      requests.classmates,
      requests.ofBanker,
      requests.cancel,
      goals.create,
      goals.ofUser,
      goals.update,
      goals.delete,
      store.order,
      store.ordersOf,
      store.cancel,
      jobs.ofUser,
      jobs.board,
      auctions.bid,
    ];
    for (const route of studentOwned) {
      const probe = probeFor(route)!;
      const res = await call(t.app, route.method, probe.url, {
        token: one.tokens.otherStudent,
        body: probe.body,
      });
      expect(res.status, routeKey(route)).toBe(404);
    }
  });

  it('changed nothing in bank one through all those refusals', async () => {
    const before = await snapshot();
    for (const route of protectedRoutes()) {
      const probe = probeFor(route);
      if (!probe || bankNeutral.has(route)) continue;
      await call(t.app, route.method, probe.url, { token: two.tokens.admin, body: probe.body });
      // A Student may open a ticket in their own bank: that one is meant to change something.
      if (route === tickets.create) continue;
      await call(t.app, route.method, probe.url, {
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
      (select json_agg(s order by id) from (select id, severity, status from support_tickets) s) as tickets,
      (select json_agg(r order by id) from (select id, status, held_by_account from (select r.*, a.held_cents as held_by_account from banker_requests r join accounts a using (account_number)) x) r) as requests,
      (select json_agg(g order by id) from (select id, name, amount_cents from goals) g) as goals,
      (select json_agg(i order by id) from (select id, name, price_cents, stock, active, deleted_at from store_items) i) as items,
      (select json_agg(o order by id) from (select id, status, held_cents, transaction_id from store_orders) o) as orders,
      (select json_agg(x order by id) from (select id, name, status, ends_at, extensions, transaction_id from auctions) x) as auctions,
      (select json_agg(x order by id) from (select id, status, held_cents from auction_bids) x) as bids,
      (select json_agg(h order by account_number) from (select account_number, held_cents from accounts) h) as holds,
      (select json_agg(j order by id) from (select id, name, wage_cents, (select array_agg(user_id order by user_id) from job_holders h where h.job_id = jobs.id) as holders from jobs) j) as jobs,
      (select json_agg(w order by id) from (select id, name, kind, amount_cents from awards where bank_id = ${one.bankId}) w) as awards`,
  );
}
