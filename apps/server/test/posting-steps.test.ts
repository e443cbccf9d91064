import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { openDatabase, queryRows } from '../src/db/client.js';
import { verifyLedger } from '../src/domain/ledger/index.js';
import { postTransactions, ROWS_PER_STEP } from '../src/domain/ledger/posting/index.js';
import { call, databaseKind, databaseUrlOf, otherConnection, useTestApp } from './harness.js';
import { insertAccount, insertPendingTransfers, openWith, seedTwoBanks } from './fixtures.js';

/**
 * Posting in short steps (API.md "The ledger rules"; db/locks.ts): each step is one database
 * transaction of at most ROWS_PER_STEP rows, transfers go on while it posts, and every row is
 * posted once with the running balance the rules give it.
 */

const t = useTestApp();
let banks: Awaited<ReturnType<typeof seedTwoBanks>>;
beforeEach(async () => {
  banks = await seedTwoBanks(t.db);
});

const DAY_MS = 86_400_000;
const scratchUrl = () => databaseUrlOf(t.db);
const PENDING = 5_000;

/** Ten funded accounts of bank one's student, with `legs` due pending transfer legs between them. */
async function accountsWithPending(legs: number): Promise<string[]> {
  const { one } = banks;
  const numbers: string[] = [];
  for (let i = 0; i < 10; i++) {
    const account = await insertAccount(t.db, {
      userId: one.student.id,
      bankId: one.bankId,
      branchId: one.main.id,
    });
    await openWith(t.db, account.accountNumber, 1_000_000);
    numbers.push(account.accountNumber);
  }
  await insertPendingTransfers(t.db, numbers, legs, new Date(Date.now() - DAY_MS));
  return numbers;
}

/** Rows by status, posted rows per writing transaction (a step), and posting_seq's spread. */
async function postingFacts() {
  const [facts] = await queryRows<{
    pending: number;
    posted: number;
    seqs: number;
    minSeq: number;
    maxSeq: number;
    largestStep: number;
    steps: number;
  }>(
    t.db,
    sql`select count(*) filter (where status = 'pending')::int as pending,
               count(*) filter (where status = 'posted')::int as posted,
               count(distinct posting_seq)::int as seqs, min(posting_seq)::int as "minSeq",
               max(posting_seq)::int as "maxSeq",
               (select max(n) from (select count(*)::int as n from transactions where status = 'posted'
                                    group by xmin::text) s) as "largestStep",
               (select count(distinct xmin::text)::int from transactions where status = 'posted') as steps
        from transactions`,
  );
  return facts!;
}

describe('posting in steps', () => {
  it('posts 5,000 pending rows in steps of at most ROWS_PER_STEP while transfers run: every transfer answered, every row posted once, every running balance right', async () => {
    const numbers = await accountsWithPending(PENDING);
    const due = PENDING + numbers.length; // the transfers' legs and the opening credits
    const transfers: Array<Promise<{ status: number }>> = [];
    const posting = postTransactions(t.db, { now: new Date(), wait: true });
    for (let i = 0; i < 40; i++) {
      transfers.push(
        call(t.app, 'POST', '/user/transfers', {
          token: banks.one.tokens.student,
          body: { fromAccountId: numbers[i % 10], toAccountId: numbers[(i + 3) % 10], amount: 1.25 },
        }),
      );
    }
    const [result, ...answers] = await Promise.all([posting, ...transfers]);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    expect(result).toEqual({ posted: due, skipped: false });

    const facts = await postingFacts();
    // The 40 transfers' legs are not due: they wait for their day.
    expect(facts.pending).toBe(80);
    expect(facts.posted).toBe(due);
    expect([facts.seqs, facts.minSeq, facts.maxSeq]).toEqual([due, 1, due]);
    expect(facts.largestStep).toBeLessThanOrEqual(ROWS_PER_STEP);
    expect(facts.steps).toBeGreaterThanOrEqual(Math.ceil(due / ROWS_PER_STEP));
    expect(await verifyLedger(t.db)).toEqual([]);

    // Nothing is posted twice: a second run finds nothing due.
    expect(await postTransactions(t.db, { now: new Date(), wait: true })).toEqual({
      posted: 0,
      skipped: false,
    });
  });

  it('posts an account in (transactionDate, id) order across steps, each running balance after the one before', async () => {
    const numbers = await accountsWithPending(3 * ROWS_PER_STEP);
    await postTransactions(t.db, { now: new Date() });
    const rows = await queryRows<{
      account_number: string;
      transaction_date: string;
      id: number;
      posting_seq: number;
    }>(
      t.db,
      sql`select account_number, transaction_date, id, posting_seq from transactions
          where account_number = ${numbers[0]!} order by posting_seq`,
    );
    const byDate = [...rows].sort(
      (a, b) =>
        new Date(a.transaction_date).getTime() - new Date(b.transaction_date).getTime() || a.id - b.id,
    );
    expect(rows.map((r) => r.id)).toEqual(byDate.map((r) => r.id));
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});

/** How many locks backends of the test's database wait for right now (pg_locks is live, not a snapshot). */
async function lockWaits(watcher: pg.Client): Promise<number> {
  const { rows } = await watcher.query<{ n: number }>(
    `select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
     where not l.granted and a.datname = current_database()`,
  );
  return rows[0]!.n;
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 20));

describe.skipIf(databaseKind === 'pglite')('posting beside other transactions (PostgreSQL)', () => {
  it('a transfer never waits for a posting step that holds its accounts', async () => {
    const numbers = await accountsWithPending(200);
    const other = await openDatabase({ databaseUrl: scratchUrl() });
    const watcher = await otherConnection(t.db);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let claimed!: (posted: number) => void;
    const inFlight = new Promise<number>((resolve) => (claimed = resolve));
    // Another process's posting, its step's claims held open until the transfer below is answered.
    const posting = other.db.transaction(async (tx) => {
      claimed((await postTransactions(tx, { now: new Date(), wait: true })).posted);
      await gate;
    });
    try {
      expect(await Promise.race([inFlight, posting.then(() => -1)])).toBe(210);
      let answered: { status: number } | null = null;
      const transfer = call(t.app, 'POST', '/user/transfers', {
        token: banks.one.tokens.student,
        body: { fromAccountId: numbers[0], toAccountId: numbers[1], amount: 2 },
      }).then((a) => (answered = a));
      // Until the transfer is answered, nothing in the test's database may wait for a lock.
      while (!answered) {
        expect(await lockWaits(watcher), 'a transfer waits for the open posting step').toBe(0);
        await pause();
      }
      expect((await transfer).status).toBe(201);
    } finally {
      release();
      await posting;
      await other.close();
      await watcher.end();
    }
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('skips an account a correction holds, posts the others, and posts it on a later step', async () => {
    const numbers = await accountsWithPending(200);
    const held = numbers[0]!;
    const correction = await otherConnection(t.db);
    const watcher = await otherConnection(t.db);
    try {
      await correction.query('begin');
      await correction.query('select 1 from accounts where account_number = $1 for update', [held]);
      const posting = postTransactions(t.db, { now: new Date() });
      // Posting waits for the held account only once every other account's rows are posted.
      for (;;) {
        const waiting = (await lockWaits(watcher)) > 0;
        const [row] = await queryRows<{ free: number; held: number }>(
          t.db,
          sql`select count(*) filter (where status = 'pending' and account_number <> ${held})::int as free,
                     count(*) filter (where status = 'posted' and account_number = ${held})::int as held
              from transactions`,
        );
        expect(row!.held).toBe(0);
        if (waiting) {
          expect(row!.free, 'posting waits for the held account before posting the others').toBe(0);
          break;
        }
        await pause();
      }
      await correction.query('commit');
      expect((await posting).posted).toBe(210);
    } finally {
      await correction.end();
      await watcher.end();
    }
    const [order] = await queryRows<{ lastFree: number; firstHeld: number }>(
      t.db,
      sql`select max(posting_seq) filter (where account_number <> ${held})::int as "lastFree",
                 min(posting_seq) filter (where account_number = ${held})::int as "firstHeld"
          from transactions`,
    );
    expect(order!.firstHeld).toBeGreaterThan(order!.lastFree);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
