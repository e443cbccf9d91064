import type { ComponentType } from 'react';
import type { LoaderFunction } from 'react-router';
import type { MoneyAction, Role, User } from '@bank/shared';
import type { Guards } from './guards';
import type * as menuIcons from './menu-icons';
import { prefetchAccount, prefetchHome, type Prefetch } from './route-data';

type LazyScreen = () => Promise<{ Component: ComponentType }>;

/** Where a screen appears in the side navigation, and whether it is a tile at home. */
export interface MenuEntry {
  label: string | ((role: Role) => string);
  /** By name (app/menu-icons.ts): the router reads this table, and sign-in needs no icons. */
  icon: keyof typeof menuIcons;
  section: 'top' | 'manage' | 'settings';
  /** Roles that see the entry (default: the destination's roles, or everyone). */
  shownTo?: Role[];
  /** A money flow: a teller sees it only when the bank settings allow it (`mayMoveMoney`). */
  action?: MoneyAction;
  /** Shown to a teller when the bank allows any of these (Payday: deposit or withdrawal). */
  anyOf?: MoneyAction[];
  /** Shown only to those users among the roles (a Student who is a class banker). */
  shownWhen?: (user: User) => boolean;
  /** A count beside the entry (app/badge-counts.ts): Approvals' waiting requests, the store's waiting orders. */
  badge?: 'waitingRequests' | 'waitingOrders';
  /** A tile on the staff home screen; `rank` orders the tiles. */
  tile?: { description: string; rank: number };
}

/** One screen behind sign-in: its route, who may open it, and its menu entry if it has one. */
export interface Destination {
  /** The route path; `:bankId` is the user's own bank (`requireOwnBank`). */
  path: string;
  /** Only these roles may open it; the others are sent home. Absent: every signed-in role. */
  roles?: Role[];
  /** Each screen is its own chunk, loaded when it is first opened. */
  lazy: LazyScreen;
  /** The screen's first data, asked for beside its chunk (app/route-data.ts, issue 22). */
  prefetch?: Prefetch;
  menu?: MenuEntry;
}

const STAFF: Role[] = ['ADMIN', 'TELLER'];
const ADMIN: Role[] = ['ADMIN'];

/** The money flows: the form and its confirmation page, both for the same roles. */
function moneyFlow(
  action: MoneyAction,
  roles: Role[] | undefined,
  menu: Omit<MenuEntry, 'section' | 'action'>,
) {
  const screens = () => import('../features/money-movement/money-flow-page');
  return [
    {
      path: `:bankId/${action}`,
      roles,
      lazy: async () => ({ Component: (await screens()).flowPages[action] }),
      menu: { ...menu, section: 'manage', action },
    },
    {
      path: `:bankId/${action}/confirmation`,
      roles,
      lazy: async () => ({ Component: (await screens()).confirmationPages[action] }),
    },
  ] satisfies Destination[];
}

/**
 * Every screen behind sign-in (spec §2), in side-navigation order. The router, the side
 * navigation and the home tiles all read this table, so a new menu entry is one row here.
 */
export const destinations: Destination[] = [
  {
    path: 'home',
    lazy: async () => ({ Component: (await import('./home/home-page')).HomePage }),
    prefetch: prefetchHome,
    menu: { label: (role) => (role === 'USER' ? 'Accounts' : 'Home'), icon: 'IconHome', section: 'top' },
  },
  {
    path: 'account/:accountId',
    lazy: async () => ({ Component: (await import('../features/accounts/account-page')).AccountPage }),
    prefetch: prefetchAccount,
  },
  ...moneyFlow('deposit', STAFF, {
    label: 'Deposit',
    icon: 'IconArrowBarToDown',
    tile: { description: 'Pay money into an account', rank: 1 },
  }),
  ...moneyFlow('withdrawal', STAFF, {
    label: 'Withdrawal',
    icon: 'IconArrowBarUp',
    tile: { description: 'Pay money out of an account', rank: 2 },
  }),
  ...moneyFlow('transfer', undefined, {
    label: 'Transfer',
    icon: 'IconTransfer',
    tile: { description: 'Move money between accounts', rank: 3 },
  }),
  {
    // Beyond the spec's routes (issue 12): pay a whole branch at once.
    path: ':bankId/payday',
    roles: STAFF,
    lazy: async () => ({ Component: (await import('../features/classroom/payday-page')).PaydayPage }),
    menu: {
      label: 'Payday',
      icon: 'IconCoins',
      section: 'manage',
      anyOf: ['deposit', 'withdrawal'],
      tile: { description: 'Pay a whole branch at once, or collect rent', rank: 3.5 },
    },
  },
  {
    // Beyond the spec's routes (issue 21): paydays and bills that run themselves.
    path: ':bankId/schedules',
    roles: STAFF,
    lazy: async () => ({ Component: (await import('../features/schedules/schedules-page')).SchedulesPage }),
    menu: {
      label: 'Schedules',
      icon: 'IconCalendarRepeat',
      section: 'manage',
      anyOf: ['deposit', 'withdrawal'],
      tile: { description: 'Paydays and bills that run on their own', rank: 3.6 },
    },
  },
  {
    // Beyond the spec's routes (issue 21): every payday and scheduled run; an admin reverses one here.
    path: ':bankId/payday/history',
    roles: STAFF,
    lazy: async () => ({
      Component: (await import('../features/schedules/payday-history-page')).PaydayHistoryPage,
    }),
  },
  {
    // Beyond the spec's routes (issue 12): find a student, their accounts, pay in or out.
    path: ':bankId/students',
    roles: STAFF,
    lazy: async () => ({ Component: (await import('../features/classroom/students-page')).StudentsPage }),
    menu: {
      label: 'Students',
      icon: 'IconSchool',
      section: 'manage',
      tile: { description: 'Find a student and their accounts', rank: 3.7 },
    },
  },
  {
    // Beyond the spec's routes (issue 33): new sign-in slips of chosen students or a class.
    path: ':bankId/students/slips',
    roles: STAFF,
    lazy: async () => ({ Component: (await import('../features/classroom/sign-in-slips')).NewSlipsPage }),
  },
  {
    // Beyond the spec's routes (issue 24): a class banker asks for a classmate's account.
    path: ':bankId/class-bank',
    roles: ['USER'],
    lazy: async () => ({ Component: (await import('../features/class-bank/class-bank-page')).ClassBankPage }),
    menu: {
      label: 'Bank for my class',
      icon: 'IconUsersGroup',
      section: 'manage',
      shownWhen: (user) => user.banker,
    },
  },
  {
    // Beyond the spec's routes (issue 24): staff decide the class bankers' requests.
    path: ':bankId/approvals',
    roles: STAFF,
    lazy: async () => ({ Component: (await import('../features/approvals/approvals-page')).ApprovalsPage }),
    menu: {
      label: 'Approvals',
      icon: 'IconChecklist',
      section: 'manage',
      badge: 'waitingRequests',
      tile: { description: "Class bankers' requests that wait for you", rank: 3.8 },
    },
  },
  // The class store (issue 34 item 3): a Student's store; staff's orders (with their badge) and items.
  {
    path: ':bankId/store',
    roles: ['USER'],
    lazy: async () => ({ Component: (await import('../features/store/store-page')).StorePage }),
    menu: { label: 'Store', icon: 'IconShoppingBag', section: 'manage' },
  },
  {
    path: ':bankId/store/orders',
    roles: STAFF,
    lazy: async () => ({ Component: (await import('../features/store/store-orders-page')).StoreOrdersPage }),
    menu: {
      label: 'Store orders',
      icon: 'IconShoppingBag',
      section: 'manage',
      badge: 'waitingOrders',
      tile: { description: 'Orders waiting for you to hand them over', rank: 3.85 },
    },
  },
  {
    path: ':bankId/store/items',
    roles: STAFF,
    lazy: async () => ({ Component: (await import('../features/store/store-items-page')).StoreItemsPage }),
    menu: {
      label: 'Store items',
      icon: 'IconTag',
      section: 'manage',
      tile: { description: 'What the class store sells, its prices and stock', rank: 3.86 },
    },
  },
  // Issue 34 items 1 and 2, the class economy: jobs, the job board and awards (one block).
  {
    path: ':bankId/jobs',
    roles: STAFF,
    lazy: async () => ({ Component: (await import('../features/economy/jobs-page')).JobsPage }),
    menu: {
      label: 'Jobs',
      icon: 'IconBriefcase',
      section: 'manage',
      tile: { description: 'Class jobs, their wages and who holds them', rank: 3.87 },
    },
  },
  {
    path: ':bankId/awards',
    roles: STAFF,
    lazy: async () => ({ Component: (await import('../features/economy/awards-page')).AwardsPage }),
    menu: {
      label: 'Awards',
      icon: 'IconAward',
      section: 'manage',
      anyOf: ['deposit', 'withdrawal'],
      tile: { description: 'Bonuses and fines for several students at once', rank: 3.88 },
    },
  },
  // Issue 34 item 4, auctions: a Student's bids; staff's list and form.
  {
    path: ':bankId/auctions',
    roles: ['USER'],
    lazy: async () => ({ Component: (await import('../features/auctions/my-auctions-page')).MyAuctionsPage }),
    menu: { label: 'Auctions', icon: 'IconGavel', section: 'manage' },
  },
  {
    path: ':bankId/auctions/manage',
    roles: STAFF,
    lazy: async () => ({ Component: (await import('../features/auctions/auctions-page')).AuctionsPage }),
    menu: {
      label: 'Auctions',
      icon: 'IconGavel',
      section: 'manage',
      tile: { description: 'Items up for auction, their high bids and when they end', rank: 3.89 },
    },
  },
  {
    path: ':bankId/job-board',
    roles: ['USER'],
    lazy: async () => ({ Component: (await import('../features/economy/my-jobs-page')).MyJobsPage }),
    menu: { label: 'Job board', icon: 'IconBriefcase', section: 'manage' },
  },
  {
    path: ':bankId/admin/users/import',
    roles: ADMIN,
    lazy: async () => ({
      Component: (await import('../features/classroom/import-students-page')).ImportStudentsPage,
    }),
  },
  {
    path: ':bankId/admin/users/import/slips',
    roles: ADMIN,
    lazy: async () => ({ Component: (await import('../features/classroom/sign-in-slips')).SignInSlipsPage }),
  },
  {
    path: ':bankId/admin/users',
    roles: ADMIN,
    lazy: async () => ({ Component: (await import('../features/admin/users-page')).ManageUsersPage }),
    menu: {
      label: 'Users',
      icon: 'IconUsers',
      section: 'manage',
      tile: { description: 'Create and edit users', rank: 4 },
    },
  },
  {
    path: ':bankId/admin/branches',
    roles: ADMIN,
    lazy: async () => ({ Component: (await import('../features/admin/branches-page')).ManageBranchesPage }),
    menu: {
      label: 'Branches',
      icon: 'IconBuildingStore',
      section: 'manage',
      tile: { description: 'Create and edit branches', rank: 5 },
    },
  },
  {
    path: ':bankId/admin/accounts',
    roles: ADMIN,
    lazy: async () => ({ Component: (await import('../features/admin/accounts-page')).ManageAccountsPage }),
    menu: {
      label: 'Accounts',
      icon: 'IconCash',
      section: 'manage',
      tile: { description: 'Open and close accounts', rank: 6 },
    },
  },
  {
    // Beyond the spec's routes: the audit of transaction edits and deletes.
    path: ':bankId/admin/activity',
    roles: ADMIN,
    lazy: async () => ({ Component: (await import('../features/activity/activity-page')).ActivityPage }),
    menu: {
      label: 'Activity',
      icon: 'IconHistory',
      section: 'manage',
      tile: { description: 'Who changed or deleted which transaction', rank: 8 },
    },
  },
  {
    path: 'settings/accountInfo',
    lazy: async () => ({
      Component: (await import('../features/settings/account-info-page')).AccountInfoPage,
    }),
    menu: { label: 'Account Information', icon: 'IconId', section: 'settings', shownTo: ['USER'] },
  },
  {
    path: 'documents/statements',
    roles: ['USER'],
    lazy: async () => ({
      Component: (await import('../features/statements/statements-page')).StatementsPage,
    }),
    menu: { label: 'Statements', icon: 'IconFileText', section: 'settings', shownTo: ['USER'] },
  },
  {
    path: ':bankId/admin/bank',
    roles: ADMIN,
    lazy: async () => ({
      Component: (await import('../features/admin/bank-settings-page')).BankSettingsPage,
    }),
    menu: {
      label: 'Bank Settings',
      icon: 'IconBuildingBank',
      section: 'settings',
      tile: { description: 'Account types, rates and teller permissions', rank: 7 },
    },
  },
  {
    path: 'settings',
    lazy: async () => ({ Component: (await import('../features/settings/settings-page')).SettingsPage }),
    menu: {
      label: (role) => (role === 'ADMIN' ? 'User Settings' : 'Settings'),
      icon: 'IconSettings',
      section: 'settings',
      tile: { description: 'Display name and password', rank: 10 },
    },
  },
  {
    path: ':bankId/support',
    lazy: async () => ({ Component: (await import('../features/support/support-page')).SupportPage }),
    menu: {
      label: 'Support',
      icon: 'IconHeadset',
      section: 'settings',
      tile: { description: 'Open and follow support tickets', rank: 9 },
    },
  },
  {
    path: 'settings/editDisplayName',
    lazy: async () => ({
      Component: (await import('../features/settings/edit-display-name-page')).EditDisplayNamePage,
    }),
  },
  {
    path: 'settings/updatePassword',
    lazy: async () => ({
      Component: (await import('../features/settings/update-password-page')).UpdatePasswordPage,
    }),
  },
];

/** The guard of a destination: `:bankId` paths are the user's own bank; roles are checked. */
export function guardOf(destination: Destination, guards: Guards): LoaderFunction | undefined {
  if (destination.path.startsWith(':bankId/')) return guards.requireOwnBank(...(destination.roles ?? []));
  return destination.roles ? guards.requireRole(...destination.roles) : undefined;
}
