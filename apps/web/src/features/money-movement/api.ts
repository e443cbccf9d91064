import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  transactionCalls,
  type Account,
  type DepositBody,
  type MoneyAction,
  type Transaction,
  type TransferBody,
  type TransferResult,
  type WithdrawalBody,
} from '@bank/shared';
import { api, ApiError } from '../../lib/api-client';
import { pendingSubmissions } from '../../lib/idempotency';
import { queryKeys } from '../../lib/queries';

/** What a submission sends: the flow and its body. */
export type FlowRequest =
  | { flow: 'transfer'; body: TransferBody }
  | { flow: 'deposit'; body: DepositBody }
  | { flow: 'withdrawal'; body: WithdrawalBody };

/** What the server answers a submission. */
export type FlowAnswer =
  | { flow: 'transfer'; transfer: TransferResult }
  | { flow: 'deposit' | 'withdrawal'; transaction: Transaction };

/** What a confirmation page shows; passed in the router state of the navigation to it. */
export type FlowResult =
  | { flow: 'transfer'; transfer: TransferResult; from: Account; to: Account }
  | { flow: 'deposit' | 'withdrawal'; transaction: Transaction; account: Account };

async function send(request: FlowRequest, headers: Record<string, string>): Promise<FlowAnswer> {
  switch (request.flow) {
    case 'transfer':
      return {
        flow: 'transfer',
        transfer: await api.call(transactionCalls.transfer, { body: request.body, headers }),
      };
    case 'deposit':
      return {
        flow: 'deposit',
        transaction: await api.call(transactionCalls.deposit, { body: request.body, headers }),
      };
    case 'withdrawal':
      return {
        flow: 'withdrawal',
        transaction: await api.call(transactionCalls.withdrawal, { body: request.body, headers }),
      };
  }
}

/**
 * POST a transfer, deposit or withdrawal with its Idempotency-Key (`pendingSubmissions`): kept
 * until the server answers, so a retry after a lost answer, or after a reload, moves money once.
 */
export function useMoneyMutation(flow: MoneyAction) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: FlowRequest) =>
      send(request, { 'Idempotency-Key': pendingSubmissions.keyFor(flow, request.body) }),
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
