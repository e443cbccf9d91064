import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { queryRows, type Database } from '../src/db/client.js';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../src/db/schema.js';
import { seedDemoBank } from '../src/domain/demo/seed-demo-bank.js';
import { runDueSchedules } from '../src/domain/schedules/index.js';
import { seedBank } from './fixtures.js';
import { call, testConfig } from './harness.js';

/**
 * A school's records as the backup, restore and export tests need them: the demo bank's months
 * of history (posted and pending transactions, transfers, interest, issued statements) and what
 * the school year adds: a class payday, a schedule that has run, a reversal (it and its original
 * point at each other), and a second bank that an export of the first must leave out. Every table
 * gets rows (backup.test.ts checks it), so a restore that dropped one would show.
 */
export async function seedSchoolYear(db: Database, now = new Date()): Promise<void> {
  await seedDemoBank(db, now);
  await seedBank(db, 'hill');
  const app = await buildApp({ config: testConfig, db });
  try {
    await paydayAndReversal(app, db);
    await classBankerAndGoal(app, db);
    await classEconomy(app, db);
    // Last: its failed sign-in must stay on record, and a later sign-in would clear it.
    await studentDay(app, db);
  } finally {
    await app.close();
  }
  await runWeeklySchedule(db, now);
}

type App = Awaited<ReturnType<typeof buildApp>>;

const signIn = async (app: App, username: string, password = 'Demo-1234') =>
  (await call(app, 'POST', '/login', { body: { username, password } })).body as string;

function expectStatus(what: string, response: { status: number; body: unknown }, status: number) {
  if (response.status !== status) throw new Error(`${what}: ${JSON.stringify(response.body)}`);
}

/** A teller's class payday, and an admin's reversal of a credit (the audit log). */
async function paydayAndReversal(app: App, db: Database): Promise<void> {
  const payday = await call(app, 'POST', '/teller/batches', {
    token: await signIn(app, 'teller'),
    body: {
      kind: 'deposit',
      memo: 'Class jobs',
      items: [
        { accountId: '4000012345', amount: 12.5 },
        { accountId: '4000023456', amount: 7.25 },
      ],
    },
  });
  expectStatus('payday', payday, 201);
  const [credit] = await queryRows<{ id: number }>(
    db,
    sql`select id from transactions where account_number = '4000012345' and type = 'credit'
          and status = 'posted' and transfer_id is null order by id limit 1`,
  );
  const reversal = await call(app, 'POST', `/admin/transactions/${credit!.id}/reverse`, {
    token: await signIn(app, 'admin'),
    body: { reason: 'Paid twice' },
  });
  expectStatus('reversal', reversal, 201);
}

/** A student's mistyped password, a transfer with an Idempotency-Key, and a support ticket. */
async function studentDay(app: App, db: Database): Promise<void> {
  const token = await signIn(app, 'student');
  // After the sign-in, which clears a user's failures.
  expectStatus(
    'wrong password',
    await call(app, 'POST', '/login', {
      body: { username: 'student', password: 'not-my-password' },
    }),
    401,
  );
  const mine = await queryRows<{ n: string; type: string }>(
    db,
    sql`select a.account_number as n, a.type from accounts a join users u on u.id = a.user_id
        where u.username = 'student' order by a.type`,
  );
  const transfer = await call(app, 'POST', '/user/transfers', {
    token,
    headers: { 'idempotency-key': 'school-year-transfer-1' },
    body: { fromAccountId: mine[0]!.n, toAccountId: mine[1]!.n, amount: 1.5 },
  });
  expectStatus('transfer', transfer, 201);
  const ticket = await call(app, 'POST', '/user/supportTickets/create', {
    token,
    body: {
      bankId: 1,
      ticketType: 'Bug',
      title: 'My statement',
      ticketContents: 'The October statement is not there.',
      severity: '4. Minor',
    },
  });
  expectStatus('support ticket', ticket, 201);
}

/** A class banker's request waiting for the teacher (issue 24), and a student's savings goal. */
async function classBankerAndGoal(app: App, db: Database): Promise<void> {
  const [main] = await queryRows<{ id: number }>(
    db,
    sql`select id from branches where bank_id = 1 and name = 'Main Campus'`,
  );
  const banker = await call(app, 'PUT', '/admin/users/maya/updateUser', {
    token: await signIn(app, 'admin'),
    body: { name: 'Maya Chen', userRole: 'USER', branch: main!.id, banker: true },
  });
  expectStatus('banker', banker, 200);
  const request = await call(app, 'POST', '/user/requests', {
    token: await signIn(app, 'maya'),
    body: { kind: 'deposit', accountId: '4000012345', amount: 2, memo: 'Found money' },
  });
  expectStatus('banker request', request, 201);
  const goal = await call(app, 'POST', '/user/goals', {
    token: await signIn(app, 'student'),
    body: { accountId: '4000067890', name: 'Bike', amount: 150 },
  });
  expectStatus('goal', goal, 201);
}

/**
 * A class job the student holds, an award, a store item the student has ordered (its hold waits),
 * and an open auction the student has bid on (their bid holds).
 */
async function classEconomy(app: App, db: Database): Promise<void> {
  const [main] = await queryRows<{ id: number }>(
    db,
    sql`select id from branches where bank_id = 1 and name = 'Main Campus'`,
  );
  const teller = await signIn(app, 'teller');
  const job = await call(app, 'POST', '/teller/jobs', {
    token: teller,
    body: { name: 'Librarian', wage: 3, branchId: main!.id },
  });
  expectStatus('job', job, 201);
  const holders = await call(app, 'PUT', `/teller/jobs/${(job.body as { jobId: number }).jobId}`, {
    token: teller,
    body: { holders: ['student'] },
  });
  expectStatus('job holders', holders, 200);
  expectStatus(
    'award',
    await call(app, 'POST', '/teller/awards', {
      token: teller,
      body: { name: 'Helped a classmate', kind: 'deposit', amount: 2 },
    }),
    201,
  );
  const item = await call(app, 'POST', '/teller/items', {
    token: teller,
    body: { name: 'Homework pass', price: 4, stock: 5, branchId: main!.id },
  });
  expectStatus('store item', item, 201);
  const order = await call(app, 'POST', '/user/orders', {
    token: await signIn(app, 'student'),
    body: { itemId: (item.body as { itemId: number }).itemId, accountId: '4000012345' },
  });
  expectStatus('store order', order, 201);
  const auction = await call(app, 'POST', '/teller/auctions', {
    token: teller,
    body: {
      name: 'Class pet for a day',
      startingBid: 1,
      endsAt: new Date(Date.now() + 86_400_000).toISOString(),
      branchId: main!.id,
    },
  });
  expectStatus('auction', auction, 201);
  const bid = await call(
    app,
    'POST',
    `/user/auctions/${(auction.body as { auctionId: number }).auctionId}/bids`,
    {
      token: await signIn(app, 'student'),
      body: { accountId: '4000012345', amount: 1.5 },
    },
  );
  expectStatus('auction bid', bid, 201);
}

/** A weekly class pay that started two weeks ago, caught up to now (its runs, paydays and audit). */
async function runWeeklySchedule(db: Database, now: Date): Promise<void> {
  const start = new Date(now.getTime() - 15 * 24 * 60 * 60 * 1000);
  const startDate = start.toISOString().slice(0, 10);
  const [main] = await queryRows<{ id: number }>(
    db,
    sql`select id from branches where bank_id = 1 and name = 'Main Campus'`,
  );
  await db.insert(schema.schedules).values({
    bankId: 1,
    name: 'Class job pay',
    kind: 'deposit',
    amountCents: 500,
    every: 'week',
    startDate,
    targetBranchId: main!.id,
    nextRunAt: new Date(`${startDate}T06:00:00Z`),
    createdBy: 1,
  });
  const runs = await runDueSchedules(db, { asOf: now, postingDelaySeconds: 86_400 });
  if (runs.length < 2) throw new Error(`the schedule ran ${runs.length} times`);
  // A job item that failed once, as the job-item runner records it (domain/job-items).
  await db.insert(schema.jobFailures).values({
    job: 'request-expiry',
    item: '999',
    bankId: 1,
    reason: 'It could not expire, and still holds its amount: approve or reject it.',
    detail: 'Error: the hold on 4000012345 went below zero',
    failedAt: now,
  });
  // A run (Run now) paying in steps, as a process that stopped after its first step left it: its
  // record unfinished, and whom it has still to pay (domain/schedules/run-steps.ts).
  const [inProgress] = await db
    .insert(schema.scheduleRuns)
    .values({
      scheduleId: runs[0]!.scheduleId,
      occurrenceDate: null,
      runAt: now,
      itemCount: 0,
      totalCents: 0,
      leftOut: [],
      cut: [],
      ranBy: 1,
    })
    .returning();
  await db.insert(schema.scheduleRunStudents).values({
    runId: inProgress!.id,
    position: 0,
    userId: null,
    accountNumber: null,
    username: null,
    name: null,
  });
}

/**
 * Everything a database holds, comparable across two databases of the same kind: every table's
 * rows (as PostgreSQL writes them, sorted) and every sequence's position.
 */
export async function databaseSnapshot(db: Database): Promise<Record<string, string[]>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public' and tablename <> 'schema_migrations' order by tablename`,
  );
  const snapshot: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = await queryRows<{ row: string }>(
      db,
      sql`select row_to_json(t)::text as row from ${sql.identifier(name)} t`,
    );
    snapshot[name] = rows.map((r) => r.row).sort();
  }
  const sequences = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'S' and n.nspname = 'public' order by c.relname`,
  );
  for (const { name } of sequences) {
    const rows = await queryRows<{ row: string }>(
      db,
      sql`select last_value::text || ' ' || is_called::text as row from ${sql.identifier(name)}`,
    );
    snapshot[`sequence ${name}`] = rows.map((r) => r.row);
  }
  return snapshot;
}

/** Every account's balance, by number. */
export async function balances(db: Database): Promise<Record<string, number>> {
  const rows = await queryRows<{ n: string; b: number }>(
    db,
    sql`select account_number as n, balance_cents as b from accounts order by account_number`,
  );
  return Object.fromEntries(rows.map((r) => [r.n, Number(r.b)]));
}

/** The stored PDF of the first statement issued, with its file name. */
export async function firstStatement(db: Database): Promise<{ fileName: string; pdf: Buffer }> {
  const [row] = await queryRows<{ file_name: string; pdf: Uint8Array }>(
    db,
    sql`select file_name, pdf from statements order by id limit 1`,
  );
  return { fileName: row!.file_name, pdf: Buffer.from(row!.pdf) };
}

/** Every table the schema declares, sorted (read apart from the catalog query a backup uses). */
export const schemaTables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => value instanceof PgTable)
  .map((table) => getTableConfig(table).name)
  .sort();
