import { and, count, eq } from 'drizzle-orm';
import { auctionLimits, auctionText as m, type Auction, type AuctionStatus } from '@bank/shared';
import type { Executor, Tx } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { auctionBids, auctions } from '../../db/schema.js';
import { assertOwnBank } from '../access.js';
import type { Actor } from '../actor.js';
import { dollars, recordAudit } from '../audit/record-audit.js';
import { lockBranchOfBank } from '../branches/lock-branch.js';
import { badRequest, conflict, notFound } from '../errors.js';
import { lockAccounts } from '../ledger/index.js';
import { assertRunsAuctionsOf } from './auction-access.js';
import { viewAuction, viewAuctionsOfBank, type AuctionRow } from './auction-view.js';
import { holdingBid, releaseBid } from './holding-bid.js';

export interface AuctionInput {
  name: string;
  description: string;
  startingBidCents: number;
  minIncrementCents?: number | undefined;
  endsAt: string;
  /** undefined: the teacher's own class (an admin's: the whole bank). */
  branchId?: number | null | undefined;
}

export type AuctionChanges = Partial<AuctionInput>;

/** The end an auction may be given: ahead of now, and within longestDays; otherwise a 400 on endsAt. */
function endOf(endsAt: string, now: Date): Date {
  const end = new Date(endsAt);
  const problem =
    end <= now
      ? m.endsAtNotFuture
      : end.getTime() - now.getTime() > auctionLimits.longestDays * 86_400_000
        ? m.endsAtTooFar
        : null;
  if (problem) throw badRequest(problem, { endsAt: problem });
  return end;
}

/**
 * Who may hold an auction for a branch (or, null, the whole bank): the branch named must be of the
 * actor's bank (share-locked, so it cannot be deleted before the auction naming it is written; a
 * missing or another bank's is a 404) and theirs to run.
 */
async function assertMayAuctionTo(tx: Tx, actor: Actor, branchId: number | null): Promise<void> {
  if (branchId !== null) await lockBranchOfBank(tx, actor.bankId, branchId);
  assertRunsAuctionsOf(actor, branchId);
}

/** POST /teller/auctions: an auction for the teacher's own class (absent branchId), or an admin's for any. */
export function createAuction(db: Executor, actor: Actor, input: AuctionInput, now: Date): Promise<Auction> {
  return inTransaction(db, async (tx) => {
    const branchId =
      input.branchId === undefined ? (actor.role === 'TELLER' ? actor.branchId : null) : input.branchId;
    await assertMayAuctionTo(tx, actor, branchId);
    const endsAt = endOf(input.endsAt, now);
    const [open] = await tx
      .select({ n: count() })
      .from(auctions)
      .where(and(eq(auctions.bankId, actor.bankId), eq(auctions.status, 'open')));
    if ((open?.n ?? 0) >= auctionLimits.openPerBankMax) throw conflict(m.tooManyOpen);
    const [row] = await tx
      .insert(auctions)
      .values({
        bankId: actor.bankId,
        branchId,
        name: input.name,
        description: input.description,
        startingBidCents: input.startingBidCents,
        minIncrementCents: input.minIncrementCents ?? auctionLimits.defaultIncrementCents,
        endsAt,
        createdBy: actor.id,
        createdAt: now,
      })
      .returning({ id: auctions.id });
    return viewAuction(tx, actor, row!.id);
  });
}

/**
 * An auction of the actor's bank, locked for the rest of the transaction (before any bid's
 * account: the order every auction step takes locks in), that the actor runs; another bank's is a
 * 404. One no longer open, or past its end (about to end), is a 409 "Auction ended"-like refusal.
 */
async function lockOpenAuctionToManage(
  tx: Tx,
  actor: Actor,
  auctionId: number,
  now: Date,
): Promise<AuctionRow> {
  const [row] = await tx.select().from(auctions).where(eq(auctions.id, auctionId)).for('no key update');
  if (!row || row.bankId !== actor.bankId) throw notFound();
  assertRunsAuctionsOf(actor, row.branchId);
  if (row.status !== 'open') throw conflict(m.auctionClosed(row.status), 'AUCTION_ENDED');
  if (row.endsAt <= now) throw conflict(m.auctionClosed('ended'), 'AUCTION_ENDED');
  return row;
}

/** PUT /teller/auctions/{auctionId}: any field, while nobody has bid; a teacher keeps it in their own class. */
export function updateAuction(
  db: Executor,
  actor: Actor,
  auctionId: number,
  changes: AuctionChanges,
  now: Date,
): Promise<Auction> {
  return inTransaction(db, async (tx) => {
    await lockOpenAuctionToManage(tx, actor, auctionId, now);
    const [bid] = await tx
      .select({ id: auctionBids.id })
      .from(auctionBids)
      .where(eq(auctionBids.auctionId, auctionId))
      .limit(1);
    if (bid) throw conflict(m.hasBids, 'AUCTION_HAS_BIDS');
    if (changes.branchId !== undefined) await assertMayAuctionTo(tx, actor, changes.branchId);
    const set = {
      name: changes.name,
      description: changes.description,
      startingBidCents: changes.startingBidCents,
      minIncrementCents: changes.minIncrementCents,
      endsAt: changes.endsAt === undefined ? undefined : endOf(changes.endsAt, now),
      branchId: changes.branchId,
    };
    const defined = Object.fromEntries(Object.entries(set).filter(([, value]) => value !== undefined));
    await tx.update(auctions).set(defined).where(eq(auctions.id, auctionId));
    return viewAuction(tx, actor, auctionId);
  });
}

/** POST /teller/auctions/{auctionId}/cancel: the high bid's hold is released; nobody is charged. */
export function cancelAuction(db: Executor, actor: Actor, auctionId: number, now: Date): Promise<Auction> {
  return inTransaction(db, async (tx) => {
    const auction = await lockOpenAuctionToManage(tx, actor, auctionId, now);
    const bid = await holdingBid(tx, auctionId);
    if (bid) await releaseBid(tx, await lockAccounts(tx, [bid.accountNumber]), bid, 'released');
    await tx.update(auctions).set({ status: 'cancelled', closedAt: now }).where(eq(auctions.id, auctionId));
    await recordAudit(tx, {
      bankId: auction.bankId,
      actorUserId: actor.id,
      action: 'auction.cancel',
      at: now,
      summary: m.auditCancelled(auction.name, bid ? dollars(bid.heldCents) : null),
    });
    return viewAuction(tx, actor, auctionId);
  });
}

/** GET /user/auctions/{bankId}: anyone of the bank, each seeing what they may (auction-view.ts). */
export async function listAuctions(
  db: Executor,
  actor: Actor,
  bankId: number,
  status: AuctionStatus | undefined,
): Promise<Auction[]> {
  assertOwnBank(actor, bankId);
  return viewAuctionsOfBank(db, actor, bankId, status);
}
