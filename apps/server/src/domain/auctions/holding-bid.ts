import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { auctionBids } from '../../db/schema.js';
import { changeHold, type LockedAccounts } from '../ledger/index.js';
import { invariant } from '../ledger/invariant.js';
import type { BidRow } from './auction-view.js';

/** The bid of an auction that holds its amount (its high bid), if any: at most one does. */
export async function holdingBid(tx: Tx, auctionId: number): Promise<BidRow | null> {
  const [bid] = await tx
    .select()
    .from(auctionBids)
    .where(and(eq(auctionBids.auctionId, auctionId), eq(auctionBids.status, 'holding')));
  return bid ?? null;
}

/**
 * Gives back exactly what a holding bid held on its account (locked by the caller, after the
 * auction's row) and marks it released, or won when the end charges it: either way it holds no
 * more, once.
 */
export async function releaseBid(
  tx: Tx,
  locked: LockedAccounts,
  bid: BidRow,
  becomes: 'released' | 'won',
): Promise<void> {
  const account = locked.get(bid.accountNumber);
  invariant(account, `the account of bid ${bid.id} is not locked`);
  await changeHold(tx, account, -bid.heldCents);
  const done = await tx
    .update(auctionBids)
    .set({ status: becomes })
    .where(and(eq(auctionBids.id, bid.id), eq(auctionBids.status, 'holding')))
    .returning({ id: auctionBids.id });
  invariant(done.length === 1, `bid ${bid.id} was no longer holding`);
}
