import { participationScreenText, storeScreenText, studentText, type Account } from '@bank/shared';
import { cents, money } from './format';
import { uiText } from './ui-text';

/** What waiting requests hold of an account, in cents (API.md "Students who take part": `available`). */
export const heldCentsOf = (account: Pick<Account, 'balance' | 'available'>) =>
  cents(account.balance) - cents(account.available);

/**
 * An account's balance as pickers show it: "$20.00", or "$20.00 (available $12.00)" while something
 * is held (issue 33), so nobody picks money that cannot be spent.
 */
export function balanceText(account: Pick<Account, 'balance' | 'available'>): string {
  return heldCentsOf(account) > 0
    ? uiText.balanceAndAvailable(money(account.balance), money(account.available))
    : money(account.balance);
}

/** What is held on an account, told apart: by the Student's own store orders, by a class banker's request. */
export interface HeldWords {
  /** "Available $8.00 (held $2.00 for your order)". */
  line: string;
  /** Why, in a child's words: one sentence per kind of hold. */
  why: string[];
}

/**
 * The words for an account's held money (issue 34): what its waiting store orders hold (`orderHeld`,
 * in cents, from the Student's orders) is "for your order", the rest "for a waiting request". Null
 * when nothing is held.
 */
export function heldWords(
  account: Pick<Account, 'balance' | 'available'>,
  orderHeld: number,
): HeldWords | null {
  const held = heldCentsOf(account);
  if (held <= 0) return null;
  const orders = Math.min(orderHeld, held);
  const requests = held - orders;
  const available = money(account.available);
  const dollars = (c: number) => money(c / 100);
  const why = [
    ...(orders > 0 ? [storeScreenText.heldForOrderExplained(dollars(orders))] : []),
    ...(requests > 0 ? [studentText.heldExplained(dollars(requests))] : []),
  ];
  if (orders === 0) return { line: participationScreenText.availableHeld(available, dollars(held)), why };
  const line =
    requests === 0
      ? storeScreenText.availableHeldForOrder(available, dollars(orders))
      : storeScreenText.availableHeldForBoth(available, dollars(orders), dollars(requests));
  return { line, why };
}
