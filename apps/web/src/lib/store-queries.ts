import { isStaff, storeCalls, type StoreOrder, type User } from '@bank/shared';
import { api } from './api-client';
import { cents } from './format';
import { useKeyedPages } from './keyed-pages';
import { queryKeys } from './queries';

/**
 * The class store's reads that several places share (issue 34): the bank's waiting orders (the
 * menu's badge, the home tile) and a Student's own orders (the store, and what their accounts hold).
 * Apart from queries.ts, like participation-queries.ts: the store's contract entries then come with
 * the screens and the menu that use them.
 */

/** How often staff's count of waiting orders is asked again while a screen is open (as requests). */
const WAITING_REFRESH_MS = 60_000;
/** How often a Student's orders are asked again while on screen: a teacher's Given shows without a reload. */
const MY_ORDERS_REFRESH_MS = 15_000;

/** The bank's waiting orders, oldest first: the badge counts them (X-Total-Count). */
export function useWaitingOrders(bankId: number, enabled = true) {
  return useKeyedPages(
    queryKeys.waitingOrders(bankId),
    (cursor, signal) =>
      api.callWithHeaders(storeCalls.ordersOfBank, {
        params: { bankId },
        query: { status: 'waiting', cursor },
        signal,
      }),
    { enabled, refetchInterval: WAITING_REFRESH_MS },
  );
}

/** Staff's count of waiting orders, for the menu's badge and the home tile. */
export function useWaitingOrdersCount(user: User): number | undefined {
  return useWaitingOrders(user.bankId, isStaff(user.userRole) && !user.mustChangePassword).total;
}

/** A Student's orders, newest first (the Student themself, or staff of the bank). */
export function useOrdersOf(username: string, enabled = true) {
  return useKeyedPages(
    queryKeys.ordersOf(username),
    (cursor, signal) =>
      api.callWithHeaders(storeCalls.ordersOf, { params: { username }, query: { cursor }, signal }),
    { enabled, refetchInterval: MY_ORDERS_REFRESH_MS },
  );
}

/** What the waiting orders paid from this account hold, in cents. */
export const orderHeldCents = (orders: readonly StoreOrder[] | undefined, accountId: string) =>
  (orders ?? [])
    .filter((o) => o.status === 'waiting' && o.accountId === accountId)
    .reduce((sum, o) => sum + cents(o.price), 0);
