import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  auctionCalls,
  type AuctionStatus,
  type BidBody,
  type CreateAuctionBody,
  type UpdateAuctionBody,
} from '@bank/shared';
import { api, ApiError } from '../../lib/api-client';
import { pendingSubmissions } from '../../lib/idempotency';
import { queryKeys } from '../../lib/queries';

/**
 * The auctions' calls (API.md "The class economy"). A bank's list is capped by the server (at most
 * 200 open, answered whole), so it is one query, not pages.
 */

/** How often an open screen asks again: a rival's bid, an outbid or the end shows within seconds. */
export const AUCTIONS_REFRESH_MS = 5_000;

/** GET /user/auctions/{bankId}: a Student's open ones (or the status named); staff's every one. */
export function useAuctions(bankId: number, status?: AuctionStatus) {
  return useQuery({
    queryKey: queryKeys.bankAuctions(bankId, status ?? 'all'),
    queryFn: ({ signal }) => api.call(auctionCalls.list, { params: { bankId }, query: { status }, signal }),
    refetchInterval: AUCTIONS_REFRESH_MS,
  });
}

/** A bid, an end or a cancel changes the auctions, the holds on accounts and their transactions. */
function useInvalidateAuctions() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.auctions }),
      client.invalidateQueries({ queryKey: queryKeys.accounts }),
      client.invalidateQueries({ queryKey: queryKeys.transactions }),
    ]);
}

export function useCreateAuction() {
  const invalidate = useInvalidateAuctions();
  return useMutation({
    mutationFn: (body: CreateAuctionBody) => api.call(auctionCalls.create, { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateAuction() {
  const invalidate = useInvalidateAuctions();
  return useMutation({
    mutationFn: ({ auctionId, body }: { auctionId: number; body: UpdateAuctionBody }) =>
      api.call(auctionCalls.update, { params: { auctionId }, body }),
    // Also when refused: a first bid meanwhile shows, and Edit goes.
    onSettled: invalidate,
  });
}

/** POST /teller/auctions/{auctionId}/cancel: nobody wins; every hold is released. */
export function useCancelAuction() {
  const invalidate = useInvalidateAuctions();
  return useMutation({
    mutationFn: (auctionId: number) => api.call(auctionCalls.cancel, { params: { auctionId } }),
    onSettled: invalidate,
  });
}

const SUBMISSION = 'auction-bid';

/**
 * POST /user/auctions/{auctionId}/bids with its Idempotency-Key kept until the server answers
 * (lib/idempotency): a second press after a lost answer bids once.
 */
export function usePlaceBid() {
  const invalidate = useInvalidateAuctions();
  return useMutation({
    mutationFn: ({ auctionId, body }: { auctionId: number; body: BidBody }) =>
      api.call(auctionCalls.bid, {
        params: { auctionId },
        body,
        headers: { 'Idempotency-Key': pendingSubmissions.keyFor(SUBMISSION, { auctionId, ...body }) },
      }),
    onError: (error) => {
      if (error instanceof ApiError && error.answered) pendingSubmissions.answered(SUBMISSION);
    },
    onSuccess: () => pendingSubmissions.answered(SUBMISSION),
    // Also when refused: a higher bid or the end shows on the auction at once.
    onSettled: invalidate,
  });
}
