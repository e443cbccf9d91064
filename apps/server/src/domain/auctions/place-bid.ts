import { eq } from 'drizzle-orm';
import { auctionLimits, auctionText as m, type Auction } from '@bank/shared';
import type { Executor, Tx } from '../../db/client.js';
import { auctionBids, auctions } from '../../db/schema.js';
import { isStaff, type Actor } from '../actor.js';
import { conflict, forbidden, notFound } from '../errors.js';
import { changeHold, lockAccounts, runIdempotent, type IdempotentResponse } from '../ledger/index.js';
import { insufficientFunds, leavesBalanceNegative } from '../ledger/locked-accounts.js';
import { usableAccount } from '../ledger/permissions.js';
import { viewAuction, type AuctionRow } from './auction-view.js';
import { holdingBid, releaseBid } from './holding-bid.js';

export interface BidInput {
  accountId: string;
  amountCents: number;
}

/**
 * POST /user/auctions/{auctionId}/bids: a Student bids from one of their own accounts. The bid
 * holds its amount, and the high bid it beats (the Student's own earlier one or another's) is
 * released, in one transaction; with an Idempotency-Key it happens once.
 */
export function placeBid(
  db: Executor,
  actor: Actor,
  auctionId: number,
  input: BidInput,
  key: string | null,
  now: Date,
): Promise<IdempotentResponse<Auction>> {
  const idempotent = key ? { key, operation: 'auction.bid', payload: { auctionId, ...input } } : null;
  return runIdempotent(db, actor, idempotent, 201, (tx) => writeBid(tx, actor, auctionId, input, now));
}

/**
 * The auction, locked for the rest of the transaction, if the Student may bid on it: of their
 * bank, for their class or the whole bank (anything else is a 404), and still open (a 409
 * "Auction ended" otherwise, also once its time has come and the end job has not run yet).
 *
 * The auction's row lock is what makes bids take turns: each is judged against the high bid the
 * one before it left, and it is taken before any account's (the bidder's, the outbid Student's),
 * the order every auction step takes locks in, so two bids never deadlock.
 */
async function lockAuctionToBid(tx: Tx, actor: Actor, auctionId: number, now: Date): Promise<AuctionRow> {
  const [auction] = await tx.select().from(auctions).where(eq(auctions.id, auctionId)).for('no key update');
  const forStudent = auction?.branchId === null || auction?.branchId === actor.branchId;
  if (!auction || auction.bankId !== actor.bankId || !forStudent) throw notFound();
  if (auction.status !== 'open' || auction.endsAt <= now) throw conflict(m.auctionEnded, 'AUCTION_ENDED');
  return auction;
}

/** A bid in the last minute moves the end a minute later, at most extensionsMax times. */
async function extendIfLastMinute(tx: Tx, auction: AuctionRow, now: Date): Promise<void> {
  const window = auctionLimits.extensionSeconds * 1000;
  if (auction.endsAt.getTime() - now.getTime() > window) return;
  if (auction.extensions >= auctionLimits.extensionsMax) return;
  await tx
    .update(auctions)
    .set({ endsAt: new Date(auction.endsAt.getTime() + window), extensions: auction.extensions + 1 })
    .where(eq(auctions.id, auction.id));
}

async function writeBid(
  tx: Tx,
  actor: Actor,
  auctionId: number,
  input: BidInput,
  now: Date,
): Promise<Auction> {
  if (isStaff(actor)) throw forbidden();
  const auction = await lockAuctionToBid(tx, actor, auctionId, now);
  const high = await holdingBid(tx, auction.id);
  const least = high ? high.amountCents + auction.minIncrementCents : auction.startingBidCents;
  const locked = await lockAccounts(tx, [input.accountId, ...(high ? [high.accountNumber] : [])]);
  const account = usableAccount(actor, locked, input.accountId);
  if (input.amountCents < least) throw conflict(m.bidTooLow, 'BID_TOO_LOW');
  // The high bid is released first: a Student raising their own bid needs only the difference.
  // A refusal below rolls the release back with everything else.
  if (high) await releaseBid(tx, locked, high, 'released');
  if (leavesBalanceNegative(account, -input.amountCents))
    throw insufficientFunds(account, -input.amountCents);
  await changeHold(tx, account, input.amountCents);
  await tx.insert(auctionBids).values({
    auctionId: auction.id,
    accountNumber: account.accountNumber,
    userId: actor.id,
    amountCents: input.amountCents,
    heldCents: input.amountCents,
    createdAt: now,
  });
  await extendIfLastMinute(tx, auction, now);
  return viewAuction(tx, actor, auction.id);
}
