/**
 * Paging an account with 100,000 transactions: how long a page of 500 takes, first and deep,
 * against a primary-key lookup measured in the same run on the same database (so the figures
 * compare across machines as ratios). Part of `npm run bench` (run.ts), on a scratch database
 * created (and dropped) on the PostgreSQL server given, or on an in-memory PGlite without one.
 */
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database } from '../src/db/client.js';
import { accounts, banks, branches, transactions, users } from '../src/db/schema.js';
import type { Actor } from '../src/domain/actor.js';
import { listTransactions, transfer } from '../src/domain/ledger/index.js';
import { postTransactions } from '../src/domain/ledger/posting/index.js';
import { scratchPostgres } from './scratch.js';

const ROWS = 100_000;
const RUNS = 200;

const OTHER_ACCOUNTS = 50;

/**
 * The account under test with 100,000 posted transactions, interleaved (as time interleaves a
 * bank's customers) with 100,000 more spread over 50 other accounts.
 */
async function seed(db: Database) {
  const [bank] = await db.insert(banks).values({ name: 'Bench Bank' }).returning();
  const [branch] = await db.insert(branches).values({ bankId: bank!.id, name: 'Main' }).returning();
  const [user] = await db
    .insert(users)
    .values({ username: 'bench-admin', name: 'Bench', role: 'ADMIN', bankId: bank!.id, passwordHash: 'x' })
    .returning();
  const [student] = await db
    .insert(users)
    .values({
      username: 'bench-student',
      name: 'Student',
      role: 'USER',
      bankId: bank!.id,
      branchId: branch!.id,
      passwordHash: 'x',
    })
    .returning();
  const numbers = Array.from({ length: OTHER_ACCOUNTS + 1 }, (_, i) => String(1_000_000_000 + i));
  await db.insert(accounts).values(
    numbers.map((accountNumber) => ({
      accountNumber,
      bankId: bank!.id,
      branchId: branch!.id,
      userId: student!.id,
      type: 'CHECKING' as const,
    })),
  );
  // Row g belongs to the account under test when g is even, else to one of the others; 1.00
  // credits, posted, with true running balances and posting order.
  await db.execute(sql`
    insert into transactions (account_number, type, description, amount_cents, status, transaction_date,
                              posted_date, account_balance_cents, posting_seq)
    select acct, 'credit', 'Bench deposit', 100, 'posted', at, at,
           100 * row_number() over (partition by acct order by g), g
    from (select g, now() - make_interval(secs => ${2 * ROWS} - g) as at,
                 (1000000000 + case when g % 2 = 0 then 0 else 1 + (g / 2) % ${OTHER_ACCOUNTS} end)::text as acct
          from generate_series(1, ${2 * ROWS}) g) s
    order by g`);
  await db.execute(sql`
    update accounts a set balance_cents = s.total
    from (select account_number, sum(amount_cents)::bigint as total from transactions group by account_number) s
    where s.account_number = a.account_number`);
  await db.execute(sql`analyze`);
  const actor: Actor = {
    id: user!.id,
    username: 'bench-admin',
    role: 'ADMIN',
    bankId: bank!.id,
    branchId: null,
    sessionId: 0,
  };
  return { actor, numbers };
}

async function median(runs: number, work: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 10; i++) await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

export interface PagingFigures {
  pkLookupMs: number;
  firstPageMs: number;
  deepPageMs: number;
  oneTransferMs: number;
  postingMsEach: number;
}

export async function pagingBench(adminUrl: string | undefined): Promise<PagingFigures> {
  const scratch = adminUrl ? await scratchPostgres(adminUrl, 'bank_bench') : null;
  const handle = await openDatabase({ databaseUrl: scratch?.url });
  try {
    console.log(
      `database: ${handle.kind}; seeding ${2 * ROWS} transactions over ${OTHER_ACCOUNTS + 1} accounts…`,
    );
    const { actor, numbers } = await seed(handle.db);
    const account = numbers[0]!;
    const [ids] = await queryRows<{ min: number; max: number }>(
      handle.db,
      sql`select min(id)::bigint as min, max(id)::bigint as max from transactions where account_number = ${account}`,
    );
    // A page near the oldest end: the cursor names a row as the API does (`{posting_seq}-{id}`).
    const [deep] = await queryRows<{ seq: string; id: string }>(
      handle.db,
      sql`select posting_seq::text as seq, id::text as id from transactions
          where account_number = ${account} and posting_seq is not null
          order by posting_seq, id offset 1000 limit 1`,
    );
    const deepCursor = `${deep!.seq}-${deep!.id}`;

    const pkLookup = await median(RUNS, () =>
      handle.db.select().from(transactions).where(eq(transactions.id, ids!.max)),
    );
    const firstPage = await median(RUNS, () => listTransactions(handle.db, actor, account, { limit: 500 }));
    const deepPage = await median(RUNS, () =>
      listTransactions(handle.db, actor, account, { limit: 500, cursor: deepCursor }),
    );
    const clock = { now: new Date(), postingDelaySeconds: 0 };
    const oneTransfer = await median(RUNS, () =>
      transfer(handle.db, clock, actor, {
        fromAccountId: numbers[0]!,
        toAccountId: numbers[1]!,
        amountCents: 1,
      }),
    );
    const postStart = performance.now();
    const posting = await postTransactions(handle.db, { now: new Date(Date.now() + 1000) });
    const postMs = performance.now() - postStart;

    const plan = await queryRows<{ 'QUERY PLAN': string }>(
      handle.db,
      // The deep page's own query (list-transactions.ts): keyset on (posting order, id).
      sql`explain select * from transactions where account_number = ${account} and deleted_at is null
          and (coalesce(posting_seq, 9223372036854775807), id) < (${deep!.seq}::bigint, ${deep!.id}::bigint)
          order by coalesce(posting_seq, 9223372036854775807) desc, id desc limit 501`,
    );
    const fmt = (ms: number) => `${ms.toFixed(3)} ms`;
    const rows = [
      ['primary-key lookup (reference)', fmt(pkLookup), '1.0'],
      ['first page of 500 (newest)', fmt(firstPage), (firstPage / pkLookup).toFixed(1)],
      ['deep page of 500 (cursor near the oldest)', fmt(deepPage), (deepPage / pkLookup).toFixed(1)],
      ['one transfer (lock 2 accounts, 2 rows)', fmt(oneTransfer), (oneTransfer / pkLookup).toFixed(1)],
    ];
    console.log(`\nmedian of ${RUNS} runs; the account has ${ROWS} transactions, the table ${2 * ROWS}`);
    for (const [what, time, ratio] of rows)
      console.log(`${what!.padEnd(45)} ${time!.padStart(12)}   ×${ratio} reference`);
    console.log(
      `posting the ${posting.posted} pending legs of those transfers: ${fmt(postMs)} (${(postMs / Math.max(1, posting.posted)).toFixed(3)} ms each)`,
    );
    console.log(`deep page ÷ first page: ${(deepPage / firstPage).toFixed(2)} (keyset paging: close to 1)`);
    console.log(`\nplan of a deep page:\n  ${plan.map((p) => p['QUERY PLAN']).join('\n  ')}`);
    return {
      pkLookupMs: pkLookup,
      firstPageMs: firstPage,
      deepPageMs: deepPage,
      oneTransferMs: oneTransfer,
      postingMsEach: postMs / Math.max(1, posting.posted),
    };
  } finally {
    await handle.close();
    await scratch?.drop();
  }
}
