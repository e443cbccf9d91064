import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestCalls, type CreateRequestBody } from '@bank/shared';
import { api, ApiError } from '../../lib/api-client';
import { pendingSubmissions } from '../../lib/idempotency';
import { useKeyedPages } from '../../lib/keyed-pages';
import { queryKeys } from '../../lib/queries';

/** A class banker's calls (API.md "Students who take part"): classmates, preview, send, own list, cancel. */

/** GET /user/classmates/{username}?q=: names and open accounts, never a balance. */
export function useClassmates(username: string, q: string) {
  return useQuery({
    queryKey: ['classmates', username.toLowerCase(), q],
    queryFn: ({ signal }) =>
      api.call(requestCalls.classmates, { params: { username }, query: { q: q || undefined }, signal }),
    // While the next search runs, the last answer stays in the list.
    placeholderData: keepPreviousData,
  });
}

/** POST /user/requests/preview: whose account, and whether it goes at once (nothing of their money). */
export function usePreviewRequest() {
  return useMutation({
    mutationFn: (body: CreateRequestBody) => api.call(requestCalls.preview, { body }),
  });
}

const SUBMISSION = 'class-request';

/**
 * POST /user/requests with its Idempotency-Key kept until the server answers (lib/idempotency): a
 * retry after a lost answer asks once.
 */
export function useSendRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateRequestBody) =>
      api.call(requestCalls.create, {
        body,
        headers: { 'Idempotency-Key': pendingSubmissions.keyFor(SUBMISSION, body) },
      }),
    onError: (error) => {
      if (error instanceof ApiError && error.answered) pendingSubmissions.answered(SUBMISSION);
    },
    onSuccess: () => {
      pendingSubmissions.answered(SUBMISSION);
      return client.invalidateQueries({ queryKey: queryKeys.requests });
    },
  });
}

/** GET /user/requests/{username}: the banker's own requests, newest first. */
/**
 * How often a banker's list is asked again while it is on screen: a teacher's decision shows
 * without a reload (issue 33), and a class of bankers asks the server a few times a minute at most.
 */
const MY_REQUESTS_REFRESH_MS = 15_000;

export function useMyRequests(username: string) {
  return useKeyedPages(
    queryKeys.requestsOf(username),
    (cursor, signal) =>
      api.callWithHeaders(requestCalls.ofBanker, { params: { username }, query: { cursor }, signal }),
    { refetchInterval: MY_REQUESTS_REFRESH_MS },
  );
}

/** POST /user/requests/{requestId}/cancel: a waiting request taken back; its hold is released. */
export function useCancelRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (requestId: number) => api.call(requestCalls.cancel, { params: { requestId } }),
    // Also when refused: a request decided meanwhile shows what became of it.
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.requests }),
  });
}
