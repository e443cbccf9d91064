import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { limits, storeText as m, type StoreOrder } from '@bank/shared';
import { queryRows, type Executor, type Tx } from '../../db/client.js';
import { storeItems, storeOrders, users } from '../../db/schema.js';
import { isStaff, type Actor } from '../actor.js';
import { dollars } from '../audit/record-audit.js';
import { conflict, forbidden, notFound } from '../errors.js';
import {
  changeHold,
  lockAccounts,
  runIdempotent,
  type AccountRow,
  type IdempotentResponse,
} from '../ledger/index.js';
import { insufficientFunds, leavesBalanceNegative } from '../ledger/locked-accounts.js';
import { usableAccount } from '../ledger/permissions.js';
import type { ItemRow } from './item-view.js';
import { viewOrder } from './order-view.js';

export interface OrderInput {
  itemId: number;
  accountId: string;
}

/**
 * POST /user/orders: a Student orders an item, paying from one of their own accounts. The price is
 * held on the account (its `available` drops; the balance does not) and one is taken from stock,
 * in one transaction; with an Idempotency-Key it happens once.
 */
export function placeOrder(
  db: Executor,
  actor: Actor,
  input: OrderInput,
  key: string | null,
  now: Date,
): Promise<IdempotentResponse<StoreOrder>> {
  const idempotent = key ? { key, operation: 'order.create', payload: input } : null;
  return runIdempotent(db, actor, idempotent, 201, (tx) => writeOrder(tx, actor, input, now));
}

/**
 * The item, if the Student may order it: of their bank, not deleted, active, and for their class or
 * the whole bank; anything else is a 404. Read without a lock: a class ordering the same item at
 * once must not queue on its row for the whole of each order (issue 34: 30 at once, each under
 * 100 ms). Only the stock is taken under the row's lock, at the very end (takeOneFromStock).
 */
async function itemToOrder(tx: Tx, actor: Actor, itemId: number): Promise<ItemRow> {
  const [item] = await tx.select().from(storeItems).where(eq(storeItems.id, itemId));
  const forStudent = item?.branchId === null || item?.branchId === actor.branchId;
  if (!item || item.bankId !== actor.bankId || item.deletedAt !== null || !item.active || !forStudent)
    throw notFound();
  return item;
}

/**
 * Takes one from a limited item's stock, or refuses "Sold out": one conditional update, the last
 * write of the order, so the item's row is locked only from here to the commit. Orders arriving
 * together wait for that lock and read the stock as the one before left it (PostgreSQL re-checks
 * the condition on the row it waited for), so never more orders than stock. Locks are taken in
 * the order every store step takes them: the Student, the account, then the item.
 */
async function takeOneFromStock(tx: Tx, item: ItemRow): Promise<void> {
  if (item.stock === null) return;
  const taken = await tx
    .update(storeItems)
    .set({ stock: sql`${storeItems.stock} - 1` })
    .where(and(eq(storeItems.id, item.id), sql`(${storeItems.stock} is null or ${storeItems.stock} > 0)`))
    .returning({ id: storeItems.id });
  if (taken.length === 0) throw conflict(m.soldOut, 'SOLD_OUT');
}

/**
 * The Student's own row, locked for the rest of the transaction when the item has a per-student
 * limit: two orders of one Student (from two of their accounts) are then counted one after the
 * other. Taken before the account, as every change of a user takes it (users/lookup.ts).
 */
async function lockStudent(tx: Tx, actor: Actor): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('no key update');
}

/** How many of this item the Student has ordered that count against the limit: waiting or given. */
async function ordersCounted(tx: Tx, itemId: number, userId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(storeOrders)
    .where(
      and(
        eq(storeOrders.itemId, itemId),
        eq(storeOrders.userId, userId),
        inArray(storeOrders.status, ['waiting', 'fulfilled']),
      ),
    );
  return row?.n ?? 0;
}

/**
 * The 409 of an order the account cannot pay. When the balance would pay it and only what the
 * Student's waiting orders hold stops it, it says so, as a card would ("$3.00 is held for your
 * order"); otherwise the ledger's own refusal (which names a waiting request's hold).
 */
async function cannotPay(tx: Tx, account: AccountRow, priceCents: number) {
  const [row] = await queryRows<{ held: string }>(
    tx,
    sql`select coalesce(sum(held_cents), 0)::text as held from ${storeOrders}
        where account_number = ${account.accountNumber} and status = 'waiting'`,
  );
  const heldByOrders = Number(row?.held ?? 0);
  const balancePays = account.balanceCents >= priceCents;
  if (balancePays && heldByOrders > 0 && heldByOrders === account.heldCents)
    return conflict(m.insufficientFundsHeldForOrder(dollars(heldByOrders)), 'INSUFFICIENT_FUNDS');
  return insufficientFunds(account, -priceCents);
}

async function writeOrder(tx: Tx, actor: Actor, input: OrderInput, now: Date): Promise<StoreOrder> {
  if (isStaff(actor)) throw forbidden();
  const item = await itemToOrder(tx, actor, input.itemId);
  if (item.perStudentLimit !== null) await lockStudent(tx, actor);
  const locked = await lockAccounts(tx, [input.accountId]);
  const account = usableAccount(actor, locked, input.accountId);
  if (item.stock === 0) throw conflict(m.soldOut, 'SOLD_OUT');
  if (item.perStudentLimit !== null && (await ordersCounted(tx, item.id, actor.id)) >= item.perStudentLimit)
    throw conflict(m.limitReached, 'LIMIT_REACHED');
  if (leavesBalanceNegative(account, -item.priceCents)) throw await cannotPay(tx, account, item.priceCents);
  await changeHold(tx, account, item.priceCents);
  const [order] = await tx
    .insert(storeOrders)
    .values({
      bankId: item.bankId,
      itemId: item.id,
      itemName: item.name,
      accountNumber: account.accountNumber,
      userId: actor.id,
      priceCents: item.priceCents,
      heldCents: item.priceCents,
      createdAt: now,
      expiresAt: new Date(now.getTime() + limits.orderTtlSeconds * 1000),
    })
    .returning({ id: storeOrders.id });
  const view = await viewOrder(tx, order!.id);
  await takeOneFromStock(tx, item);
  return view;
}
