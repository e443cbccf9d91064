import type { Account } from '@bank/shared';
import { money } from '../../lib/format';
import { uiText } from '../../lib/ui-text';
import type { AccountFieldName, FlowValues } from './flow-config';

/**
 * Issue 14's help with a transfer: the To list leaves out the From account, and with exactly two
 * accounts choosing one side chooses the other for you.
 */
export function pickerAccounts(accounts: Account[], name: AccountFieldName, values: FlowValues) {
  return name === 'toAccountId' ? accounts.filter((a) => a.accountId !== values.fromAccountId) : accounts;
}

/** The other side of a two-account transfer, once one side is chosen. */
export function otherSide(accounts: Account[], name: AccountFieldName, chosen: string) {
  if (accounts.length !== 2 || (name !== 'fromAccountId' && name !== 'toAccountId')) return null;
  const other = accounts.find((a) => a.accountId !== chosen);
  if (!other || !accounts.some((a) => a.accountId === chosen)) return null;
  return {
    name: name === 'fromAccountId' ? 'toAccountId' : 'fromAccountId',
    value: other.accountId,
  } as const;
}

/** "You can move up to $X" under Amount: less than the source balance (spec §5), so a cent below it. */
export function amountHint(accounts: Account[], values: FlowValues): string | undefined {
  const from = accounts.find((a) => a.accountId === values.fromAccountId);
  if (!from) return undefined;
  return uiText.canMoveUpTo(money(Math.max(0, Math.round(from.balance * 100 - 1) / 100)));
}
