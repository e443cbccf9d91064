import { sql } from 'drizzle-orm';
import { auctionLimits, auctionText as m, type Auction } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { pgErrorDetail } from '../../db/pg-error.js';
import type { Actor } from '../actor.js';
import { conflict } from '../errors.js';
import {
  groupedFunction,
  groupRequestOf,
  resultOf,
  type GroupRequest,
  type IdempotentResponse,
  type RefusalMap,
} from '../ledger/index.js';
import { insufficientFunds } from '../ledger/locked-accounts.js';
import { invariant } from '../ledger/invariant.js';

export interface BidInput {
  accountId: string;
  amountCents: number;
}

/** One bid of a group, as auction_bid_group (db/functions) reads it. */
interface GroupBid extends GroupRequest {
  auctionId: number;
  accountNumber: string;
  amountCents: number;
}

/** auction_place_bid's own refusals (db/functions/auction_place_bid.sql). */
function bidRefusal(amountCents: number): RefusalMap {
  return (code, error) => {
    switch (code) {
      case 'BKEND':
        return conflict(m.auctionEnded, 'AUCTION_ENDED');
      case 'BKLOW':
        return conflict(m.bidTooLow, 'BID_TOO_LOW');
      case 'BK409': {
        const account = pgErrorDetail<{ balanceCents: number; heldCents: number }>(error);
        invariant(account, 'a bid refused for funds came without its figures');
        return insufficientFunds(account, -amountCents);
      }
      default:
        return undefined;
    }
  };
}

/** The bids that arrive together, as one statement and one commit (auction_bid_group). */
const bidTogether = groupedFunction<GroupBid, Auction>(
  (bids) =>
    sql`select auction_bid_group(${bids}, ${auctionLimits.extensionSeconds}::integer,
        ${auctionLimits.extensionsMax}::integer, 201::integer) as answers`,
);

/**
 * POST /user/auctions/{auctionId}/bids: a Student bids from one of their own accounts. The bid
 * holds its amount, and the high bid it beats (the Student's own earlier one or another's) is
 * released, in one transaction; with an Idempotency-Key it happens once.
 *
 * Bids on one auction take turns on its row, so each must hold it as briefly as it can (issue
 * 34: 30 bids at once, each under 100 ms): a bid is one call of auction_place_bid (db/functions),
 * and the bids that arrive together go as one group, one statement and one commit
 * (auction_bid_group, as transfers do: ADR 0022), each still judged, keyed and refused on its
 * own. The rules, checked there in this order (ADR 0123): the auction, locked, of the Student's
 * bank and for their class or the whole bank (else 404), and still open ("Auction ended"
 * otherwise, also once its time has come and the end job has not run yet); the bidder's account,
 * open and theirs (else 404); at least the starting bid, or the high bid and the increment; the
 * high bid released first (a Student raising their own bid needs only the difference);
 * `available`; the hold; the bid; and a bid in the last minute moves the end a minute later, at
 * most extensionsMax times. Given an open transaction it runs inside it, as a group of one. An
 * actor from the server's memory of its session has the session checked by the group. An actor from the server's memory of
 * its session has the session checked by the group (BK401 when no longer current).
 */
export async function placeBid(
  db: Executor,
  actor: Actor,
  auctionId: number,
  input: BidInput,
  key: string | null,
  now: Date,
  /** The actor came from the server's memory of its session: the group checks the session. */
  options: { checkSession?: boolean } = {},
): Promise<IdempotentResponse<Auction>> {
  const payload = { auctionId, ...input };
  const idempotent = key ? { key, operation: 'auction.bid', payload } : null;
  const bid: GroupBid = {
    ...groupRequestOf(actor, now, idempotent, options.checkSession),
    auctionId,
    accountNumber: input.accountId,
    amountCents: input.amountCents,
  };
  return resultOf(await bidTogether(db, bid), bidRefusal(input.amountCents));
}
