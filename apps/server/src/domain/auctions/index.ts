/**
 * Auctions (API.md "The class economy"): a teacher puts up an item with a starting bid and an end
 * time; the high bid holds its amount on the bidder's account until a higher bid or a cancel
 * releases it, or the end (exactly once) charges it as a debit "Auction: {name}".
 */
export {
  createAuction,
  updateAuction,
  cancelAuction,
  listAuctions,
  type AuctionInput,
  type AuctionChanges,
} from './manage-auctions.js';
export { placeBid, type BidInput } from './place-bid.js';
export { endAuctions, type AuctionEndResult } from './end-auctions.js';
