import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { accountCalls, bankCalls, branchCalls, classroomCalls, userCalls, type User } from '@bank/shared';
import { api } from './api-client';

/**
 * Query keys and the reads that several features share (accounts, branches, bank settings, the user
 * record). Features keep their own reads and writes in their api.ts; these live here because
 * features do not import each other.
 */
export const queryKeys = {
  user: (username: string) => ['user', username.toLowerCase()] as const,
  accounts: ['accounts'] as const,
  userAccounts: (username: string) => ['accounts', 'user', username.toLowerCase()] as const,
  bankAccounts: (bankId: number) => ['accounts', 'bank', bankId] as const,
  branches: (bankId: number) => ['branches', bankId] as const,
  bankSettings: (bankId: number) => ['bank', bankId] as const,
  transactions: ['transactions'] as const,
  accountTransactions: (accountId: string) => ['transactions', accountId] as const,
  /** Under `accounts`: a money movement changes the balances the roster shows. */
  students: (bankId: number, filter: StudentFilter = {}) =>
    ['accounts', 'students', bankId, filter.branchId ?? null, filter.q ?? ''] as const,
  /** Under `accounts`: a goal's progress follows the balance. */
  goals: (username: string) => ['accounts', 'goals', username.toLowerCase()] as const,
  /** Class bankers' requests (issue 24): the staff's list and a banker's own. */
  requests: ['requests'] as const,
  waitingRequests: (bankId: number) => ['requests', 'bank', bankId, 'waiting'] as const,
  requestsOf: (username: string) => ['requests', 'of', username.toLowerCase()] as const,
  /** The class store (issue 34): its items, the bank's orders (the badge's waiting ones), a Student's. */
  store: ['store'] as const,
  storeItems: (bankId: number) => ['store', 'items', bankId] as const,
  orders: ['orders'] as const,
  bankOrders: (bankId: number) => ['orders', 'bank', bankId] as const,
  waitingOrders: (bankId: number) => ['orders', 'bank', bankId, 'waiting'] as const,
  ordersOf: (username: string) => ['orders', 'of', username.toLowerCase()] as const,
  /** A person's own notices (issue 35): the bell's list and count. */
  notifications: ['notifications'] as const,
  /** Auctions (issue 34 item 4): a bank's, by the status asked for ('all' = every status). */
  auctions: ['auctions'] as const,
  bankAuctions: (bankId: number, status: string) => ['auctions', bankId, status] as const,
};

export interface StudentFilter {
  branchId?: string | undefined;
  q?: string | undefined;
}

/** The bank's Students with their accounts, by name; staff only. Shared by Payday, Students and the teller flows. */
export function useStudents(bankId: number, filter: StudentFilter = {}, enabled = true) {
  return useQuery({
    queryKey: queryKeys.students(bankId, filter),
    queryFn: ({ signal }) =>
      api.call(classroomCalls.students, {
        params: { bankId },
        signal,
        query: { branchId: filter.branchId ? Number(filter.branchId) : undefined, q: filter.q || undefined },
      }),
    enabled,
    // While the next search runs, the last answer stays on screen.
    placeholderData: keepPreviousData,
  });
}

export function fetchUser(username: string, token?: string): Promise<User> {
  return api.call(userCalls.get, {
    params: { username },
    ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}),
  });
}

export function useUserRecord(username: string) {
  return useQuery({ queryKey: queryKeys.user(username), queryFn: () => fetchUser(username) });
}

/**
 * How a route asks early for a screen's data (app/route-data.ts, issue 22): only what the cache
 * does not hold yet (a screen reached again refreshes its data through its own queries when it
 * mounts), and one try: a failure is the screen's to retry and show, not the route's
 * to wait on.
 */
export const earlyAsk = { staleTime: Infinity, retry: false } as const;

/** A user's own accounts; the route asks for them before the screen's chunk is there (issue 22). */
export const userAccountsQuery = (username: string) =>
  queryOptions({
    queryKey: queryKeys.userAccounts(username),
    queryFn: ({ signal }) => api.call(accountCalls.ofUser, { params: { username }, signal }),
  });

export function useUserAccounts(username: string, enabled = true) {
  return useQuery({ ...userAccountsQuery(username), enabled });
}

export const bankAccountsQuery = (bankId: number) =>
  queryOptions({
    queryKey: queryKeys.bankAccounts(bankId),
    queryFn: ({ signal }) => api.call(accountCalls.ofBank, { params: { bankId }, signal }),
  });

export function useBankAccounts(bankId: number, enabled = true) {
  return useQuery({ ...bankAccountsQuery(bankId), enabled });
}

export function useBranches(bankId: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.branches(bankId),
    queryFn: ({ signal }) => api.call(branchCalls.list, { params: { bankId }, signal }),
    enabled,
  });
}

/** The bank's settings (its name in the header); asked for with the signed-in layout (issue 22). */
export const bankSettingsQuery = (bankId: number) =>
  queryOptions({
    queryKey: queryKeys.bankSettings(bankId),
    queryFn: ({ signal }) => api.call(bankCalls.get, { params: { bankId }, signal }),
  });

export function useBankSettings(bankId: number, enabled = true) {
  return useQuery({ ...bankSettingsQuery(bankId), enabled });
}
