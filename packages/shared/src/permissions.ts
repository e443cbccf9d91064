import type { Role } from './constants.js';
import type { BankSettings } from './schemas/bank.js';

export type MoneyAction = 'deposit' | 'withdrawal' | 'transfer';
export const MONEY_ACTIONS = ['deposit', 'withdrawal', 'transfer'] as const satisfies readonly MoneyAction[];

/** The bank settings that decide what a teller may do. */
export type TellerPermissions = Pick<
  BankSettings,
  'tellerDepositPermission' | 'tellerWithdrawalPermission' | 'tellerTransferPermission'
>;

const tellerPermission: Record<MoneyAction, keyof TellerPermissions> = {
  deposit: 'tellerDepositPermission',
  withdrawal: 'tellerWithdrawalPermission',
  transfer: 'tellerTransferPermission',
};

/**
 * Who may move money how (API.md "Tiers and tenancy", spec §2, §6): an ADMIN always; a USER only
 * transfers (between their own accounts); a TELLER when the bank's matching permission is on.
 * `undefined` settings (not loaded, or failed) allow a teller nothing. The server enforces this
 * rule; the web uses the same function to offer only what will be allowed.
 */
export function mayMoveMoney(
  role: Role,
  settings: TellerPermissions | undefined,
  action: MoneyAction,
): boolean {
  if (role === 'ADMIN') return true;
  if (role === 'USER') return action === 'transfer';
  return settings?.[tellerPermission[action]] === true;
}

/** Only an admin edits or deletes a transaction (API.md: `/admin/transactions/...`). */
export function mayChangeTransactions(role: Role): boolean {
  return role === 'ADMIN';
}

export const isStaff = (role: Role): boolean => role === 'ADMIN' || role === 'TELLER';
