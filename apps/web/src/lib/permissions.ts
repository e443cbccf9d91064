import type { BankSettings, Role } from '@bank/shared';

export type MoneyFlow = 'deposit' | 'withdrawal' | 'transfer';

export const isStaff = (role: Role) => role === 'ADMIN' || role === 'TELLER';

/**
 * Which money flows a role may start (spec §2 Navigation, §6): a Student transfers between their own
 * accounts; an admin does all three; a teller what the bank settings allow. `undefined` settings
 * (still loading or failed) allow a teller nothing. The server enforces the same rules.
 */
export function mayStart(flow: MoneyFlow, role: Role, settings: BankSettings | undefined): boolean {
  if (role === 'ADMIN') return true;
  if (role === 'USER') return flow === 'transfer';
  if (!settings) return false;
  if (flow === 'deposit') return settings.tellerDepositPermission;
  if (flow === 'withdrawal') return settings.tellerWithdrawalPermission;
  return settings.tellerTransferPermission;
}
