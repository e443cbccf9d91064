/**
 * Auctions (API.md "The class economy"): a teacher puts up an item with a starting bid and an end
 * time; Students bid, and the high bid holds its amount until the end charges it or a higher bid,
 * or a cancel, releases it.
 */
import { z } from 'zod';
import { AUCTION_STATUSES, auctionLimits, auctionText as m } from '../auction-text.js';
import { amountInCents, positiveId } from './common.js';
import { text } from './text.js';
import { chosenAccount } from './transactions.js';

export const auctionStatus = z.enum(AUCTION_STATUSES);

const name = text({
  label: 'Name',
  max: auctionLimits.nameMaxLength,
  required: m.nameRequired,
  tooLong: m.nameTooLong,
});
const description = text({
  label: 'Description',
  max: auctionLimits.descriptionMaxLength,
  tooLong: m.descriptionTooLong,
});
const startingBid = amountInCents({ notNumber: m.startingBidInvalid, notPositive: m.startingBidInvalid });
const minIncrement = amountInCents({ notNumber: m.minIncrementInvalid, notPositive: m.minIncrementInvalid });
/** An instant with its offset ("2026-12-01T14:00:00Z"); the server checks it lies ahead. */
const endsAt = z.iso.datetime({ offset: true, error: m.endsAtInvalid });
/** null = every branch of the bank (admins only); absent on create = the teacher's own class. */
const branch = positiveId.nullable();

/** POST /teller/auctions. */
export const createAuctionBody = z.object({
  name,
  description: description.optional().transform((value) => value ?? ''),
  startingBid,
  minIncrement: minIncrement.optional(),
  endsAt,
  branchId: branch.optional(),
});
export type CreateAuctionBody = z.input<typeof createAuctionBody>;

/** PUT /teller/auctions/{auctionId}: any of the fields, at least one; only while nobody has bid. */
export const updateAuctionBody = z
  .object({
    name: name.optional(),
    description: description.optional(),
    startingBid: startingBid.optional(),
    minIncrement: minIncrement.optional(),
    endsAt: endsAt.optional(),
    branchId: branch.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), m.nothingToChange);
export type UpdateAuctionBody = z.input<typeof updateAuctionBody>;

/**
 * An auction as its viewer may see it: `highBid` is the high bid's amount (never who made it);
 * `myBid` the viewer's own highest bid; `winner` and `transactionId` (the debit "Auction: {name}")
 * only for staff and for the winner.
 */
export const auction = z.object({
  auctionId: z.number().int(),
  bankId: z.number().int(),
  branchId: z.number().int().nullable(),
  name: z.string(),
  description: z.string(),
  startingBid: z.number(),
  minIncrement: z.number(),
  endsAt: z.string(),
  status: auctionStatus,
  highBid: z.number().nullable(),
  myBid: z.number().nullable(),
  winner: z.string().nullable(),
  transactionId: z.number().int().nullable(),
});
export type Auction = z.infer<typeof auction>;

/** GET /user/auctions/{bankId}: by status; a Student sees the open ones when none is named. */
export const auctionsQuery = z.object({ status: auctionStatus.optional() });

/** POST /user/auctions/{auctionId}/bids: one of the Student's own accounts holds the bid. */
export const bidBody = z.object({
  accountId: chosenAccount(m.bidAccountInvalid),
  amount: amountInCents({ notNumber: m.bidAmountInvalid, notPositive: m.bidAmountInvalid }),
});
export type BidBody = z.input<typeof bidBody>;
