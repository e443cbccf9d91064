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

/**
 * What a teacher (a TELLER) may do for the Students of their own branch when the bank allows it
 * (API.md "Teachers without dead ends"): reverse a transaction or a payday, reset passwords (and
 * reprint sign-in slips), make a Student a class banker. An ADMIN may always, for any Student.
 */
export const CLASS_RIGHTS = ['reverse', 'resetPasswords', 'manageBankers'] as const;
export type ClassRight = (typeof CLASS_RIGHTS)[number];

/** The bank settings that turn each right on for teachers. */
export type ClassRightSettings = Pick<
  BankSettings,
  'tellerCanReverse' | 'tellerCanResetPasswords' | 'tellerCanManageBankers'
>;

export const classRightSetting: Record<ClassRight, keyof ClassRightSettings> = {
  reverse: 'tellerCanReverse',
  resetPasswords: 'tellerCanResetPasswords',
  manageBankers: 'tellerCanManageBankers',
};

/**
 * Why a staff member may not use a right for these Students' branches, or null when they may:
 * `RIGHT_OFF` the bank keeps it for admins, `NO_CLASS` a teacher without a branch (who has no class
 * of their own to act for), `NOT_YOUR_CLASS` a Student of another branch, `NOT_STAFF` a Student.
 * `undefined` settings (not loaded, or failed) allow a teacher nothing. With no branches given, it
 * answers whether the right could apply to the teacher's own class at all. The server enforces it
 * (after finding the Students: another bank's is a 404 first); the web uses it to say who to ask.
 */
export function classRightRefusal(
  who: { userRole: Role; branchId: number | null },
  settings: ClassRightSettings | undefined,
  right: ClassRight,
  studentBranchIds: readonly number[] = [],
): 'RIGHT_OFF' | 'NO_CLASS' | 'NOT_YOUR_CLASS' | 'NOT_STAFF' | null {
  if (who.userRole === 'ADMIN') return null;
  if (who.userRole !== 'TELLER') return 'NOT_STAFF';
  if (settings?.[classRightSetting[right]] !== true) return 'RIGHT_OFF';
  if (who.branchId === null) return 'NO_CLASS';
  return studentBranchIds.every((id) => id === who.branchId) ? null : 'NOT_YOUR_CLASS';
}
export type ClassRightRefusal = NonNullable<ReturnType<typeof classRightRefusal>>;
