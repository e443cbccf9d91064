import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { limits, storeText as m, type StoreOrder } from '@bank/shared';
import type { Executor, Tx } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { storeItems, storeOrders, users } from '../../db/schema.js';
import { isStaff, type Actor } from '../actor.js';
import { dollars, recordAudit } from '../audit/record-audit.js';
import { conflict, forbidden, notFound } from '../errors.js';
import { changeHold, lockAccounts, type LedgerClock } from '../ledger/index.js';
import { invariant } from '../ledger/invariant.js';
import { writeLegs } from '../ledger/write-legs.js';
import { viewOrder, type OrderRow } from './order-view.js';
import { assertRunsStoreOf } from './store-access.js';

/**
 * The order, locked for the rest of the transaction (before its account and its item: the order
 * every store step takes, so two never deadlock), if the actor may decide it: staff of its bank
 * who run its Student's class (a TELLER their own, an ADMIN any), or for a cancel the Student who
 * placed it. Another bank's or another Student's order is a 404. One no longer waiting (or past its
 * time, about to expire) is a 409 that says what became of it.
 */
async function lockWaitingOrder(tx: Tx, actor: Actor, orderId: number, now: Date): Promise<OrderRow> {
  const [order] = await tx.select().from(storeOrders).where(eq(storeOrders.id, orderId)).for('update');
  const visible = order && (isStaff(actor) ? order.bankId === actor.bankId : order.userId === actor.id);
  if (!visible) throw notFound();
  if (isStaff(actor)) {
    const [student] = await tx
      .select({ branchId: users.branchId })
      .from(users)
      .where(eq(users.id, order.userId));
    assertRunsStoreOf(actor, student?.branchId ?? null, m.orderOfAnotherClass);
  }
  if (order.status !== 'waiting') throw conflict(m.orderNoLongerWaiting(order.status));
  if (order.expiresAt <= now) throw conflict(m.orderNoLongerWaiting('expired'));
  return order;
}

/**
 * Gives back what a waiting order held on its account and the one it took from its item's stock
 * (the account locked first, then the item, as an order takes them); the caller has just taken it
 * out of waiting, so this happens once. A deleted item gets its stock back too: nothing reads it again.
 */
export async function releaseOrder(tx: Tx, order: OrderRow): Promise<void> {
  const locked = await lockAccounts(tx, [order.accountNumber]);
  const account = locked.get(order.accountNumber);
  invariant(account, `the account of order ${order.id} is missing`);
  await changeHold(tx, account, -order.heldCents);
  // An unlimited item (null stock) stays unlimited and takes no lock, as an order of it takes none.
  await tx
    .update(storeItems)
    .set({ stock: sql`least(${storeItems.stock} + 1, ${limits.itemCountMax})` })
    .where(and(eq(storeItems.id, order.itemId), isNotNull(storeItems.stock)));
}

type Decided = Exclude<OrderRow['status'], 'waiting'>;

const AUDIT = {
  fulfilled: { action: 'order.fulfil', what: m.auditOrderFulfilled },
  refunded: { action: 'order.refund', what: m.auditOrderRefunded },
  cancelled: { action: 'order.cancel', what: m.auditOrderCancelled },
  expired: { action: 'order.expire', what: m.auditOrderExpired(limits.orderTtlSeconds / 86_400) },
} as const;

/** Writes the decision and its audit line (who, whose order, of what, for how much), and answers the order as it now is. */
export async function recordDecision(
  tx: Tx,
  order: OrderRow,
  decision: { status: Decided; by: number | null; reason: string | null; transactionId: number | null },
  now: Date,
): Promise<StoreOrder> {
  await tx
    .update(storeOrders)
    .set({
      status: decision.status,
      decidedBy: decision.status === 'fulfilled' || decision.status === 'refunded' ? decision.by : null,
      decidedAt: now,
      reason: decision.reason,
      transactionId: decision.transactionId,
    })
    .where(eq(storeOrders.id, order.id));
  const view = await viewOrder(tx, order.id);
  const { action, what } = AUDIT[decision.status];
  await recordAudit(tx, {
    bankId: order.bankId,
    actorUserId: decision.by,
    action,
    at: now,
    summary:
      m.auditOrderDecided(what, order.itemName, dollars(order.priceCents), view.studentName) +
      (decision.reason ? ` ${decision.reason}` : ''),
    transactionId: decision.transactionId,
  });
  return view;
}

/**
 * POST /teller/orders/{orderId}/fulfil: the item was handed over. The hold becomes a single-leg
 * debit "Store: {item}" by the teacher, like a withdrawal (pending, then posted; reversible by the
 * existing reversal): the hold is released first in the same transaction, so the debit spends
 * exactly the money the hold kept for it, which the balance always covers.
 */
export function fulfilOrder(
  db: Executor,
  clock: LedgerClock,
  actor: Actor,
  orderId: number,
): Promise<StoreOrder> {
  return inTransaction(db, async (tx) => {
    if (!isStaff(actor)) throw forbidden();
    const order = await lockWaitingOrder(tx, actor, orderId, clock.now);
    const locked = await lockAccounts(tx, [order.accountNumber]);
    const account = locked.get(order.accountNumber);
    invariant(account, `the account of order ${order.id} is missing`);
    await changeHold(tx, account, -order.heldCents);
    const [debit] = await writeLegs(tx, clock, locked, [
      {
        accountNumber: order.accountNumber,
        type: 'debit',
        description: m.storeDescription(order.itemName),
        amountCents: order.priceCents,
        createdBy: actor.id,
      },
    ]);
    invariant(debit, 'the order moved no money');
    return recordDecision(
      tx,
      order,
      { status: 'fulfilled', by: actor.id, reason: null, transactionId: debit.id },
      clock.now,
    );
  });
}

/** POST /teller/orders/{orderId}/refund: the hold is released and the stock given back; no money moves. */
export function refundOrder(
  db: Executor,
  actor: Actor,
  orderId: number,
  reason: string,
  now: Date,
): Promise<StoreOrder> {
  return inTransaction(db, async (tx) => {
    if (!isStaff(actor)) throw forbidden();
    const order = await lockWaitingOrder(tx, actor, orderId, now);
    await releaseOrder(tx, order);
    return recordDecision(tx, order, { status: 'refunded', by: actor.id, reason, transactionId: null }, now);
  });
}

/** POST /user/orders/{orderId}/cancel: the Student takes back a waiting order, as a refund does. */
export function cancelOrder(db: Executor, actor: Actor, orderId: number, now: Date): Promise<StoreOrder> {
  return inTransaction(db, async (tx) => {
    if (isStaff(actor)) throw forbidden();
    const order = await lockWaitingOrder(tx, actor, orderId, now);
    await releaseOrder(tx, order);
    return recordDecision(
      tx,
      order,
      { status: 'cancelled', by: actor.id, reason: null, transactionId: null },
      now,
    );
  });
}
