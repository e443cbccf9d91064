import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestCalls, type StaffRequest } from '@bank/shared';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/queries';

/** Staff's decisions on class bankers' requests (API.md "Students who take part"). */

/** A decision moves money (approve) or releases a hold (reject): lists, balances and goals change. */
function useInvalidateAfterDecision() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.requests }),
      client.invalidateQueries({ queryKey: queryKeys.accounts }),
      client.invalidateQueries({ queryKey: queryKeys.transactions }),
    ]);
}

export interface ApprovalOutcome {
  approved: StaffRequest[];
  failed: { request: StaffRequest; error: unknown }[];
}

/**
 * POST /teller/requests/{id}/approve for each request, one after the other (the oldest first, as
 * listed): one refusal (no longer waiting, not enough money) does not stop the others.
 */
export function useApproveRequests() {
  const invalidate = useInvalidateAfterDecision();
  return useMutation({
    mutationFn: async (requests: StaffRequest[]): Promise<ApprovalOutcome> => {
      const outcome: ApprovalOutcome = { approved: [], failed: [] };
      for (const request of requests) {
        try {
          outcome.approved.push(
            await api.call(requestCalls.approve, { params: { requestId: request.requestId } }),
          );
        } catch (error) {
          outcome.failed.push({ request, error });
        }
      }
      return outcome;
    },
    onSettled: invalidate,
  });
}

/** POST /teller/requests/{id}/reject with the reason the banker will read. */
export function useRejectRequest() {
  const invalidate = useInvalidateAfterDecision();
  return useMutation({
    mutationFn: ({ requestId, reason }: { requestId: number; reason: string }) =>
      api.call(requestCalls.reject, { params: { requestId }, body: { reason } }),
    onSettled: invalidate,
  });
}
