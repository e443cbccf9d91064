/*
 * Issue 34 item 4, auctions (API.md "The class economy"): their limits and every text of their
 * API, in a module of their own like store-text.ts and economy-text.ts.
 */

/** An auction is open (taking bids) until it ends at its time or is cancelled. */
export const AUCTION_STATUSES = ['open', 'ended', 'cancelled'] as const;
export type AuctionStatus = (typeof AUCTION_STATUSES)[number];

/**
 * A bid holds its amount while it is the high bid ('holding'); a higher bid releases it
 * ('released'); at the end the high bid is charged ('won'). At most one holds per auction.
 */
export const BID_STATUSES = ['holding', 'released', 'won'] as const;
export type BidStatus = (typeof BID_STATUSES)[number];

export const auctionLimits = {
  nameMaxLength: 60,
  descriptionMaxLength: 300,
  /** Auctions a bank may have open at once: what keeps the list short enough to answer whole. */
  openPerBankMax: 200,
  /** The most a list answers (the open ones first, then the newest ended or cancelled). */
  listMax: 200,
  /** How far ahead an auction may end. */
  longestDays: 90,
  /** A bid this close to the end moves the end this much later... */
  extensionSeconds: 60,
  /** ...at most this many times. */
  extensionsMax: 10,
  /** The least raise over the high bid when the teacher names none: $1.00. */
  defaultIncrementCents: 100,
} as const;

const endedWords: Record<Exclude<AuctionStatus, 'open'>, string> = {
  ended: 'it has ended',
  cancelled: 'it was cancelled',
};

export const auctionText = {
  // An auction's fields
  nameRequired: 'Give the auction a name.',
  nameTooLong: `An auction's name is at most ${auctionLimits.nameMaxLength} characters.`,
  descriptionTooLong: `A description is at most ${auctionLimits.descriptionMaxLength} characters.`,
  startingBidInvalid: 'Enter a starting bid greater than 0, with at most 2 decimals.',
  minIncrementInvalid: 'Enter a least raise greater than 0, with at most 2 decimals.',
  endsAtInvalid: 'Enter when the auction ends: a date and time.',
  endsAtNotFuture: 'The auction must end in the future.',
  endsAtTooFar: `An auction ends within ${auctionLimits.longestDays} days.`,
  nothingToChange: 'Send at least one field to change.',
  tooManyOpen: `A bank may have at most ${auctionLimits.openPerBankMax} open auctions. Let one end or cancel one.`,
  bidAccountInvalid: 'Choose one of your accounts.',
  bidAmountInvalid: 'Enter a bid greater than 0, with at most 2 decimals.',

  // A teacher (a Teller) runs the auctions of their own class.
  noClass:
    'You have no class yet, so you cannot run a class auction. Ask an admin to give you a class: your branch, in Manage Users.',
  auctionOfAnotherClass: "This auction is another class's. Ask an admin, or that class's teacher.",
  wholeBankAdminOnly: "Only an admin may hold an auction for the whole bank. Choose your own class's branch.",

  // Refusals (409)
  bidTooLow: 'Bid too low',
  auctionEnded: 'Auction ended',
  auctionClosed: (status: Exclude<AuctionStatus, 'open'>) => `This auction is closed: ${endedWords[status]}.`,
  hasBids: 'Students have bid on this auction, so it can no longer be changed. Cancel it to take it down.',

  // The ledger and the audit log
  auctionDescription: (name: string) => `Auction: ${name}`,
  auditEnded: (name: string, price: string, whom: string) => `Auction ${name} won by ${whom} for ${price}.`,
  auditEndedNoBid: (name: string) => `Auction ${name} ended with no bid.`,
  auditCancelled: (name: string, released: string | null) =>
    `Cancelled the auction ${name}` + (released ? `, releasing the high bid of ${released}.` : '.'),
  endFailed: 'It could not end, and its high bid is still held: cancel it, or ask for help.',
} as const;
