import type { Auction } from '@bank/shared';

/** An open auction of class 1, ending in two hours, with no bid; `overrides` change any field. */
export const auction = (auctionId: number, overrides: Partial<Auction> = {}): Auction => ({
  auctionId,
  bankId: 1,
  branchId: 1,
  name: `Auction ${auctionId}`,
  description: '',
  startingBid: 2,
  minIncrement: 1,
  endsAt: new Date(Date.now() + 2 * 3_600_000).toISOString(),
  status: 'open',
  highBid: null,
  myBid: null,
  winner: null,
  transactionId: null,
  ...overrides,
});
