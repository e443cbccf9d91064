import type { Account } from '@bank/shared';
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
