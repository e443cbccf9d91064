/**
 * The bank under load, in its own process (so that the load generator does not share its event
 * loop): opens the database named by DATABASE_URL (or an embedded one in DATA_DIR), seeds the
 * scenario through the bank's own code, listens on a free port and prints one line
 * `READY {json}`. On the line `check` from standard input it checks the books and prints
 * `BOOKS {json}`; on `cpu` it prints `CPU {user, system, groups, items}` (µs of this process so
 * far, for the CPU a transfer costs, and the transfer groups run so far with the transfers in
 * them); on `exit` it closes. Background work, started while the load runs, each answered by one
 * line when it has finished (`{startedAt, endedAt}` in epoch ms, and what it did):
 * - `post EPOCH_MS`: the posting job's run at that moment → `POSTED`;
 * - `month-end ISO`: month-end as of that instant → `MONTH-END`;
 * - `pending N`: N due pending transfer legs written straight into the tables → `PENDING`.
 * BENCH_MONTHS=n moves the accounts' opening n + 1 months back, with their first deposits, and
 * makes every fourth a savings account of a bank that pays interest: month-end then has a month
 * to close for each of n runs. Started by run.ts; not meant to be run by hand.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { logDestination } from '../src/logging.js';
import { openDatabase, queryRows, type Database } from '../src/db/client.js';
import { accounts, banks } from '../src/db/schema.js';
import type { Actor } from '../src/domain/actor.js';
import { createAccount } from '../src/domain/accounts/create-account.js';
import { createBank } from '../src/domain/bank/create-bank.js';
import { createBranch } from '../src/domain/branches/create-branch.js';
import { seedDemoBank } from '../src/domain/demo/seed-demo-bank.js';
import { deposit, transferGroupCounts, verifyLedger } from '../src/domain/ledger/index.js';
import { postTransactions } from '../src/domain/ledger/posting/index.js';
import { createUser } from '../src/domain/users/create-user.js';
import { runMonthEnd } from '../src/domain/month-end/index.js';
import { postingJob } from '../src/jobs/posting.js';
import { allowLongJob } from '../src/db/timeouts.js';
import { clockAt } from '../src/clock.js';
import { testConfigFor } from './config.js';

const PASSWORD = 'Bench-Pass-1234';
const STUDENTS = 20;
const OPENING_CENTS = 1_000_000;

/** A bank with `count` accounts of 20 students, each with $10,000, all posted. */
async function seedAccounts(db: Database, count: number) {
  const created = await createBank(db, {
    name: 'Bench Bank',
    adminUsername: 'bench-admin',
    password: PASSWORD,
  });
  const [adminRow] = await queryRows<{ id: number }>(
    db,
    sql`select id from users where username = 'bench-admin'`,
  );
  const admin: Actor = {
    id: adminRow!.id,
    username: 'bench-admin',
    role: 'ADMIN',
    bankId: created.bankId,
    branchId: null,
    sessionId: 0,
  };
  const branch = await createBranch(db, admin, { branchName: 'Main' });
  const numbers: string[] = [];
  for (let s = 0; s < STUDENTS; s++) {
    const username = `bench-student-${s}`;
    await createUser(db, admin, {
      username,
      name: `Student ${s}`,
      userRole: 'USER',
      bankId: null,
      branchId: branch.branchId,
    });
    for (let a = s; a < count; a += STUDENTS) {
      const account = await createAccount(
        db,
        admin,
        {
          username,
          branchId: branch.branchId,
          accountType: 'CHECKING',
        },
        new Date(),
      );
      numbers.push(account.accountId);
    }
  }
  const clock = { now: new Date(Date.now() - 60_000), postingDelaySeconds: 0 };
  for (const accountId of numbers) await deposit(db, clock, admin, { accountId, amountCents: OPENING_CENTS });
  await postTransactions(db, { now: new Date(), wait: true });
  return { bankId: created.bankId, username: 'bench-admin', password: PASSWORD, accounts: numbers };
}

/** The demo bank of a first start; the load moves money between its busiest open accounts. */
async function seedDemo(db: Database, count: number) {
  await seedDemoBank(db, new Date());
  const [bank] = await db.select({ id: banks.id }).from(banks).limit(1);
  const busiest = await queryRows<{ account_number: string }>(
    db,
    sql`select a.account_number from ${accounts} a
        where a.bank_id = ${bank!.id} and a.closed_at is null
        order by (select count(*) from transactions t where t.account_number = a.account_number) desc,
                 a.account_number
        limit ${count}`,
  );
  return {
    bankId: bank!.id,
    username: 'admin',
    password: 'Demo-1234',
    accounts: busiest.map((r) => r.account_number),
  };
}

/**
 * The books: the ledger's rules (verifyLedger), the bank's total less the interest it credited
 * (the only money month-end makes: transfers only move it), and the rows written so far.
 */
function books(handle: Database, bankId: number) {
  // Over a million rows the check takes longer than a request's statement timeout.
  return handle.transaction(async (db) => {
    await allowLongJob(db);
    const problems = await verifyLedger(db, bankId);
    const [total] = await queryRows<{ total: number; transactions: number }>(
      db,
      sql`select (coalesce(sum(balance_cents), 0)
                - (select coalesce(sum(ic.amount_cents), 0) from interest_credits ic
                   join accounts a using (account_number) where a.bank_id = ${bankId}))::bigint as total,
               (select count(*) from transactions t join accounts a using (account_number) where a.bank_id = ${bankId})::bigint as transactions
        from accounts where bank_id = ${bankId}`,
    );
    return { problems, totalCents: total!.total, transactions: total!.transactions };
  });
}

/**
 * Month-end's work for `months` runs: the accounts opened `months` + 1 months ago with their
 * first deposits posted then, a quarter of them savings accounts at 2 %, so each run closes a
 * month of statements (and interest) for every account.
 */
async function backdate(db: Database, bankId: number, months: number) {
  const opened = sql`(date_trunc('month', now() at time zone 'UTC') - make_interval(months => ${months + 1})) at time zone 'UTC'`;
  await db.execute(
    sql`update banks set savings_active = true, savings_rate_hundredths = 200 where id = ${bankId}`,
  );
  await db.execute(sql`update accounts set opened_at = ${opened},
                         type = case when right(account_number, 1) in ('0', '4') then 'SAVINGS' else type end
                       where bank_id = ${bankId}`);
  await db.execute(sql`update transactions t set transaction_date = ${opened} + interval '1 hour',
                         posted_date = ${opened} + interval '1 hour', created_at = ${opened}
                       from accounts a where a.account_number = t.account_number and a.bank_id = ${bankId}`);
}

/**
 * `count` due pending transactions (transfer legs of 1 cent between the bank's accounts, dated
 * two days back, in order), written by one statement with their balances, so that the books
 * still balance: what the posting run of a big day finds.
 */
async function writePending(handle: Database, bankId: number, count: number) {
  const pairs = Math.floor(count / 2);
  // A million rows in one statement take longer than a request's statement timeout.
  return handle.transaction(async (db) => {
    await allowLongJob(db);
    await db.execute(sql`
    with numbers as (select array_agg(account_number order by account_number) as n, count(*)::int as a
                     from accounts where bank_id = ${bankId}),
    pairs as (select g, n[1 + (g::bigint * 7919) % a] as src, n[1 + (g::bigint * 7919 + 1 + g % (a - 1)) % a] as dst,
                     now() - interval '2 days' + g * interval '1 millisecond' as due, gen_random_uuid() as transfer
              from numbers, generate_series(1, ${pairs}) as g)
    insert into transactions (account_number, type, description, amount_cents, status, transaction_date,
                              transfer_id, created_at)
    select case when leg = 0 then src else dst end, case when leg = 0 then 'debit' else 'credit' end,
           'Bench transfer', 1, 'pending', due, transfer, due - interval '1 day'
    from pairs cross join (values (0), (1)) as legs(leg)
    order by g, leg`);
    await db.execute(sql`
    update accounts a set balance_cents = s.total
    from (select account_number, sum(case when type = 'credit' then amount_cents else -amount_cents end)::bigint as total
          from transactions where deleted_at is null group by account_number) s
    where s.account_number = a.account_number and a.bank_id = ${bankId}`);
    await db.execute(sql`analyze transactions`);
    return { rows: pairs * 2 };
  });
}

/** Background work: its answer line once done, with when it ran (epoch ms). */
function inBackground(prefix: string, work: () => Promise<unknown>) {
  const startedAt = Date.now();
  work().then(
    (result) => console.log(`${prefix} ${JSON.stringify({ startedAt, endedAt: Date.now(), result })}`),
    (error: unknown) => {
      console.error(error);
      console.log(`${prefix} ${JSON.stringify({ startedAt, endedAt: Date.now(), error: String(error) })}`);
    },
  );
}

/**
 * BENCH_PROFILE=dir: a CPU profile of the server during the timed load only (from the first
 * `profile` to the next `cpu`), without the seeding, written to dir.
 */
const profiling = {
  session: null as Session | null,
  started: false,
  async start() {
    if (!process.env.BENCH_PROFILE || this.started) return;
    this.session = new Session();
    this.session.connect();
    await this.session.post('Profiler.enable');
    await this.session.post('Profiler.start');
    this.started = true;
  },
  async stop() {
    const { profile } = await this.session!.post('Profiler.stop');
    mkdirSync(process.env.BENCH_PROFILE!, { recursive: true });
    writeFileSync(`${process.env.BENCH_PROFILE}/load-${Date.now()}.cpuprofile`, JSON.stringify(profile));
    this.started = false;
  },
};

async function main() {
  const scenario = process.env.BENCH_SCENARIO ?? 'accounts';
  const count = Number(process.env.BENCH_ACCOUNTS ?? 1000);
  const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR });
  const seeded =
    scenario === 'demo' ? await seedDemo(handle.db, count) : await seedAccounts(handle.db, count);
  const months = Number(process.env.BENCH_MONTHS ?? 0);
  if (months > 0) await backdate(handle.db, seeded.bankId, months);
  const before = await books(handle.db, seeded.bankId);
  const config = testConfigFor(process.env);
  // Request logs as in production (level info, JSON lines), written to a file instead of standard output.
  const logs = logDestination('json', process.env.BENCH_LOG_FILE ?? '/dev/null');
  const app = await buildApp({
    config,
    db: handle.db,
    rateLimitPerMinute: 0,
    logStream: logs.stream,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`READY ${JSON.stringify({ port, kind: handle.kind, ...seeded, before })}`);

  for await (const line of createInterface({ input: process.stdin })) {
    if (line === 'check') console.log(`BOOKS ${JSON.stringify(await books(handle.db, seeded.bankId))}`);
    if (line === 'cpu')
      console.log(`CPU ${JSON.stringify({ ...process.cpuUsage(), ...transferGroupCounts(handle.db) })}`);
    if (line === 'profile') await profiling.start();
    if (line === 'cpu' && profiling.started) await profiling.stop();
    const [command, argument] = line.split(' ');
    if (command === 'post')
      inBackground('POSTED', () => postingJob.run(handle.db, config, clockAt(new Date(Number(argument)))));
    if (command === 'month-end')
      inBackground('MONTH-END', () => runMonthEnd(handle.db, { now: new Date(), asOf: new Date(argument!) }));
    if (command === 'pending')
      inBackground('PENDING', () => writePending(handle.db, seeded.bankId, Number(argument)));
    if (line === 'exit') break;
  }
  await app.close();
  logs.flush();
  await handle.close();
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
