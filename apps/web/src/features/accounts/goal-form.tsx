import { Button, Group, NativeSelect, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useId, useRef } from 'react';
import {
  createGoalBody,
  limits,
  participationScreenText as m,
  updateGoalBody,
  type Account,
  type Goal,
} from '@bank/shared';
import { failureStatus, StatusLine } from '../../components/status-message';
import { lastFour, parseAmountInput } from '../../lib/format';
import { focusFirstInvalid } from '../../lib/page-focus';
import { schemaErrors } from '../../lib/validation';
import { useCreateGoal, useUpdateGoal } from './goals-api';

interface GoalValues {
  accountId: string;
  name: string;
  amount: string;
  targetDate: string;
}

const fieldsOf = (v: GoalValues) => ({
  name: v.name.trim(),
  amount: parseAmountInput(v.amount) as number,
  targetDate: v.targetDate || null,
});

function goalErrors(goal: Goal | null, v: GoalValues): Record<string, string> {
  const errors = goal
    ? schemaErrors(updateGoalBody, fieldsOf(v))
    : schemaErrors(createGoalBody, { accountId: v.accountId, ...fieldsOf(v) });
  if (errors.targetDate) errors.targetDate = m.goalDateInvalid;
  return errors;
}

interface GoalFormProps {
  username: string;
  /** The goal to change; null adds one. */
  goal: Goal | null;
  /** The savings accounts a new goal may go on (a choice only when there are several). */
  accounts: Account[];
  onDone: (saved: Goal) => void;
  onCancel: () => void;
}

/** The form's values, its check, and the create or update call. */
function useGoalForm({ username, goal, accounts, onDone }: GoalFormProps) {
  const create = useCreateGoal(username);
  const update = useUpdateGoal(username);
  const form = useForm<GoalValues>({
    initialValues: {
      accountId: goal?.accountId ?? accounts[0]?.accountId ?? '',
      name: goal?.name ?? '',
      amount: goal ? goal.amount.toFixed(2) : '',
      targetDate: goal?.targetDate ?? '',
    },
  });
  const submit = form.onSubmit((v) => {
    const errors = goalErrors(goal, v);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return focusFirstInvalid();
    const options = { onSuccess: onDone };
    if (goal) update.mutate({ goalId: goal.goalId, body: fieldsOf(v) }, options);
    else create.mutate({ accountId: v.accountId, ...fieldsOf(v) }, options);
  });
  return {
    form,
    submit,
    saving: create.isPending || update.isPending,
    error: create.error ?? update.error,
  };
}

/** Add or change a goal: name, amount and an optional date; a new one on which savings account. */
export function GoalForm(props: GoalFormProps) {
  const { goal, accounts, onCancel } = props;
  const titleId = useId();
  const panel = useRef<HTMLFormElement>(null);
  const { form, submit, saving, error } = useGoalForm(props);
  // The form opens with the cursor in its first field.
  useEffect(() => panel.current?.querySelector<HTMLElement>('input, select')?.focus(), []);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate ref={panel}>
        <Stack gap="sm">
          <Title order={3} size="h5" id={titleId}>
            {goal ? m.editGoalTitle(goal.name) : m.newGoalTitle}
          </Title>
          {error && <StatusLine status={failureStatus(m.goalSaveFailed, error)} />}
          {!goal && accounts.length > 1 && (
            <NativeSelect
              label={m.goalAccountLabel}
              data={accounts.map((a) => ({
                value: a.accountId,
                label: `${a.accountType} ${lastFour(a.accountId)}`,
              }))}
              disabled={saving}
              {...form.getInputProps('accountId')}
            />
          )}
          <TextInput
            label={m.goalNameLabel}
            description={m.goalNameHint}
            withAsterisk
            autoComplete="off"
            maxLength={limits.goalNameMaxLength}
            disabled={saving}
            {...form.getInputProps('name')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label={m.goalAmountLabel}
              withAsterisk
              inputMode="decimal"
              autoComplete="off"
              leftSection="$"
              disabled={saving}
              {...form.getInputProps('amount')}
            />
            <TextInput
              label={m.goalDateLabel}
              type="date"
              disabled={saving}
              {...form.getInputProps('targetDate')}
            />
          </SimpleGrid>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? m.savingGoal : m.saveGoal}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
