import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  accountCalls,
  bankCalls,
  branchCalls,
  userCalls,
  type Account,
  type AccountType,
  type BankAccount,
  type Branch,
  type CreateUserBody,
  type Role,
  type UpdateBankBody,
  type User,
} from '@bank/shared';
import { api } from '../../lib/api-client';
import {
  pageOf,
  removeFromPages,
  replaceInPages,
  usePagedList,
  useUnfilteredTotal,
  type PageReader,
} from '../../lib/paged-list';
import { queryKeys } from '../../lib/queries';

/** The admin's reads and writes: users, branches, accounts and bank settings (API.md). */
export const adminKeys = {
  users: (bankId: number) => ['admin-users', bankId] as const,
  /** Manage Users' pages (issue 20), under `users`: whatever reads the users again reads them too. */
  userPages: (bankId: number) => ['admin-users', bankId, 'pages'] as const,
  /** Manage Accounts' pages, under every list of accounts. */
  accountPages: (bankId: number) => [...queryKeys.bankAccounts(bankId), 'pages'] as const,
};

/** GET /admin/users/{bankId}: the live users of the bank, by User Id (the whole list). */
export function useBankUsers(bankId: number, enabled = true) {
  return useQuery({
    queryKey: adminKeys.users(bankId),
    queryFn: ({ signal }) => api.call(userCalls.list, { params: { bankId }, signal }),
    enabled,
  });
}

/** What narrows Manage Users (issue 33): a search, a branch, a role. Empty: all. */
export interface UserFilter {
  q: string;
  branchId: string;
  role: Role | '';
}

function usersReader(bankId: number, filter: UserFilter): PageReader<User> {
  return async ({ cursor, limit, signal }) =>
    pageOf(
      await api.callWithHeaders(userCalls.list, {
        params: { bankId },
        query: {
          q: filter.q || undefined,
          branchId: filter.branchId ? Number(filter.branchId) : undefined,
          role: filter.role || undefined,
          limit,
          cursor,
        },
        signal,
      }),
    );
}

const NO_USER_FILTER: UserFilter = { q: '', branchId: '', role: '' };

/** Manage Users a page at a time, searched by name or User Id and filtered on the server (issues 20, 33). */
export function useUserPages(bankId: number, filter: UserFilter) {
  const filtered = filter.q !== '' || filter.branchId !== '' || filter.role !== '';
  const list = usePagedList(
    [...adminKeys.userPages(bankId), filter.q, filter.branchId, filter.role],
    usersReader(bankId, filter),
  );
  const unfilteredTotal = useUnfilteredTotal(
    adminKeys.userPages(bankId),
    usersReader(bankId, NO_USER_FILTER),
    filtered,
  );
  return { list, filtered, unfilteredTotal };
}

function accountsReader(bankId: number, q: string, branchId: string): PageReader<BankAccount> {
  return async ({ cursor, limit, signal }) =>
    pageOf(
      await api.callWithHeaders(accountCalls.ofBank, {
        params: { bankId },
        query: { q: q || undefined, branchId: branchId ? Number(branchId) : undefined, limit, cursor },
        signal,
      }),
    );
}

/**
 * Manage Accounts a page at a time, searched by number, name or User Id and filtered by branch on
 * the server (issues 20, 33).
 */
export function useAccountPages(bankId: number, q: string, branchId: string) {
  const filtered = q !== '' || branchId !== '';
  const list = usePagedList(
    [...adminKeys.accountPages(bankId), q, branchId],
    accountsReader(bankId, q, branchId),
  );
  const unfilteredTotal = useUnfilteredTotal(
    adminKeys.accountPages(bankId),
    accountsReader(bankId, '', ''),
    filtered,
  );
  return { list, filtered, unfilteredTotal };
}

function replaceIn<T>(client: QueryClient, key: readonly unknown[], match: (item: T) => boolean, next: T) {
  client.setQueryData<T[]>(key, (list) => list?.map((item) => (match(item) ? next : item)));
}

function removeFrom<T>(client: QueryClient, key: readonly unknown[], match: (item: T) => boolean) {
  client.setQueryData<T[]>(key, (list) => list?.filter((item) => !match(item)));
}

const sameId = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** What POST /admin/users/create answers: "Successfully created user. Temporary password: XXXX". */
export interface CreatedUser {
  username: string;
  /** The server's whole answer. */
  text: string;
  /** The temporary password, when the answer carries one. */
  temporaryPassword: string | null;
}

export function parseCreatedUser(username: string, text: string): CreatedUser {
  const match = /Temporary password:\s*(\S+)\s*$/.exec(text);
  return { username, text: text.trim(), temporaryPassword: match?.[1] ?? null };
}

/**
 * POST /admin/users/create. The answer carries a password, so the mutation keeps nothing once the
 * form lets go of it (gcTime 0); the list is read again.
 */
export function useCreateUser(bankId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateUserBody) =>
      parseCreatedUser(body.username, await api.call(userCalls.create, { body })),
    gcTime: 0,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.users(bankId) }),
  });
}

export interface UserUpdate {
  userId: string;
  name: string;
  userRole: Role;
  /** The branchId (the product's field name). */
  branch: number | null;
}

/** PUT /admin/users/{userId}/updateUser → the user; the row is replaced in the list. */
export function useUpdateUser(bankId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UserUpdate) => api.call(userCalls.update, { params: { userId: body.userId }, body }),
    onSuccess: (user) => {
      replaceIn<User>(client, adminKeys.users(bankId), (u) => sameId(u.userId, user.userId), user);
      replaceInPages<User>(client, adminKeys.userPages(bankId), (u) => sameId(u.userId, user.userId), user);
      // The admin may have edited themself: the session's user record follows.
      return client.invalidateQueries({ queryKey: queryKeys.user(user.username) });
    },
  });
}

/** DELETE /admin/users/{userId}/delete; the row leaves the list. */
export function useDeleteUser(bankId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.call(userCalls.delete, { params: { userId } }),
    onSuccess: (_, userId) => {
      removeFrom<User>(client, adminKeys.users(bankId), (u) => sameId(u.userId, userId));
      removeFromPages<User>(client, adminKeys.userPages(bankId), (u) => sameId(u.userId, userId));
      return client.invalidateQueries({ queryKey: adminKeys.users(bankId) });
    },
  });
}

/** POST /admin/branches/create → the branch (with its id); it joins the list. */
export function useCreateBranch(bankId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (branchName: string) =>
      api.call(branchCalls.create, { body: { branchName, bankId, numOfAccounts: 0 } }),
    onSuccess: (branch) => {
      if (branch?.branchId !== undefined) {
        client.setQueryData<Branch[]>(queryKeys.branches(bankId), (list) =>
          list && !list.some((b) => b.branchId === branch.branchId) ? [...list, branch] : list,
        );
      }
      return client.invalidateQueries({ queryKey: queryKeys.branches(bankId) });
    },
  });
}

/** PUT /admin/branches/update → the branch; the row is replaced. */
export function useUpdateBranch(bankId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { branchId: number; branchName: string }) => api.call(branchCalls.update, { body }),
    onSuccess: (branch) =>
      replaceIn<Branch>(client, queryKeys.branches(bankId), (b) => b.branchId === branch.branchId, branch),
  });
}

/** DELETE /admin/branches/{branchId}/delete; the row leaves the list. */
export function useDeleteBranch(bankId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (branchId: number) => api.call(branchCalls.delete, { params: { branchId } }),
    onSuccess: (_, branchId) => {
      removeFrom<Branch>(client, queryKeys.branches(bankId), (b) => b.branchId === branchId);
      return client.invalidateQueries({ queryKey: queryKeys.branches(bankId) });
    },
  });
}

export interface AccountCreation {
  branchId: number;
  userId: string;
  accountType: AccountType;
}

/** POST /admin/accounts/create → the account; lists and branch counts are read again. */
export function useCreateAccount(bankId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountCreation) => api.call(accountCalls.create, { body }),
    onSuccess: (account) => {
      if (account?.accountId) {
        client.setQueryData<Account[]>(queryKeys.bankAccounts(bankId), (list) =>
          list && !list.some((a) => a.accountId === account.accountId) ? [...list, account] : list,
        );
      }
      return Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.accounts }),
        client.invalidateQueries({ queryKey: queryKeys.branches(bankId) }),
      ]);
    },
  });
}

/** DELETE /admin/accounts/{accountId}/delete (the account is closed; its history stays). */
export function useDeleteAccount(bankId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (accountId: string) => api.call(accountCalls.close, { params: { accountId } }),
    onSuccess: (_, accountId) => {
      removeFrom<Account>(client, queryKeys.bankAccounts(bankId), (a) => a.accountId === accountId);
      removeFromPages<Account>(client, adminKeys.accountPages(bankId), (a) => a.accountId === accountId);
      return Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.accounts }),
        client.invalidateQueries({ queryKey: queryKeys.branches(bankId) }),
      ]);
    },
  });
}

/** PUT /admin/bank/update with every field → the settings, which replace the cached ones. */
export function useUpdateBank(bankId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateBankBody) => api.call(bankCalls.update, { body }),
    onSuccess: (settings) => client.setQueryData(queryKeys.bankSettings(bankId), settings),
  });
}
