import type { UseFormReturnType } from '@mantine/form';
import { useNavigate } from 'react-router';
import type { MoneyAction } from '@bank/shared';
import { useRequiredSession } from '../../lib/current-user';
import { paths } from '../../lib/paths';
import type { useMoneyMutation } from './api';
import type { FlowAccounts } from './flow-accounts';
import type { FlowConfig, FlowValues } from './flow-config';

/**
 * Submits the confirmed form once (a second click while it is processing does nothing) and, on
 * success, opens the confirmation page with the result in the router state.
 */
export function useSubmitFlow(
  flow: MoneyAction,
  config: FlowConfig,
  submit: ReturnType<typeof useMoneyMutation>,
  form: UseFormReturnType<FlowValues>,
  source: FlowAccounts,
) {
  const { user } = useRequiredSession();
  const navigate = useNavigate();
  return () => {
    const values = form.getValues();
    if (submit.isPending) return;
    submit.mutate(config.request(values), {
      onSuccess: async (answer) => {
        const result = config.result(answer, values, source);
        if (result) await navigate(paths.flowConfirmation(user.bankId, flow), { state: result });
      },
    });
  };
}
