import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Account,
  DepositBody,
  Transaction,
  TransferBody,
  TransferResult,
  WithdrawalBody,
  MoneyAction,
} from '@bank/shared';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/queries';

/** What a confirmation page shows; kept in the query cache, so sign-out clears it. */
export type FlowResult =
  | { flow: 'transfer'; transfer: TransferResult; from: Account; to: Account }
  | { flow: 'deposit' | 'withdrawal'; transaction: Transaction; account: Account };

export interface Submission<Body> {
  body: Body;
  /** Made once per submission: a repeat (double click, retry after a lost answer) moves money once. */
  idempotencyKey: string;
}

function useMoneyMutation<Body, Result>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: Submission<Body>) =>
      api.json<Result>(path, { method: 'POST', json: body, headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.accounts }),
        queryClient.invalidateQueries({ queryKey: queryKeys.transactions }),
      ]),
  });
}

/** POST /user/transfers → {transferId, debit, credit}. */
export const useSubmitTransfer = () => useMoneyMutation<TransferBody, TransferResult>('/user/transfers');
/** POST /teller/deposits → the credit. */
export const useSubmitDeposit = () => useMoneyMutation<DepositBody, Transaction>('/teller/deposits');
/** POST /teller/withdrawals → the debit. */
export const useSubmitWithdrawal = () => useMoneyMutation<WithdrawalBody, Transaction>('/teller/withdrawals');

export function useFlowResult(flow: MoneyAction) {
  return (
    useQuery<FlowResult | null>({ queryKey: queryKeys.flowResult(flow), queryFn: skipToken }).data ?? null
  );
}

export function useSetFlowResult() {
  const queryClient = useQueryClient();
  return (result: FlowResult) => queryClient.setQueryData(queryKeys.flowResult(result.flow), result);
}

export function useClearFlowResult() {
  const queryClient = useQueryClient();
  return (flow: MoneyAction) => queryClient.removeQueries({ queryKey: queryKeys.flowResult(flow) });
}
