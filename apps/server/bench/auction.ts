/**
 * 30 bids at once in an auction's last minute (issue 34: "30 bids in the last second of an
 * auction, each answered in under 100 ms p99"), through HTTP to the whole app (routing, auth,
 * validation, the auction's row lock, the holds, the answer) on a scratch PostgreSQL database: a
 * class of 30 bids together, several rounds, each bid higher than the last round's; the p99 of
 * every answer, a 201 or a 409 "Bid too low" alike (both are what a Student waits for). Beside
 * each round the same 30 send a transfer between their own accounts at once: the reference
 * measured in the same run on the same busy machine, as in class-burst.ts. Part of `npm run
 * bench` (run.ts); BENCH_AUCTION_ROUNDS sets the rounds (default 10).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';
import { auctions } from '../src/db/schema.js';
import { createSession } from '../src/domain/auth/sessions.js';
import { verifyLedger } from '../src/domain/ledger/index.js';
import { seedClass } from './class-seed.js';
import { figures, httpPoster, type Timed, type TimedFigures } from './burst-http.js';
import { withScratchApp } from './scratch-app.js';

const BIDDERS = 30;
const ROUNDS = Number(process.env.BENCH_AUCTION_ROUNDS ?? 10);
const OPENING_CENTS = 1_000_000;

/** A class of 30 Students with money, and an auction of theirs ending within the minute. */
async function seed(db: Database) {
  const { bankId, branchId, staffId, students } = await seedClass(db, {
    bank: 'Auction Bank',
    size: BIDDERS,
    prefix: 'bidder',
    firstAccount: 3_000_000_000,
    staff: { username: 'auction-teacher', role: 'TELLER', ofClass: true },
    savings: true,
    openingCents: OPENING_CENTS,
  });
  const numbers = students.map((s) => s.checking);
  const savings = students.map((s) => s.savings!);
  const [auction] = await db
    .insert(auctions)
    .values({
      bankId,
      branchId,
      name: 'Class pet for a day',
      startingBidCents: 100,
      minIncrementCents: 1,
      endsAt: new Date(Date.now() + 30_000),
      createdBy: staffId,
    })
    .returning({ id: auctions.id });
  const tokens = await Promise.all(students.map((s) => createSession(db, s.id, 3600)));
  return { auctionId: auction!.id, numbers, savings, tokens };
}

export interface AuctionFigures {
  bids: number;
  rounds: number;
  accepted: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** The same 30 transferring at once beside each round of bids. */
  transfer: TimedFigures;
  /** The bids' p99 over the transfers' p99, both measured in this run. */
  p99Ratio: number;
  booksBalance: boolean;
}

export function auctionBench(adminUrl: string): Promise<AuctionFigures> {
  return withScratchApp(adminUrl, 'bank_auction', async (app, db) => {
    const { auctionId, numbers, savings, tokens } = await seed(db);
    const post = httpPoster(await app.listen({ host: '127.0.0.1', port: 0 }));
    const bid = async (i: number, cents: number) => {
      const res = await post(tokens[i]!, `/user/auctions/${auctionId}/bids`, {
        accountId: numbers[i],
        amount: cents / 100,
      });
      if (res.status !== 201 && res.status !== 409) throw new Error(`a bid answered ${res.status}`);
      return res;
    };
    const bidRound = (base: number) => Promise.all(numbers.map((_, i) => bid(i, base + i)));
    const transferRound = () =>
      Promise.all(
        tokens.map((token, i) =>
          post(token, '/user/transfers', {
            fromAccountId: numbers[i],
            toAccountId: savings[i],
            amount: 0.01,
          }),
        ),
      );
    // Warm-up of both (schemas compiled, caches and pool filled), not counted.
    await bid(0, 100);
    await transferRound();
    const bids: Timed[] = [];
    const transfers: Timed[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Every bid in the last minute of the auction: each round starts 30 seconds before the end.
      await db.execute(
        sql`update auctions set ends_at = now() + interval '30 seconds' where id = ${auctionId}`,
      );
      // Which goes first alternates, so neither always meets the other's leftovers.
      if (round % 2 === 1) transfers.push(...(await transferRound()));
      bids.push(...(await bidRound(200 + round * (BIDDERS + 1))));
      if (round % 2 === 0) transfers.push(...(await transferRound()));
    }
    const bid99 = figures(bids);
    const transfer = figures(transfers);
    const problems = await verifyLedger(db);
    return {
      bids: bids.length,
      rounds: ROUNDS,
      accepted: bids.filter((b) => b.status === 201).length,
      p50Ms: bid99.p50Ms,
      p99Ms: bid99.p99Ms,
      maxMs: bid99.maxMs,
      transfer,
      p99Ratio: bid99.p99Ms / transfer.p99Ms,
      booksBalance: problems.length === 0,
    };
  });
}
