import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Account,
  DepositBody,
  MoneyAction,
  Transaction,
  TransferBody,
  TransferResult,
  WithdrawalBody,
} from '@bank/shared';
import { api, ApiError } from '../../lib/api-client';
import { pendingSubmissions } from '../../lib/idempotency';
import { queryKeys } from '../../lib/queries';

/** What a confirmation page shows; passed in the router state of the navigation to it. */
export type FlowResult =
  | { flow: 'transfer'; transfer: TransferResult; from: Account; to: Account }
  | { flow: 'deposit' | 'withdrawal'; transaction: Transaction; account: Account };

const endpoints: Record<MoneyAction, string> = {
  transfer: '/user/transfers',
  deposit: '/teller/deposits',
  withdrawal: '/teller/withdrawals',
};

interface Bodies {
  transfer: TransferBody;
  deposit: DepositBody;
  withdrawal: WithdrawalBody;
}
interface Results {
  transfer: TransferResult;
  deposit: Transaction;
  withdrawal: Transaction;
}

/**
 * POST a transfer, deposit or withdrawal with its Idempotency-Key (`pendingSubmissions`): kept
 * until the server answers, so a retry after a lost answer, or after a reload, moves money once.
 */
export function useMoneyMutation<Flow extends MoneyAction>(flow: Flow) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Bodies[Flow]) =>
      api.json<Results[Flow]>(endpoints[flow], {
        method: 'POST',
        json: body,
        headers: { 'Idempotency-Key': pendingSubmissions.keyFor(flow, body) },
      }),
    onError: (error) => {
      if (error instanceof ApiError && error.answered) pendingSubmissions.answered(flow);
    },
    onSuccess: () => {
      pendingSubmissions.answered(flow);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.accounts }),
        queryClient.invalidateQueries({ queryKey: queryKeys.transactions }),
      ]);
    },
  });
}
