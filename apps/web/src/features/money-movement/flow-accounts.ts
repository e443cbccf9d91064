import { isStaff, type Account } from '@bank/shared';
import type { Session } from '../../lib/current-user';
import { lastFour } from '../../lib/format';
import { balanceText } from '../../lib/held';
import { useBankAccounts, useBranches, useStudents, useUserAccounts } from '../../lib/queries';

/** The placeholder choice of the branch picker (spec §9: the selected branch defaults to "blank"). */
export const BLANK_BRANCH = 'blank';

/**
 * The accounts a flow may use: a Student's own; for staff the bank's, filtered by the chosen
 * branch, plus the branches to choose from.
 */
export function useFlowAccounts(session: Session, branchId: string) {
  const { user } = session;
  const staff = isStaff(user.userRole);
  const own = useUserAccounts(user.username, !staff);
  const bankAccounts = useBankAccounts(user.bankId, staff);
  const branches = useBranches(user.bankId, staff);
  // The students' names for the pickers; without them (the call failed) the User Id stands in.
  const roster = useStudents(user.bankId, {}, staff);
  const names = new Map((roster.data ?? []).map((s) => [s.username.toLowerCase(), s.name]));

  const queries = staff ? [bankAccounts, branches] : [own];
  const failed = queries.find((q) => q.isError);
  const all = (staff ? bankAccounts.data : own.data) ?? [];
  const accounts = staff ? all.filter((a) => String(a.branchId) === branchId) : all;

  return {
    staff,
    isPending: queries.some((q) => q.isPending),
    error: failed?.error ?? null,
    refetch: () => queries.forEach((q) => void q.refetch()),
    branches: branches.data ?? [],
    accounts,
    find: (accountId: string) => all.find((a) => a.accountId === accountId),
    ownerName: (account: Account) => names.get(account.username.toLowerCase()) ?? account.username,
  };
}

/** How an account is named in pickers and summaries; staff also see the full number and the owner. */
export function accountLabel(account: Account, staff: boolean, withBalance = true): string {
  const name = staff
    ? `${account.accountId} · ${account.accountType} · ${account.username}`
    : `${account.accountType} ${lastFour(account.accountId)}`;
  return withBalance ? `${name} · ${balanceText(account)}` : name;
}

/**
 * A teller flow's picker: `Maya Chen · CHECKING **3456 · $1,160.34` (issue 12), searchable by any
 * part; with "(available …)" while something is held.
 */
export function namedAccountLabel(account: Account, ownerName: string): string {
  return `${ownerName} · ${account.accountType} ${lastFour(account.accountId)} · ${balanceText(account)}`;
}

export function accountOptions(accounts: Account[], staff: boolean, blankValue: string, blankLabel: string) {
  return [
    { value: blankValue, label: blankLabel },
    ...accounts.map((a) => ({ value: a.accountId, label: accountLabel(a, staff) })),
  ];
}

export type FlowAccounts = ReturnType<typeof useFlowAccounts>;
