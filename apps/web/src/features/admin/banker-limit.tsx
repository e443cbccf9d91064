import { Fieldset, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { participationScreenText as m } from '@bank/shared';
import { money } from '../../lib/format';

/**
 * The bank's limit for class bankers (issue 24): a request of at most this amount is approved at
 * once; 0 means every request waits for a teacher. Its own file, beside the Bank Settings page.
 */
export const bankerLimitText = (limit: number) => (limit > 0 ? money(limit) : m.bankerLimitNone);

export function BankerLimitField(props: GetInputPropsReturnType & { disabled: boolean }) {
  return (
    <Fieldset legend={m.bankersLegend} variant="unstyled">
      <TextInput
        label={m.bankerLimitLabel}
        description={m.bankerLimitHint}
        inputMode="decimal"
        autoComplete="off"
        leftSection="$"
        maw={260}
        {...props}
      />
    </Fieldset>
  );
}
