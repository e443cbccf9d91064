import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { verifyLedger } from '../src/domain/ledger/index.js';
import { databaseKind } from './harness.js';
import { insertAccount, insertUser, seedBank } from './fixtures.js';
import { scratchDatabase, spawnServer, type Scratch } from './server-process.js';

/**
 * A waiting request expires after 7 days and releases its hold exactly once, however many server
 * processes run the expiry job (API.md "Students who take part"): two real servers start on a
 * database where many requests are past their time, and each is expired, released and audited once.
 */

const REQUESTS = 60;
const HELD_CENTS = 100;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A class whose banker's withdrawal requests all waited past their time, each holding money. */
async function seedExpired(scratch: Scratch) {
  const setup = await scratch.open();
  const bank = await seedBank(setup.db, 'expiry');
  await setup.db.execute(sql`update users set banker = true where id = ${bank.student.id}`);
  const kid = await insertUser(setup.db, {
    username: 'kid',
    role: 'USER',
    bankId: bank.bankId,
    branchId: bank.main.id,
  });
  const accountNumbers: string[] = [];
  for (let i = 0; i < REQUESTS / 3; i++) {
    const account = await insertAccount(setup.db, {
      userId: kid.id,
      bankId: bank.bankId,
      branchId: bank.main.id,
    });
    accountNumbers.push(account.accountNumber);
  }
  for (let i = 0; i < REQUESTS; i++) {
    const accountNumber = accountNumbers[i % accountNumbers.length]!;
    // Money that was deposited, and a request that has held part of it for more than 7 days.
    await setup.db.execute(sql`
      with deposit as (
        insert into transactions (account_number, type, description, amount_cents, transaction_date)
        values (${accountNumber}, 'credit', 'Teller Deposit', ${HELD_CENTS}, now() - interval '9 days')
      ), request as (
        insert into banker_requests (bank_id, kind, account_number, amount_cents, held_cents, requested_by, created_at, expires_at)
        values (${bank.bankId}, 'withdrawal', ${accountNumber}, ${HELD_CENTS}, ${HELD_CENTS}, ${bank.student.id},
                now() - interval '8 days', now() - interval '1 day')
      )
      update accounts set balance_cents = balance_cents + ${HELD_CENTS}, held_cents = held_cents + ${HELD_CENTS}
      where account_number = ${accountNumber}`);
  }
  expect(await verifyLedger(setup.db)).toEqual([]);
  await setup.close();
}

async function waitingLeft(scratch: Scratch): Promise<number> {
  const check = await scratch.open();
  try {
    const [row] = await queryRows<{ n: number }>(
      check.db,
      sql`select count(*)::int as n from banker_requests where status = 'waiting'`,
    );
    return row!.n;
  } finally {
    await check.close();
  }
}

describe('request expiry with several processes', () => {
  it.skipIf(databaseKind === 'pglite')(
    'two servers expire each overdue request once: released once, audited once (PostgreSQL)',
    { timeout: 120_000 },
    async () => {
      const scratch = await scratchDatabase();
      cleanups.push(scratch.drop);
      await seedExpired(scratch);
      const servers = await Promise.all([spawnServer(scratch.env), spawnServer(scratch.env)]);
      cleanups.push(async () => {
        for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
      });
      await Promise.all(servers.map((s) => s.ready));
      for (let i = 0; i < 600 && (await waitingLeft(scratch)) > 0; i++) await pause(100);
      for (const server of servers) server.child.kill('SIGTERM');
      expect(await Promise.all(servers.map((s) => s.exited))).toEqual([0, 0]);

      const check = await scratch.open();
      try {
        const [counts] = await queryRows<{ expired: number; audited: number; held: number; balance: number }>(
          check.db,
          sql`select
                (select count(*)::int from banker_requests where status = 'expired') as expired,
                (select count(*)::int from audit_log where action = 'request.expire') as audited,
                (select coalesce(sum(held_cents), 0)::int from accounts) as held,
                (select coalesce(sum(balance_cents), 0)::int from accounts) as balance`,
        );
        expect(counts).toEqual({
          expired: REQUESTS,
          audited: REQUESTS,
          held: 0,
          balance: REQUESTS * HELD_CENTS,
        });
        expect(await verifyLedger(check.db)).toEqual([]);
      } finally {
        await check.close();
      }
    },
  );
});
