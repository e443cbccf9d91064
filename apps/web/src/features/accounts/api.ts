import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import {
  isStaff,
  teacherCalls,
  transactionCalls,
  limits,
  type Transaction,
  type UpdateTransactionBody,
} from '@bank/shared';
import { api } from '../../lib/api-client';
import { loadCurrentUser } from '../../lib/current-user';
import { bankAccountsQuery, earlyAsk, queryKeys } from '../../lib/queries';

/** Rows per "Load more"; the server allows up to 500. */
export const PAGE_SIZE = 50;

interface TransactionPage {
  items: Transaction[];
  nextCursor: string | undefined;
}

async function fetchPage(accountId: string, cursor: string | undefined, limit: number, signal?: AbortSignal) {
  const { data, headers } = await api.callWithHeaders(transactionCalls.list, {
    params: { accountId },
    query: { limit, cursor },
    signal,
  });
  return { items: data, nextCursor: headers.get('X-Next-Cursor') ?? undefined } satisfies TransactionPage;
}

/** GET /user/transactions/{accountId}, newest first, paged over the X-Next-Cursor header. */
export const transactionPagesQuery = (accountId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.accountTransactions(accountId),
    queryFn: ({ pageParam, signal }) => fetchPage(accountId, pageParam, PAGE_SIZE, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: TransactionPage) => last.nextCursor,
  });

/**
 * The account page's early ask (app/route-data.ts): its first page of transactions and, for staff,
 * the bank's accounts it is one of (a Student's own come with the signed-in layout).
 */
export async function prefetchAccount(queryClient: QueryClient, accountId: string): Promise<void> {
  const transactions = queryClient.prefetchInfiniteQuery({
    ...transactionPagesQuery(accountId),
    ...earlyAsk,
  });
  const user = await loadCurrentUser(queryClient);
  if (user && isStaff(user.userRole) && !user.mustChangePassword)
    await queryClient.prefetchQuery({ ...bankAccountsQuery(user.bankId), ...earlyAsk });
  await transactions;
}

export function useTransactionPages(accountId: string) {
  return useInfiniteQuery(transactionPagesQuery(accountId));
}

/** Every transaction of the account, in the largest pages the server allows (for the CSV). */
export async function fetchAllTransactions(accountId: string): Promise<Transaction[]> {
  const all: Transaction[] = [];
  let cursor: string | undefined;
  do {
    const page = await fetchPage(accountId, cursor, limits.transactionPageMax);
    all.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

function useInvalidateLedger() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.transactions }),
      queryClient.invalidateQueries({ queryKey: queryKeys.accounts }),
    ]);
}

/** PUT /admin/transactions/update (the server decides who may). */
export function useUpdateTransaction() {
  const invalidate = useInvalidateLedger();
  return useMutation({
    mutationFn: (body: UpdateTransactionBody) => api.call(transactionCalls.update, { body }),
    onSuccess: invalidate,
  });
}

/**
 * POST /admin/transactions/{id}/reverse: the opposite is written (both legs of a transfer); both rows
 * stay. A teacher calls POST /teller/transactions/{id}/reverse (issue 33: their own class's).
 */
export function useReverseTransaction(via: 'admin' | 'teacher' = 'admin') {
  const invalidate = useInvalidateLedger();
  return useMutation({
    mutationFn: ({ transactionId, reason }: { transactionId: number; reason: string }) =>
      api.call(via === 'admin' ? transactionCalls.reverse : teacherCalls.reverseTransaction, {
        params: { transactionId },
        body: { reason },
      }),
    onSuccess: invalidate,
  });
}

/** DELETE /admin/transactions/{id}/delete (a transfer's other leg goes with it). */
export function useDeleteTransaction() {
  const invalidate = useInvalidateLedger();
  return useMutation({
    mutationFn: (transactionId: number) => api.call(transactionCalls.delete, { params: { transactionId } }),
    onSuccess: invalidate,
  });
}
