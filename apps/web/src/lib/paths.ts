import type { MoneyAction } from '@bank/shared';

/** The app's routes (spec §2), built in one place. */
export const paths = {
  landing: '/',
  login: '/login',
  home: '/home',
  account: (accountId: string) => `/account/${accountId}`,
  flow: (bankId: number, flow: MoneyAction) => `/${bankId}/${flow}`,
  flowConfirmation: (bankId: number, flow: MoneyAction) => `/${bankId}/${flow}/confirmation`,
  adminUsers: (bankId: number) => `/${bankId}/admin/users`,
  adminBranches: (bankId: number) => `/${bankId}/admin/branches`,
  adminAccounts: (bankId: number) => `/${bankId}/admin/accounts`,
  adminBank: (bankId: number) => `/${bankId}/admin/bank`,
  /** Beyond the spec's routes: the audit of transaction edits and deletes. */
  adminActivity: (bankId: number) => `/${bankId}/admin/activity`,
  support: (bankId: number) => `/${bankId}/support`,
  /** Beyond the spec's routes: the classroom tools (issue 12). */
  payday: (bankId: number) => `/${bankId}/payday`,
  students: (bankId: number) => `/${bankId}/students`,
  /** Beyond the spec's routes (issue 33): new sign-in slips of chosen students or a class. */
  newSlips: (bankId: number) => `/${bankId}/students/slips`,
  /** Beyond the spec's routes: the school year (issue 21). */
  schedules: (bankId: number) => `/${bankId}/schedules`,
  paydayHistory: (bankId: number) => `/${bankId}/payday/history`,
  /** Beyond the spec's routes: students who take part (issue 24). */
  classBank: (bankId: number) => `/${bankId}/class-bank`,
  approvals: (bankId: number) => `/${bankId}/approvals`,
  /** Beyond the spec's routes: the class store (issue 34), a Student's and staff's. */
  store: (bankId: number) => `/${bankId}/store`,
  storeOrders: (bankId: number) => `/${bankId}/store/orders`,
  storeItems: (bankId: number) => `/${bankId}/store/items`,
  /** Issue 34 item 4: a Student's auctions, and staff's. */
  auctions: (bankId: number) => `/${bankId}/auctions`,
  manageAuctions: (bankId: number) => `/${bankId}/auctions/manage`,
  importStudents: (bankId: number) => `/${bankId}/admin/users/import`,
  signInSlips: (bankId: number) => `/${bankId}/admin/users/import/slips`,
  settings: '/settings',
  accountInfo: '/settings/accountInfo',
  editDisplayName: '/settings/editDisplayName',
  updatePassword: '/settings/updatePassword',
  statements: '/documents/statements',
} as const;

/** Only same-site paths are followed after sign-in (no open redirect through ?next=). */
export function safeNext(next: string | null): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (next === paths.login || next.startsWith(`${paths.login}?`)) return null;
  return next;
}
