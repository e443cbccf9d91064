import { messages } from '@bank/shared';
import type { Tx } from '../../db/client.js';
import { canSeeAccount } from '../access.js';
import type { Actor } from '../actor.js';
import { loadBank } from '../bank/bank-settings.js';
import { forbidden, notFound } from '../errors.js';
import type { AccountRow, LockedAccounts } from './locked-accounts.js';

export type MoneyAction = 'deposit' | 'withdrawal' | 'transfer';

/**
 * Who may move money how (API.md "Tiers and tenancy"): an ADMIN always; a TELLER when the bank's
 * matching teller permission is on; a USER only transfers (between their own accounts).
 */
export async function assertMayMoveMoney(tx: Tx, actor: Actor, action: MoneyAction): Promise<void> {
  if (actor.role === 'ADMIN') return;
  if (actor.role === 'USER') {
    if (action === 'transfer') return;
    throw forbidden();
  }
  const bank = await loadBank(tx, actor.bankId);
  const allowed = {
    deposit: bank.tellerDepositPermission,
    withdrawal: bank.tellerWithdrawalPermission,
    transfer: bank.tellerTransferPermission,
  }[action];
  if (!allowed) throw forbidden(messages.tellerPermissionMissing, 'TELLER_PERMISSION_MISSING');
}

/**
 * A locked account the actor may move money on: open, and the actor's own (USER) or of the
 * actor's bank (staff). Anything else is a 404, so nobody learns that the account exists.
 */
export function usableAccount(actor: Actor, locked: LockedAccounts, accountNumber: string): AccountRow {
  const account = locked.get(accountNumber);
  if (!account || account.closedAt !== null || !canSeeAccount(actor, account)) throw notFound();
  return account;
}
