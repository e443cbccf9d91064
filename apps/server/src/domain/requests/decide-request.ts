import { eq } from 'drizzle-orm';
import { participationText as m, type BankerRequest, type StaffRequest } from '@bank/shared';
import type { Executor, Tx } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { bankerRequests } from '../../db/schema.js';
import { isStaff, type Actor } from '../actor.js';
import { dollars, recordAudit } from '../audit/record-audit.js';
import { conflict, forbidden, notFound } from '../errors.js';
import { lockAccounts, type LedgerClock } from '../ledger/index.js';
import { invariant } from '../ledger/invariant.js';
import { assertMayMoveMoney } from '../ledger/permissions.js';
import { changeHold } from '../ledger/holds.js';
import { moveRequestedMoney } from './move-money.js';
import { viewRequest, type RequestRow } from './request-view.js';

/**
 * The request, locked for the rest of the transaction (before its account: the order every
 * request step takes, so two never deadlock), if the actor may see it: staff of its bank, or the
 * banker who made it. Anything else is a 404. One no longer waiting (or past its time) is a 409
 * that says what became of it.
 */
async function lockWaitingRequest(tx: Tx, actor: Actor, requestId: number, now: Date): Promise<RequestRow> {
  const [request] = await tx
    .select()
    .from(bankerRequests)
    .where(eq(bankerRequests.id, requestId))
    .for('update');
  const visible =
    request && (isStaff(actor) ? request.bankId === actor.bankId : request.requestedBy === actor.id);
  if (!visible) throw notFound();
  // Said with what became of it, so the banker who pressed Cancel learns it was decided, and how.
  if (request.status !== 'waiting' || request.expiresAt <= now)
    throw conflict(m.requestAlreadyDecided(await viewRequest(tx, request.id)));
  return request;
}

interface Decision extends Pick<RequestRow, 'reason' | 'transactionId'> {
  status: 'approved' | 'rejected' | 'cancelled';
}

/** Writes the decision and its audit line, and answers the request as it now is. */
async function decide(
  tx: Tx,
  actor: Actor,
  request: RequestRow,
  decision: Decision,
  now: Date,
): Promise<BankerRequest> {
  const staffDecided = decision.status !== 'cancelled';
  await tx
    .update(bankerRequests)
    .set({ ...decision, decidedBy: staffDecided ? actor.id : null, decidedAt: now })
    .where(eq(bankerRequests.id, request.id));
  const view = await viewRequest(tx, request.id);
  await recordAudit(tx, {
    bankId: request.bankId,
    actorUserId: actor.id,
    action: `request.${ACTION_OF[decision.status]}`,
    at: now,
    summary:
      m.auditRequestDecided(
        DECIDED_TEXT[decision.status],
        request.kind,
        dollars(request.amountCents),
        view.requestedByName,
        view.studentName,
      ) + (decision.reason ? ` ${decision.reason}` : ''),
    transactionId: decision.transactionId,
  });
  return view;
}

/** Staff's view of a request they have just decided: nothing is left to pay. */
const decided = (view: BankerRequest): StaffRequest => ({
  ...view,
  canPay: null,
  balance: null,
  available: null,
});

const ACTION_OF = { approved: 'approve', rejected: 'reject', cancelled: 'cancel' } as const;
const DECIDED_TEXT = { approved: 'Approved', rejected: 'Rejected', cancelled: 'Cancelled' } as const;

/** Staff only; the permission for the request's kind (a teller's deposit or withdrawal setting). */
async function assertMayDecide(tx: Tx, actor: Actor, request: RequestRow): Promise<void> {
  if (!isStaff(actor)) throw forbidden();
  await assertMayMoveMoney(tx, actor, request.kind);
}

/**
 * POST /teller/requests/{id}/approve: the money moves as a teller's deposit or withdrawal would,
 * by the approver, with the request's memo; the hold it had becomes the debit.
 */
export function approveRequest(
  db: Executor,
  clock: LedgerClock,
  actor: Actor,
  requestId: number,
): Promise<StaffRequest> {
  return inTransaction(db, async (tx) => {
    if (!isStaff(actor)) throw forbidden();
    const request = await lockWaitingRequest(tx, actor, requestId, clock.now);
    await assertMayDecide(tx, actor, request);
    const locked = await lockAccounts(tx, [request.accountNumber]);
    const account = locked.get(request.accountNumber);
    invariant(account, `the account of request ${request.id} is missing`);
    if (account.closedAt !== null) throw conflict(m.requestAccountClosed);
    const transactionId = await moveRequestedMoney(tx, clock, locked, request, {
      releaseCents: request.heldCents,
      madeBy: actor.id,
    });
    return decided(
      await decide(tx, actor, request, { status: 'approved', reason: null, transactionId }, clock.now),
    );
  });
}

/** POST /teller/requests/{id}/reject: with a reason; a withdrawal's hold is released. */
export function rejectRequest(
  db: Executor,
  actor: Actor,
  requestId: number,
  reason: string,
  now: Date,
): Promise<StaffRequest> {
  return inTransaction(db, async (tx) => {
    if (!isStaff(actor)) throw forbidden();
    const request = await lockWaitingRequest(tx, actor, requestId, now);
    await assertMayDecide(tx, actor, request);
    await releaseHold(tx, request);
    return decided(
      await decide(tx, actor, request, { status: 'rejected', reason, transactionId: null }, now),
    );
  });
}

/** POST /user/requests/{id}/cancel: the banker who made it takes it back while it waits. */
export function cancelRequest(
  db: Executor,
  actor: Actor,
  requestId: number,
  now: Date,
): Promise<BankerRequest> {
  return inTransaction(db, async (tx) => {
    if (isStaff(actor)) throw forbidden();
    const request = await lockWaitingRequest(tx, actor, requestId, now);
    await releaseHold(tx, request);
    return decide(tx, actor, request, { status: 'cancelled', reason: null, transactionId: null }, now);
  });
}

/**
 * Gives back what a waiting request held on its account (locked here, after the request); the
 * caller has just taken it out of waiting, so this happens once.
 */
export async function releaseHold(tx: Tx, request: RequestRow): Promise<void> {
  const held = request.heldCents;
  if (held === 0) return;
  const locked = await lockAccounts(tx, [request.accountNumber]);
  const account = locked.get(request.accountNumber);
  invariant(account, `the account of request ${request.id} is missing`);
  await changeHold(tx, account, -held);
}
