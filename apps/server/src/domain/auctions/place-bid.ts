import { sql } from 'drizzle-orm';
import { auctionLimits, auctionText as m, type Auction } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { pgErrorDetail } from '../../db/pg-error.js';
import { isStaff, type Actor } from '../actor.js';
import { conflict } from '../errors.js';
import { callIdempotentFunction, type IdempotentResponse } from '../ledger/index.js';
import { insufficientFunds } from '../ledger/locked-accounts.js';
import { invariant } from '../ledger/invariant.js';

export interface BidInput {
  accountId: string;
  amountCents: number;
}

/** auction_place_bid's own refusals (db/functions/auction_place_bid.sql). */
function bidRefusal(amountCents: number) {
  return (code: string, error: unknown): Error | undefined => {
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

/**
 * POST /user/auctions/{auctionId}/bids: a Student bids from one of their own accounts. The bid
 * holds its amount, and the high bid it beats (the Student's own earlier one or another's) is
 * released, in one transaction; with an Idempotency-Key it happens once.
 *
 * The whole bid is one call of auction_place_bid (db/functions), one statement: bids on one
 * auction take turns on its row, so each must hold it for as short as it can (issue 34: 30 bids
 * at once, each under 100 ms). The rules, checked there in this order (ADR 0123): the auction,
 * locked, of the Student's bank and for their class or the whole bank (else 404), and still open
 * ("Auction ended" otherwise, also once its time has come and the end job has not run yet); the
 * bidder's account and the holding bid's, locked in ascending number, the bidder's open and theirs
 * (else 404); at least the starting bid, or the high bid and the increment; the high bid released
 * first (a Student raising their own bid needs only the difference); `available`; the hold; the
 * bid; and a bid in the last minute moves the end a minute later, at most extensionsMax times.
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
  return callIdempotentFunction<Auction>(
    db,
    idempotent,
    (claim) =>
      sql`select auction_place_bid(${actor.id}::integer, ${actor.bankId}::integer, ${actor.branchId}::integer,
          ${!isStaff(actor)}::boolean, ${auctionId}::integer, ${input.accountId}::text,
          ${input.amountCents}::bigint, ${now.toISOString()}::timestamptz,
          ${auctionLimits.extensionSeconds}::integer, ${auctionLimits.extensionsMax}::integer,
          ${claim.key}::text, ${claim.requestHash}::text, 201::integer) as answer`,
    bidRefusal(input.amountCents),
  );
}
