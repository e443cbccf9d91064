/*
 * Issue 34 item 4, the auctions' screens: a Student's auctions and bids, the teacher's list and form.
 * A module of its own (like store-screen-text.ts): only the auctions' screens need these.
 */
import type { AuctionStatus } from './auction-text.js';

const statusNames: Record<AuctionStatus, string> = {
  open: 'Open',
  ended: 'Ended',
  cancelled: 'Cancelled',
};

/** "2 d 3 h", "3 h 5 min", "4 min 10 s", "12 s": how long an auction still runs. */
function timeLeftWords(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3_600);
  const min = Math.floor((seconds % 3_600) / 60);
  const s = seconds % 60;
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${min} min`;
  if (min > 0) return `${min} min ${s} s`;
  return `${s} s`;
}

export const auctionScreenText = {
  // A Student's auctions
  auctionsTitle: 'Auctions',
  auctionsSubtitle:
    'Bid with what you earned. Your bid is held on your account while it is the highest; if someone bids more, it comes back at once.',
  openHeading: 'Open auctions',
  openWhat: 'the auctions',
  noOpenAuctions: 'No auction is open. Your teacher puts items up for auction.',
  endedHeading: 'Auctions you bid on',
  endedWhat: 'the ended auctions',
  statusNames,
  highBidLabel: 'High bid',
  noBidYet: (starting: string) => `No bid yet (starts at ${starting})`,
  yourBidLabel: 'Your bid',
  youLead: 'You have the high bid',
  outbid: 'Outbid: your money is back',
  outbidSaid: (name: string) => `You were outbid on ${name}. Your money is back.`,
  timeLeftLabel: 'Time left',
  timeLeft: timeLeftWords,
  endsAtLabel: 'Ends',
  endingNow: 'Ending now...',
  youWon: (price: string) => `You won, for ${price}`,
  youLost: 'You did not win: your money is back',
  cancelledForYou: 'Cancelled: your money is back',
  bid: 'Bid',
  bidNamed: (name: string) => `Bid on ${name}`,
  bidTitle: (name: string) => `Bid on ${name}`,
  bidFromLabel: 'Bid from',
  availableLabel: 'Available',
  availableAfterLabel: 'Available after',
  notEnough: 'Not enough available',
  amountLabel: 'Your bid',
  leastBid: (least: string) => `At least ${least}`,
  noAccountToBid: 'You have no account to bid from. Ask your teacher to open one.',
  bidWhatHappens:
    'Your bid is held on your account now. If someone bids more, it comes back at once; if you have the high bid when the auction ends, it is paid.',
  confirmBid: (amount: string) => `Confirm: bid ${amount}`,
  bidding: 'Bidding...',
  bidFailed: 'Bid not placed',
  bidGoBack: 'Go Back',
  bidPlaced: (name: string, amount: string) => `You bid ${amount} on ${name}`,
  bidPlacedDetail: 'It is held on your account while it is the highest bid.',
  /** Why the auction refused, in a child's words, under the server's own words. */
  refusalHelp: {
    BID_TOO_LOW:
      'Someone may have bid meanwhile: look at the high bid and bid at least the least raise more.',
    INSUFFICIENT_FUNDS: 'Your account does not have enough available. Your money was not touched.',
    AUCTION_ENDED: 'Bids are no longer taken. Your money was not touched.',
  } as Record<string, string>,

  // The teacher's auctions
  manageTitle: 'Auctions',
  manageSubtitle:
    'Put an item up for auction: Students bid from their phones, the high bid is held, and at the end the winner pays.',
  manageWhat: 'the auctions',
  noAuctionsYet: 'No auctions yet. Start one with New Auction.',
  newAuction: 'New Auction',
  newAuctionTitle: 'New auction',
  editAuctionTitle: (name: string) => `Edit ${name}`,
  nameLabel: 'Name',
  descriptionLabel: 'Description',
  startingBidLabel: 'Starting bid',
  minIncrementLabel: 'Least raise',
  minIncrementHint: 'How much each bid must beat the high bid by.',
  endDateLabel: 'Ends on',
  endTimeLabel: 'At',
  endsHint: (zone: string) => `In the bank's time zone, ${zone}. A bid in the last minute adds a minute.`,
  endDateRequired: 'Enter the day it ends.',
  endTimeRequired: 'Enter the time it ends.',
  forWhomLabel: 'For',
  wholeBank: 'The whole bank',
  saveAuction: 'Save Auction',
  savingAuction: 'Saving...',
  cancelEdit: 'Cancel',
  saveFailed: 'The auction could not be saved',
  created: (name: string) => `${name} is open for bids`,
  updated: (name: string) => `${name} saved`,
  nameColumn: 'Name',
  startingBidColumn: 'Starts at',
  highBidColumn: 'High bid',
  endsColumn: 'Ends',
  forColumn: 'For',
  statusColumn: 'Status',
  winnerColumn: 'Winner',
  changeColumn: 'Change',
  noBids: 'No bids',
  edit: 'Edit',
  editNamed: (name: string) => `Edit ${name}`,
  cancelAuction: 'Cancel auction',
  cancelAuctionNamed: (name: string) => `Cancel auction: ${name}`,
  cancelConfirm: (name: string, high: string | null) =>
    `Cancel the auction ${name}? Nobody wins it` + (high ? `, and the high bid of ${high} goes back.` : '.'),
  cancelled: (name: string) => `${name} cancelled`,
  cancelFailed: 'The auction could not be cancelled',
} as const;
