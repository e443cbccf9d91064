import { Button, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  classroomText,
  createRequestBody,
  limits,
  participationScreenText as m,
  type Classmate,
  type CreateRequestBody,
} from '@bank/shared';
import { lastFour, parseAmountInput } from '../../lib/format';
import { schemaErrors } from '../../lib/validation';
import { ClassmatePicker } from './classmate-picker';

export interface RequestValues {
  accountId: string;
  kind: 'deposit' | 'withdrawal';
  amount: string;
  memo: string;
}

/** Radios side by side, and close together when a phone puts them one under the other. */
const RADIO_ROW = { columnGap: 'var(--mantine-spacing-lg)', rowGap: 'var(--mantine-spacing-xs)' };

export const EMPTY_REQUEST: RequestValues = { accountId: '', kind: 'deposit', amount: '', memo: '' };

/** What the form sends: the amount as typed becomes a number when it looks like one (the schema says why not). */
export function requestBody(values: RequestValues): CreateRequestBody {
  return {
    kind: values.kind,
    accountId: values.accountId,
    amount: parseAmountInput(values.amount) as number,
    memo: values.memo.trim() || null,
  };
}

/** A classmate and one of their accounts first, then the shared schema's rules for amount and memo. */
export function requestErrors(classmate: Classmate | null, values: RequestValues): Record<string, string> {
  const { amount, memo } = schemaErrors(createRequestBody, requestBody(values));
  const errors: Record<string, string> = {};
  if (!classmate) errors.classmate = m.chooseClassmate;
  else if (!classmate.accounts.some((a) => a.accountId === values.accountId))
    errors.accountId = m.chooseAccount;
  if (amount) errors.amount = amount;
  if (memo) errors.memo = memo;
  return errors;
}

interface EntryProps {
  username: string;
  form: UseFormReturnType<RequestValues>;
  classmate: Classmate | null;
  onClassmate: (classmate: Classmate | null) => void;
  checking: boolean;
  onReview: (event?: React.FormEvent<HTMLFormElement>) => void;
}

function AccountChoice({
  form,
  classmate,
  disabled,
}: Pick<EntryProps, 'form' | 'classmate'> & { disabled: boolean }) {
  if (!classmate) return null;
  if (classmate.accounts.length === 0) return <Text size="sm">{m.noClassmateAccounts}</Text>;
  return (
    <Radio.Group label={m.accountLabel} withAsterisk {...form.getInputProps('accountId')}>
      <Group mt={6} style={RADIO_ROW}>
        {classmate.accounts.map((a) => (
          <Radio
            key={a.accountId}
            value={a.accountId}
            label={`${a.accountType} ${lastFour(a.accountId)}`}
            disabled={disabled}
          />
        ))}
      </Group>
    </Radio.Group>
  );
}

/** The entry step: classmate, account, deposit or withdrawal, amount, memo; then Review. */
export function RequestEntry({ username, form, classmate, onClassmate, checking, onReview }: EntryProps) {
  return (
    <form onSubmit={onReview} noValidate>
      <Stack>
        <ClassmatePicker
          username={username}
          value={classmate}
          error={form.errors.classmate}
          disabled={checking}
          onChange={onClassmate}
        />
        <AccountChoice form={form} classmate={classmate} disabled={checking} />
        <Radio.Group label={m.kindLabel} {...form.getInputProps('kind')}>
          <Group mt={6} style={RADIO_ROW}>
            <Radio value="deposit" label={m.kindDeposit} disabled={checking} />
            <Radio value="withdrawal" label={m.kindWithdrawal} disabled={checking} />
          </Group>
        </Radio.Group>
        <TextInput
          label="Amount"
          withAsterisk
          inputMode="decimal"
          autoComplete="off"
          leftSection="$"
          maw={260}
          disabled={checking}
          {...form.getInputProps('amount')}
        />
        <TextInput
          label={classroomText.memoLabel}
          description={classroomText.memoDescription}
          autoComplete="off"
          maxLength={limits.memoMaxLength}
          disabled={checking}
          {...form.getInputProps('memo')}
        />
        <Button type="submit" disabled={checking} style={{ alignSelf: 'flex-end' }}>
          {checking ? m.reviewing : m.review}
        </Button>
      </Stack>
    </form>
  );
}
