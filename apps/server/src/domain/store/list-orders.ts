import type { OrderStatus, StoreOrder } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { assertOwnBank, findVisibleUser } from '../access.js';
import type { Actor } from '../actor.js';
import type { KeyedPage, Page } from '../paging.js';
import { viewOrdersOf, viewOrdersOfBank } from './order-view.js';

/** GET /user/orders/{username}: a page of a Student's orders, for the Student themself or staff of the bank. */
export async function listOrdersOf(
  db: Executor,
  actor: Actor,
  username: string,
  page: KeyedPage,
): Promise<Page<StoreOrder>> {
  const user = await findVisibleUser(db, actor, username);
  return viewOrdersOf(db, user.id, page);
}

/** GET /teller/orders/{bankId}: staff of the bank; a page of the queue, the waiting ones first, oldest first. */
export async function listOrdersOfBank(
  db: Executor,
  actor: Actor,
  bankId: number,
  status: OrderStatus | undefined,
  page: KeyedPage,
): Promise<Page<StoreOrder>> {
  assertOwnBank(actor, bankId);
  return viewOrdersOfBank(db, bankId, status, page);
}
