import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { auctionBids, auctions } from '../src/db/schema.js';
import { createSession } from '../src/domain/auth/sessions.js';
import { verifyLedger } from '../src/domain/ledger/index.js';
import { postTransactions } from '../src/domain/ledger/posting/index.js';
import { databaseKind } from './harness.js';
import { insertClassmate, openWith, seedBank } from './fixtures.js';
import { scratchDatabase, spawnServer, type Scratch, type SpawnedServer } from './server-process.js';

/**
 * An auction ends exactly once, whatever server processes run (API.md "The class economy"): real
 * servers start on a database where many auctions' ends were missed "while no server ran", each
 * with a high bid holding money; one is killed with SIGKILL while it ends them and started again;
 * on PostgreSQL two run side by side, Students bid through both, and one is killed at the end of
 * the auction they bid on. At the end every auction ended once: one debit "Auction: {name}" each,
 * one audit line each, nothing left held, and the books balance.
 */

const STUDENTS = 6;
const AUCTIONS = 150;
const OPENING_CENTS = 100_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A class whose auctions all ended in the past, unended, each with its high bid holding money. */
async function seedMissedEnds(scratch: Scratch) {
  const setup = await scratch.open();
  const bank = await seedBank(setup.db, 'auctions');
  const kids: Awaited<ReturnType<typeof insertClassmate>>[] = [];
  for (let i = 0; i < STUDENTS; i++) {
    const kid = await insertClassmate(setup.db, bank, `bidder-${i}`);
    await openWith(setup.db, kid.checking, OPENING_CENTS);
    kids.push(kid);
  }
  const made = await setup.db
    .insert(auctions)
    .values(
      Array.from({ length: AUCTIONS }, (_, i) => ({
        bankId: bank.bankId,
        branchId: bank.main.id,
        name: `Prize ${i + 1}`,
        startingBidCents: 100,
        minIncrementCents: 100,
        endsAt: new Date(Date.now() - (i + 1) * 1000),
        createdBy: bank.admin.id,
      })),
    )
    .returning({ id: auctions.id });
  const bids = made.map((auction, i) => ({
    auctionId: auction.id,
    accountNumber: kids[i % STUDENTS]!.checking,
    userId: kids[i % STUDENTS]!.id,
    amountCents: 100 + i,
    heldCents: 100 + i,
  }));
  await setup.db.insert(auctionBids).values(bids);
  const expected = new Map<string, number>(kids.map((k) => [k.checking, OPENING_CENTS]));
  for (const b of bids) {
    expected.set(b.accountNumber, expected.get(b.accountNumber)! - b.amountCents);
    await setup.db.execute(
      sql`update accounts set held_cents = held_cents + ${b.heldCents} where account_number = ${b.accountNumber}`,
    );
  }
  expect(await verifyLedger(setup.db)).toEqual([]);
  await setup.close();
  return { bank, kids, expected };
}

type Seeded = Awaited<ReturnType<typeof seedMissedEnds>>;

/** A database of the test's own with those missed ends, and the environment a server needs for it. */
async function missedEndsDatabase() {
  const scratch = await scratchDatabase();
  cleanups.push(scratch.drop);
  const seeded = await seedMissedEnds(scratch);
  return { scratch, seeded, env: { ...scratch.env, POSTING_DELAY_SECONDS: '86400' } };
}

async function openCount(server: SpawnedServer, seeded: Seeded, status: 'open' | 'ended'): Promise<number> {
  const res = await fetch(`${server.base}/user/auctions/${seeded.bank.bankId}?status=${status}`, {
    headers: { authorization: `Bearer ${seeded.bank.tokens.admin}` },
  }).catch(() => null);
  return res?.ok ? ((await res.json()) as unknown[]).length : -1;
}

async function untilNoneOpen(server: SpawnedServer, seeded: Seeded) {
  for (let i = 0; i < 1200; i++) {
    if ((await openCount(server, seeded, 'open')) === 0) return;
    await pause(100);
  }
  throw new Error('the auctions did not all end');
}

/** What must hold at the end: each auction ended once, one charge each, nothing held, the books balance. */
async function expectEndedOnce(scratch: Scratch, seeded: Seeded, total: number) {
  const check = await scratch.open();
  try {
    const [counts] = await queryRows<{
      ended: number;
      charges: number;
      named: number;
      linked: number;
      audited: number;
      held: string;
    }>(
      check.db,
      sql`select
            (select count(*)::int from auctions where status = 'ended') as ended,
            (select count(*)::int from transactions where description like 'Auction: %') as charges,
            (select count(distinct description)::int from transactions where description like 'Auction: %') as named,
            (select count(distinct transaction_id)::int from auctions) as linked,
            (select count(*)::int from audit_log where action = 'auction.end') as audited,
            (select coalesce(sum(held_cents), 0)::text from accounts) as held`,
    );
    expect(counts).toEqual({
      ended: total,
      charges: total,
      named: total,
      linked: total,
      audited: total,
      held: '0',
    });
    const balances = await queryRows<{ account_number: string; balance: string }>(
      check.db,
      sql`select account_number, balance_cents::text as balance from accounts
          where account_number in (${sql.join(
            [...seeded.expected.keys()].map((n) => sql`${n}`),
            sql`, `,
          )})`,
    );
    expect(new Map(balances.map((b) => [b.account_number, Number(b.balance)]))).toEqual(seeded.expected);
    await postTransactions(check.db, { now: new Date(Date.now() + 86_400_000), all: true, wait: true });
    expect(await verifyLedger(check.db)).toEqual([]);
  } finally {
    await check.close();
  }
}

describe('auction ends through a crash', () => {
  it(
    'a server killed with SIGKILL while it ends missed auctions ends each exactly once after its restart',
    { timeout: 240_000 },
    async () => {
      const { scratch, seeded, env } = await missedEndsDatabase();
      let server = await spawnServer(env);
      cleanups.push(async () => {
        if (server.child.exitCode === null) server.child.kill('SIGKILL');
      });
      await server.ready;
      while ((await openCount(server, seeded, 'ended')) < 5) await pause(20);
      server.child.kill('SIGKILL');
      await server.exited;
      server = await spawnServer(env);
      await server.ready;
      await untilNoneOpen(server, seeded);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      await expectEndedOnce(scratch, seeded, AUCTIONS);
    },
  );

  it.skipIf(databaseKind === 'pglite')(
    'two processes, Students bidding through both, one killed at the end: each auction ends once, one charge (PostgreSQL)',
    { timeout: 240_000 },
    async () => {
      const { scratch, seeded, env } = await missedEndsDatabase();
      const servers = await Promise.all([spawnServer(env), spawnServer(env)]);
      cleanups.push(async () => {
        for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
      });
      await Promise.all(servers.map((s) => s.ready));
      await untilNoneOpen(servers[0]!, seeded);

      // A live auction: bids through each server, then its end brought near, and one server
      // killed at that moment while the other (or the restarted one) ends it.
      const admin = seeded.bank.tokens.admin;
      const made = await fetch(`${servers[0]!.base}/teller/auctions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Class pet for a day',
          startingBid: 1,
          endsAt: new Date(Date.now() + 3600_000).toISOString(),
          branchId: seeded.bank.main.id,
        }),
      });
      expect(made.status).toBe(201);
      const { auctionId } = (await made.json()) as { auctionId: number };
      const tokens = await sessionsOf(scratch, seeded);
      for (let i = 0; i < STUDENTS; i++) {
        const kid = seeded.kids[i]!;
        const res = await fetch(`${servers[i % 2]!.base}/user/auctions/${auctionId}/bids`, {
          method: 'POST',
          headers: { authorization: `Bearer ${tokens[i]}`, 'content-type': 'application/json' },
          body: JSON.stringify({ accountId: kid.checking, amount: 2 + i }),
        });
        expect(res.status).toBe(201);
      }
      const winner = seeded.kids[STUDENTS - 1]!;
      seeded.expected.set(winner.checking, seeded.expected.get(winner.checking)! - (2 + STUDENTS - 1) * 100);
      const endsAt = Date.now() + 2000;
      const near = await scratch.open();
      await near.db.execute(
        sql`update auctions set ends_at = ${new Date(endsAt).toISOString()} where id = ${auctionId}`,
      );
      await near.close();
      while (Date.now() < endsAt) await pause(10);
      servers[1]!.child.kill('SIGKILL');
      await servers[1]!.exited;
      servers[1] = await spawnServer(env);
      await servers[1].ready;
      await untilNoneOpen(servers[1], seeded);
      for (const server of servers) server.child.kill('SIGTERM');
      expect(await Promise.all(servers.map((s) => s.exited))).toEqual([0, 0]);
      await expectEndedOnce(scratch, seeded, AUCTIONS + 1);
    },
  );
});

/** A session for each bidder, made in the database as the fixtures make the seeded ones. */
async function sessionsOf(scratch: Scratch, seeded: Seeded): Promise<string[]> {
  const handle = await scratch.open();
  try {
    const tokens: string[] = [];
    for (const kid of seeded.kids) tokens.push(await createSession(handle.db, kid.id, 3600));
    return tokens;
  } finally {
    await handle.close();
  }
}
