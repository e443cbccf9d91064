import { sql } from 'drizzle-orm';
import { limits, storeText as m, type StoreOrder } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { pgErrorDetail } from '../../db/pg-error.js';
import type { Actor } from '../actor.js';
import { dollars } from '../audit/record-audit.js';
import { conflict } from '../errors.js';
import {
  groupedFunction,
  groupRequestOf,
  resultOf,
  type GroupRequest,
  type IdempotentResponse,
  type RefusalMap,
} from '../ledger/index.js';
import { insufficientFunds } from '../ledger/locked-accounts.js';
import { invariant } from '../ledger/invariant.js';

export interface OrderInput {
  itemId: number;
  accountId: string;
}

/** What store_place_order says about an order the account cannot pay (its BK409's DETAIL). */
interface CannotPay {
  priceCents: number;
  balanceCents: number;
  heldCents: number;
  heldByOrdersCents: number;
}

/**
 * The 409 of an order the account cannot pay. When the balance would pay it and only what the
 * Student's waiting orders hold stops it, it says so, as a card would ("$3.00 is held for your
 * order"); otherwise the ledger's own refusal (which names a waiting request's hold).
 */
function cannotPay(figures: CannotPay | undefined): Error {
  invariant(figures, 'an order refused for funds came without its figures');
  const { priceCents, balanceCents, heldCents, heldByOrdersCents } = figures;
  const balancePays = balanceCents >= priceCents;
  if (balancePays && heldByOrdersCents > 0 && heldByOrdersCents === heldCents)
    return conflict(m.insufficientFundsHeldForOrder(dollars(heldByOrdersCents)), 'INSUFFICIENT_FUNDS');
  return insufficientFunds({ balanceCents, heldCents }, -priceCents);
}

/** store_place_order's own refusals (db/functions/store_place_order.sql). */
const orderRefusal: RefusalMap = (code, error) => {
  switch (code) {
    case 'BKSLD':
      return conflict(m.soldOut, 'SOLD_OUT');
    case 'BKLIM':
      return conflict(m.limitReached, 'LIMIT_REACHED');
    case 'BK409':
      return cannotPay(pgErrorDetail<CannotPay>(error));
    default:
      return undefined;
  }
};

/** One order of a group, as store_order_group (db/functions) reads it. */
interface GroupOrder extends GroupRequest {
  itemId: number;
  accountNumber: string;
  /** When the order expires, from its clock. */
  expiresAt: string;
}

/** The orders that arrive together, as one statement and one commit (store_order_group). */
const orderTogether = groupedFunction<GroupOrder, StoreOrder>(
  (orders) => sql`select store_order_group(${orders}, 201::integer) as answers`,
);

/**
 * POST /user/orders: a Student orders an item, paying from one of their own accounts. The price is
 * held on the account (its `available` drops; the balance does not) and one is taken from stock,
 * in one transaction; with an Idempotency-Key it happens once.
 *
 * A class ordering at once must not wait on a round trip per step, nor on a commit per order
 * under the item's row lock (issue 34: 30 at once, each under 100 ms): an order is one call of
 * store_place_order (db/functions), and the orders that arrive together go as one group, one
 * statement and one commit (store_order_group, as transfers do: ADR 0022), each still judged,
 * keyed and refused on its own. The rules, checked there in this order: the item, of the
 * Student's bank, not deleted, active, for their class or the whole bank, read without a lock
 * (else 404); the Student's own row locked when the item has a per-student limit, so two orders
 * of one Student (from two accounts) are counted one after the other; the account, locked, open
 * and theirs (else 404); "Sold out" at no stock; the limit, counting orders waiting or given;
 * `available`; the hold; the order; and one taken from stock as its last write (ADR 0122), so the
 * item's row is locked only from there to the commit and never more orders than stock. Given an
 * open transaction it runs inside it, as a group of one. An actor from the server's memory of
 * its session has the session checked by the group (BK401 when no longer current).
 */
export async function placeOrder(
  db: Executor,
  actor: Actor,
  input: OrderInput,
  key: string | null,
  now: Date,
  /** The actor came from the server's memory of its session: the group checks the session. */
  options: { checkSession?: boolean } = {},
): Promise<IdempotentResponse<StoreOrder>> {
  const idempotent = key ? { key, operation: 'order.create', payload: input } : null;
  const order: GroupOrder = {
    ...groupRequestOf(actor, now, idempotent, options.checkSession),
    itemId: input.itemId,
    accountNumber: input.accountId,
    expiresAt: new Date(now.getTime() + limits.orderTtlSeconds * 1000).toISOString(),
  };
  return resultOf(await orderTogether(db, order), orderRefusal);
}
