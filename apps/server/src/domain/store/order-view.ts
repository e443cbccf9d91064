import { alias } from 'drizzle-orm/pg-core';
import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import { fromCents, type OrderStatus, type StoreOrder } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { storeOrders, users } from '../../db/schema.js';
import { invariant } from '../ledger/invariant.js';
import { mapPage, pageFrom, waitingFirst, type KeyedPage, type Page } from '../paging.js';

export type OrderRow = typeof storeOrders.$inferSelect;

const student = alias(users, 'student');
const decider = alias(users, 'decider');

/** The people an order names, for the answer: one query, however many orders. */
function selectViews(db: Executor) {
  return db
    .select({
      order: storeOrders,
      username: student.username,
      studentName: student.name,
      decidedBy: decider.username,
    })
    .from(storeOrders)
    .innerJoin(student, eq(student.id, storeOrders.userId))
    .leftJoin(decider, eq(decider.id, storeOrders.decidedBy));
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof selectViews>['where']>>[number];

function toOrder(row: ViewRow): StoreOrder {
  const o = row.order;
  return {
    orderId: o.id,
    itemId: o.itemId,
    itemName: o.itemName,
    accountId: o.accountNumber,
    username: row.username,
    studentName: row.studentName,
    price: fromCents(o.priceCents),
    status: o.status,
    createdAt: o.createdAt.toISOString(),
    expiresAt: o.expiresAt.toISOString(),
    decidedBy: row.decidedBy,
    decidedAt: o.decidedAt?.toISOString() ?? null,
    reason: o.reason,
    transactionId: o.transactionId,
  };
}

/** One order as the API answers it. */
export async function viewOrder(db: Executor, orderId: number): Promise<StoreOrder> {
  const [row] = await selectViews(db).where(eq(storeOrders.id, orderId));
  invariant(row, `order ${orderId} vanished`);
  return toOrder(row);
}

/** A page of a Student's orders, newest first (the cursor: the last one's id). */
export async function viewOrdersOf(db: Executor, userId: number, page: KeyedPage): Promise<Page<StoreOrder>> {
  const rows = await selectViews(db)
    .where(
      and(
        eq(storeOrders.userId, userId),
        page.cursor === undefined ? undefined : lt(storeOrders.id, Number(page.cursor)),
      ),
    )
    .orderBy(desc(storeOrders.id))
    .limit(page.limit + 1);
  return mapPage(
    pageFrom(rows, page.limit, (row) => String(row.order.id), null),
    toOrder,
  );
}

const queue = waitingFirst(sql`${storeOrders.status} = 'waiting'`, storeOrders.id);

/**
 * A page of a bank's orders: the waiting ones first, oldest first (the queue a teacher works
 * through), then the decided, newest first; `total` counts every one that matches, for the badge.
 */
export async function viewOrdersOfBank(
  db: Executor,
  bankId: number,
  status: OrderStatus | undefined,
  page: KeyedPage,
): Promise<Page<StoreOrder>> {
  const matching = and(eq(storeOrders.bankId, bankId), status ? eq(storeOrders.status, status) : undefined);
  const rows = await selectViews(db)
    .where(and(matching, queue.after(page.cursor)))
    .orderBy(...queue.orderBy)
    .limit(page.limit + 1);
  const [counted] = await db.select({ n: count() }).from(storeOrders).where(matching);
  const keyOf = (row: ViewRow) => queue.keyOf(row.order);
  return mapPage(pageFrom(rows, page.limit, keyOf, counted?.n ?? 0), toOrder);
}
