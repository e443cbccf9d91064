import { and, asc, eq, lte, notInArray, sql } from 'drizzle-orm';
import { auctionText as m } from '@bank/shared';
import type { Database, Tx } from '../../db/client.js';
import { auctions, users } from '../../db/schema.js';
import { dollars, recordAudit } from '../audit/record-audit.js';
import { notFailed, runItems, type ItemFailure } from '../job-items/index.js';
import { lockAccounts, type LedgerClock } from '../ledger/index.js';
import { invariant } from '../ledger/invariant.js';
import { writeLegs } from '../ledger/write-legs.js';
import type { AuctionRow } from './auction-view.js';
import { holdingBid, releaseBid } from './holding-bid.js';

const JOB = 'auction-end';

/** What one pass of the end job did: how many ended, and which could not (recorded, left alone). */
export interface AuctionEndResult {
  ended: number;
  failed: ItemFailure[];
}

/**
 * The open auction whose end came longest ago, taken with SKIP LOCKED so several processes share
 * the work and a bid under way (which holds the row) is waited out to the next pass; one whose end
 * failed before is left alone (job_failures): its high bid still holds, for a teacher to cancel.
 */
async function nextDue(tx: Tx, now: Date, leaveOut: string[]): Promise<AuctionRow | null> {
  const [auction] = await tx
    .select()
    .from(auctions)
    .where(
      and(
        eq(auctions.status, 'open'),
        lte(auctions.endsAt, now),
        notFailed(JOB, sql`${auctions.id}::text`),
        leaveOut.length ? notInArray(auctions.id, leaveOut.map(Number)) : undefined,
      ),
    )
    .orderBy(asc(auctions.endsAt), asc(auctions.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return auction ?? null;
}

/**
 * Ends one auction, locked by the caller: the high bid's hold is released and the same amount
 * charged in one single-leg debit "Auction: {name}" (pending, then posted, like the store's; the
 * existing reversal undoes it), by the teacher who put it up. The balance always covers it: it
 * covered the hold. No bid: it simply ends. Either way once: the row leaves 'open' here.
 */
async function endAuction(tx: Tx, clock: LedgerClock, auction: AuctionRow): Promise<void> {
  const bid = await holdingBid(tx, auction.id);
  let transactionId: number | null = null;
  if (bid) {
    const locked = await lockAccounts(tx, [bid.accountNumber]);
    await releaseBid(tx, locked, bid, 'won');
    const [debit] = await writeLegs(tx, clock, locked, [
      {
        accountNumber: bid.accountNumber,
        type: 'debit',
        description: m.auctionDescription(auction.name),
        amountCents: bid.amountCents,
        createdBy: auction.createdBy,
      },
    ]);
    invariant(debit, `the end of auction ${auction.id} moved no money`);
    transactionId = debit.id;
  }
  await tx
    .update(auctions)
    .set({ status: 'ended', closedAt: clock.now, transactionId })
    .where(eq(auctions.id, auction.id));
  const [winner] = bid
    ? await tx.select({ name: users.name }).from(users).where(eq(users.id, bid.userId))
    : [];
  await recordAudit(tx, {
    bankId: auction.bankId,
    actorUserId: null,
    action: 'auction.end',
    at: clock.now,
    summary: bid
      ? m.auditEnded(auction.name, dollars(bid.amountCents), winner?.name ?? '')
      : m.auditEndedNoBid(auction.name),
    transactionId,
  });
}

/**
 * Ends every open auction whose time has come (at start too: ends missed while no server ran),
 * each exactly once however many processes run this, each isolated (domain/job-items): one that
 * cannot end is recorded and left alone, and the others end. Each is its own transaction, taking
 * the auction, then its high bid's account, the order a bid takes them in.
 */
export async function endAuctions(db: Database, clock: LedgerClock): Promise<AuctionEndResult> {
  const outcomes = await runItems(
    db,
    {
      job: JOB,
      next: (tx, leaveOut) => nextDue(tx, clock.now, leaveOut),
      keyOf: (auction) => String(auction.id),
      bankOf: (auction) => auction.bankId,
      work: (tx, auction) => endAuction(tx, clock, auction),
      failedReason: m.endFailed,
    },
    clock.now,
  );
  return {
    ended: outcomes.filter((o) => o.kind === 'done').length,
    failed: outcomes.flatMap((o) => (o.kind === 'failed' ? [o.failure] : [])),
  };
}
