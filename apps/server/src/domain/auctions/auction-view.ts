import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { auctionLimits, fromCents, type Auction, type AuctionStatus } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { auctionBids, auctions, users } from '../../db/schema.js';
import { isStaff, type Actor } from '../actor.js';
import { invariant } from '../ledger/invariant.js';

export type AuctionRow = typeof auctions.$inferSelect;
export type BidRow = typeof auctionBids.$inferSelect;

const winningBid = alias(auctionBids, 'winning_bid');
const winner = alias(users, 'winner');

/** Cents from a bigint aggregate (PostgreSQL answers it as text); null stays null. */
const centsOf = (value: SQL) => sql<number | null>`${value}`.mapWith(Number);

/**
 * An auction with what its viewer may know: the high bid's amount (the highest bid made: each
 * beats the one before), the viewer's own highest, and the winning bid's Student.
 */
function selectViews(db: Executor, viewerId: number) {
  return db
    .select({
      auction: auctions,
      highBid: centsOf(
        sql`(select max(b.amount_cents) from ${auctionBids} b where b.auction_id = ${auctions.id})`,
      ),
      myBid: centsOf(
        sql`(select max(b.amount_cents) from ${auctionBids} b where b.auction_id = ${auctions.id} and b.user_id = ${viewerId})`,
      ),
      winnerId: winner.id,
      winner: winner.username,
    })
    .from(auctions)
    .leftJoin(winningBid, and(eq(winningBid.auctionId, auctions.id), eq(winningBid.status, 'won')))
    .leftJoin(winner, eq(winner.id, winningBid.userId));
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof selectViews>['where']>>[number];

/** Staff see who won and the charge; a Student only when it is them. Nobody sees who bid. */
function toAuction(row: ViewRow, actor: Actor): Auction {
  const a = row.auction;
  const seesWinner = isStaff(actor) || (row.winnerId !== null && row.winnerId === actor.id);
  return {
    auctionId: a.id,
    bankId: a.bankId,
    branchId: a.branchId,
    name: a.name,
    description: a.description,
    startingBid: fromCents(a.startingBidCents),
    minIncrement: fromCents(a.minIncrementCents),
    endsAt: a.endsAt.toISOString(),
    status: a.status,
    highBid: row.highBid === null ? null : fromCents(row.highBid),
    myBid: row.myBid === null || isStaff(actor) ? null : fromCents(row.myBid),
    winner: seesWinner ? row.winner : null,
    transactionId: seesWinner ? a.transactionId : null,
  };
}

/** One auction as `actor` may see it. */
export async function viewAuction(db: Executor, actor: Actor, auctionId: number): Promise<Auction> {
  const [row] = await selectViews(db, actor.id).where(eq(auctions.id, auctionId));
  invariant(row, `auction ${auctionId} vanished`);
  return toAuction(row, actor);
}

/**
 * A bank's auctions as `actor` may see them: the open ones first, soonest ending first, then the
 * rest newest first, at most listMax. A Student sees those of their class and of the whole bank,
 * and the open ones unless a status is named.
 */
export async function viewAuctionsOfBank(
  db: Executor,
  actor: Actor,
  bankId: number,
  status: AuctionStatus | undefined,
): Promise<Auction[]> {
  const staff = isStaff(actor);
  const wanted = status ?? (staff ? undefined : 'open');
  const forStudent = staff
    ? undefined
    : or(
        isNull(auctions.branchId),
        actor.branchId === null ? sql`false` : eq(auctions.branchId, actor.branchId),
      );
  const rows = await selectViews(db, actor.id)
    .where(and(eq(auctions.bankId, bankId), wanted ? eq(auctions.status, wanted) : undefined, forStudent))
    .orderBy(
      sql`(${auctions.status} = 'open') desc`,
      sql`case when ${auctions.status} = 'open' then ${auctions.endsAt} end asc`,
      desc(auctions.id),
    )
    .limit(auctionLimits.listMax);
  return rows.map((row) => toAuction(row, actor));
}
