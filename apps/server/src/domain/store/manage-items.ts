import { and, asc, count, eq, isNull, or, sql } from 'drizzle-orm';
import { limits, storeText as m, type StoreItem } from '@bank/shared';
import type { Executor, Tx } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { storeItems } from '../../db/schema.js';
import { assertOwnBank } from '../access.js';
import { lockBranchOfBank } from '../branches/lock-branch.js';
import { isStaff, type Actor } from '../actor.js';
import { conflict, notFound } from '../errors.js';
import { toItem, type ItemRow } from './item-view.js';
import { assertRunsStoreOf } from './store-access.js';

export interface ItemInput {
  name: string;
  description: string;
  priceCents: number;
  stock: number | null;
  perStudentLimit: number | null;
  /** undefined: the teacher's own class (an admin's: the whole bank). */
  branchId?: number | null | undefined;
  active: boolean;
}

export type ItemChanges = Partial<Omit<ItemInput, 'branchId'>> & { branchId?: number | null | undefined };

/**
 * A branch of the actor's bank, share-locked so it cannot be deleted before the item naming it is
 * written (the branch's delete looks for items); another bank's or a missing one is a 404.
 */
async function assertBranchOfBank(tx: Tx, bankId: number, branchId: number | null): Promise<void> {
  if (branchId !== null) await lockBranchOfBank(tx, bankId, branchId);
}

/** Who may sell to a branch (or, null, the whole bank): the branch named must be theirs to run. */
async function assertMaySellTo(tx: Tx, actor: Actor, branchId: number | null): Promise<void> {
  await assertBranchOfBank(tx, actor.bankId, branchId);
  assertRunsStoreOf(actor, branchId, branchId === null ? m.wholeBankAdminOnly : m.itemOfAnotherClass);
}

/** POST /teller/items: an item for the teacher's own class (absent branchId), or an admin's for any. */
export function createItem(db: Executor, actor: Actor, input: ItemInput, now: Date): Promise<StoreItem> {
  return inTransaction(db, async (tx) => {
    const branchId =
      input.branchId === undefined ? (actor.role === 'TELLER' ? actor.branchId : null) : input.branchId;
    await assertMaySellTo(tx, actor, branchId);
    const [listed] = await tx
      .select({ n: count() })
      .from(storeItems)
      .where(and(eq(storeItems.bankId, actor.bankId), isNull(storeItems.deletedAt)));
    if ((listed?.n ?? 0) >= limits.storeItemsMax) throw conflict(m.itemsFull(limits.storeItemsMax));
    const [row] = await tx
      .insert(storeItems)
      .values({ ...input, branchId, bankId: actor.bankId, createdAt: now })
      .returning();
    return toItem(row!);
  });
}

/**
 * An item of the actor's bank, locked for the rest of the transaction (before any order's account:
 * the order every store step takes), that the actor runs the store of; a deleted or another bank's
 * item is a 404.
 */
async function lockItemToManage(tx: Tx, actor: Actor, itemId: number): Promise<ItemRow> {
  const [item] = await tx
    .select()
    .from(storeItems)
    .where(and(eq(storeItems.id, itemId), isNull(storeItems.deletedAt)))
    .for('no key update');
  if (!item || item.bankId !== actor.bankId) throw notFound();
  assertRunsStoreOf(
    actor,
    item.branchId,
    item.branchId === null ? m.wholeBankAdminOnly : m.itemOfAnotherClass,
  );
  return item;
}

/** PUT /teller/items/{itemId}: any field; a teacher keeps it in their own class. */
export function updateItem(
  db: Executor,
  actor: Actor,
  itemId: number,
  changes: ItemChanges,
): Promise<StoreItem> {
  return inTransaction(db, async (tx) => {
    await lockItemToManage(tx, actor, itemId);
    if (changes.branchId !== undefined) await assertMaySellTo(tx, actor, changes.branchId);
    const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    const [row] = await tx.update(storeItems).set(set).where(eq(storeItems.id, itemId)).returning();
    return toItem(row!);
  });
}

/**
 * DELETE /teller/items/{itemId}: no longer listed or sold. The row stays for its orders' history;
 * a waiting order of it may still be given or refunded.
 */
export function deleteItem(db: Executor, actor: Actor, itemId: number, now: Date): Promise<void> {
  return inTransaction(db, async (tx) => {
    await lockItemToManage(tx, actor, itemId);
    await tx.update(storeItems).set({ deletedAt: now, active: false }).where(eq(storeItems.id, itemId));
  });
}

/**
 * GET /user/items/{bankId}: the bank's items by name. A Student sees the active ones of their own
 * class and of the whole bank; staff every item, to manage them. At most storeItemsMax exist.
 */
export async function listItems(db: Executor, actor: Actor, bankId: number): Promise<StoreItem[]> {
  assertOwnBank(actor, bankId);
  const forStudent = isStaff(actor)
    ? undefined
    : and(
        eq(storeItems.active, true),
        or(
          isNull(storeItems.branchId),
          actor.branchId === null ? sql`false` : eq(storeItems.branchId, actor.branchId),
        ),
      );
  const rows = await db
    .select()
    .from(storeItems)
    .where(and(eq(storeItems.bankId, bankId), isNull(storeItems.deletedAt), forStudent))
    .orderBy(sql`lower(${storeItems.name})`, asc(storeItems.id))
    .limit(limits.storeItemsMax);
  return rows.map(toItem);
}
