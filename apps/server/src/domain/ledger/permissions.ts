import { mayMoveMoney, messages, type MoneyAction } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { canSeeAccount } from '../access.js';
import type { Actor } from '../actor.js';
import { loadBank } from '../bank/bank-settings.js';
import { forbidden, notFound } from '../errors.js';
import type { AccountRow, LockedAccounts } from './locked-accounts.js';

export type { MoneyAction };

/**
 * Throws unless the actor may move money this way: the shared rule (`mayMoveMoney`, the same one
 * the web uses), with this bank's teller permissions read inside the transaction.
 */
export async function assertMayMoveMoney(tx: Executor, actor: Actor, action: MoneyAction): Promise<void> {
  if (!(await actorMayMoveMoney(tx, actor, action))) throw moneyMovementRefused(actor);
}

/** The shared rule for this actor; the bank's settings are read only when they can matter (a teller). */
export async function actorMayMoveMoney(tx: Executor, actor: Actor, action: MoneyAction): Promise<boolean> {
  const settings = actor.role === 'TELLER' ? await loadBank(tx, actor.bankId) : undefined;
  return mayMoveMoney(actor.role, settings, action);
}

/** The refusal when the rule says no: a teller learns which permission is missing. */
export function moneyMovementRefused(actor: Actor): Error {
  return actor.role === 'TELLER'
    ? forbidden(messages.tellerPermissionMissing, 'TELLER_PERMISSION_MISSING')
    : forbidden();
}

/**
 * A locked account the actor may move money on: open, and the actor's own (USER) or of the
 * actor's bank (staff). Anything else is a 404, so nobody learns that the account exists.
 */
export function usableAccount(actor: Actor, locked: LockedAccounts, accountNumber: string): AccountRow {
  const account = locked.get(accountNumber);
  if (!isUsableAccount(actor, account)) throw notFound();
  return account;
}

/** The rule of usableAccount, for callers that judge many accounts and name each refused one. */
export function isUsableAccount(
  actor: Actor,
  account: Pick<AccountRow, 'closedAt' | 'bankId' | 'userId'> | undefined,
): account is AccountRow {
  return account !== undefined && account.closedAt === null && canSeeAccount(actor, account);
}
