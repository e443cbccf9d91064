import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { storeCalls, type CreateItemBody, type CreateOrderBody, type UpdateItemBody } from '@bank/shared';
import { api, ApiError } from '../../lib/api-client';
import { pendingSubmissions } from '../../lib/idempotency';
import { useKeyedPages } from '../../lib/keyed-pages';
import { queryKeys } from '../../lib/queries';

/** The class store's calls (API.md "The class economy"): items, orders, and the teacher's decisions. */

/** GET /user/items/{bankId}: what a Student may buy (staff: every item of the bank), by name. */
export function useStoreItems(bankId: number) {
  return useQuery({
    queryKey: queryKeys.storeItems(bankId),
    queryFn: ({ signal }) => api.call(storeCalls.items, { params: { bankId }, signal }),
  });
}

/** An order or a decision changes stock, balances, holds and the lists of orders. */
function useInvalidateStore() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.store }),
      client.invalidateQueries({ queryKey: queryKeys.orders }),
      client.invalidateQueries({ queryKey: queryKeys.accounts }),
      client.invalidateQueries({ queryKey: queryKeys.transactions }),
    ]);
}

export function useCreateItem() {
  const invalidate = useInvalidateStore();
  return useMutation({
    mutationFn: (body: CreateItemBody) => api.call(storeCalls.createItem, { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateItem() {
  const invalidate = useInvalidateStore();
  return useMutation({
    mutationFn: ({ itemId, body }: { itemId: number; body: UpdateItemBody }) =>
      api.call(storeCalls.updateItem, { params: { itemId }, body }),
    onSuccess: invalidate,
  });
}

export function useDeleteItem() {
  const invalidate = useInvalidateStore();
  return useMutation({
    mutationFn: (itemId: number) => api.call(storeCalls.deleteItem, { params: { itemId } }),
    onSettled: invalidate,
  });
}

const SUBMISSION = 'store-order';

/**
 * POST /user/orders with its Idempotency-Key kept until the server answers (lib/idempotency): a
 * second press after a lost answer orders once.
 */
export function usePlaceOrder() {
  const invalidate = useInvalidateStore();
  return useMutation({
    mutationFn: (body: CreateOrderBody) =>
      api.call(storeCalls.order, {
        body,
        headers: { 'Idempotency-Key': pendingSubmissions.keyFor(SUBMISSION, body) },
      }),
    onError: (error) => {
      if (error instanceof ApiError && error.answered) pendingSubmissions.answered(SUBMISSION);
    },
    onSuccess: () => pendingSubmissions.answered(SUBMISSION),
    // Also when refused: "Sold out" shows on the item at once.
    onSettled: invalidate,
  });
}

/** POST /user/orders/{orderId}/cancel: a waiting order taken back; its hold is released. */
export function useCancelOrder() {
  const invalidate = useInvalidateStore();
  return useMutation({
    mutationFn: (orderId: number) => api.call(storeCalls.cancel, { params: { orderId } }),
    // Also when refused: an order given meanwhile shows what became of it.
    onSettled: invalidate,
  });
}

/** GET /teller/orders/{bankId}: the waiting orders, oldest first, then the decided ones, newest first. */
export function useBankOrders(bankId: number) {
  return useKeyedPages(queryKeys.bankOrders(bankId), (cursor, signal) =>
    api.callWithHeaders(storeCalls.ordersOfBank, { params: { bankId }, query: { cursor }, signal }),
  );
}

/** POST /teller/orders/{orderId}/fulfil: handed over; the hold becomes the debit "Store: {item}". */
export function useFulfilOrder() {
  const invalidate = useInvalidateStore();
  return useMutation({
    mutationFn: (orderId: number) => api.call(storeCalls.fulfil, { params: { orderId } }),
    onSettled: invalidate,
  });
}

/** POST /teller/orders/{orderId}/refund with the reason the Student reads; the hold is released. */
export function useRefundOrder() {
  const invalidate = useInvalidateStore();
  return useMutation({
    mutationFn: ({ orderId, reason }: { orderId: number; reason: string }) =>
      api.call(storeCalls.refund, { params: { orderId }, body: { reason } }),
    onSettled: invalidate,
  });
}
