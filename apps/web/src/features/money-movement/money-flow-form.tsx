import { Button, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { messages, type MoneyAction } from '@bank/shared';
import { LoadFailed, LoadingBlock } from '../../components/query-state';
import { StatusMessage } from '../../components/status-message';
import { errorMessage } from '../../lib/api-client';
import { useRequiredSession } from '../../lib/current-user';
import { useMoneyMutation } from './api';
import { accountOptions, BLANK_BRANCH, useFlowAccounts, type FlowAccounts } from './flow-accounts';
import { flowConfigs, initialValues, type FlowConfig, type FlowValues } from './flow-config';
import { BranchPicker, ConfirmView, FlowPaper } from './flow-parts';
import { flowTexts } from './flow-texts';
import { useSubmitFlow } from './use-submit-flow';
import { useReviewStep } from './use-review-step';
import { amountHint, otherSide, pickerAccounts } from './transfer-help';

interface EntryProps {
  config: FlowConfig;
  form: UseFormReturnType<FlowValues>;
  source: FlowAccounts;
  reviewLabel: string;
  onReview: ReturnType<typeof useReviewStep<FlowValues>>['review'];
  onChange: () => void;
}

/** The entry step: branch (staff), the flow's account pickers, amount. */
function EntryForm({ config, form, source, reviewLabel, onReview, onChange }: EntryProps) {
  const values = form.getValues();
  const branchChosen = !source.staff || values.branchId !== BLANK_BRANCH;
  return (
    <form onSubmit={onReview} noValidate>
      <Stack>
        {source.staff && (
          <BranchPicker
            branches={source.branches}
            value={values.branchId}
            error={form.errors.branchId}
            onChange={(branchId) => {
              form.setValues(initialValues(config, branchId));
              form.clearErrors();
              onChange();
            }}
          />
        )}
        {config.fields.map(({ name, label, blank }) => (
          <NativeSelect
            key={name}
            label={label}
            data={accountOptions(
              pickerAccounts(source.accounts, name, values),
              source.staff,
              blank,
              'Select an account',
            )}
            disabled={!branchChosen}
            {...form.getInputProps(name)}
            onChange={(event) => {
              form.setFieldValue(name, event.currentTarget.value);
              const other = otherSide(source.accounts, name, event.currentTarget.value);
              if (other) form.setFieldValue(other.name, other.value);
              onChange();
            }}
          />
        ))}
        <TextInput
          label="Amount"
          inputMode="decimal"
          autoComplete="off"
          leftSection="$"
          description={amountHint(source.accounts, values)}
          onFocus={(event) => event.currentTarget.select()}
          {...form.getInputProps('amount')}
        />
        <Button type="submit" style={{ alignSelf: 'flex-end' }}>
          {reviewLabel}
        </Button>
      </Stack>
    </form>
  );
}

/** Entry → confirm → submitted, the same for transfer, deposit and withdrawal (spec §4, §5, §8). */
export function MoneyFlowForm({ flow }: { flow: MoneyAction }) {
  const config = flowConfigs[flow];
  const texts = flowTexts[flow];
  const session = useRequiredSession();
  const submit = useMoneyMutation(flow);
  const form = useForm<FlowValues>({ initialValues: initialValues(config) });
  const values = form.getValues();
  const source = useFlowAccounts(session, values.branchId);
  const { step, goToStep, review } = useReviewStep(form, (v) => validate(config, v, source), submit.reset);
  const send = useSubmitFlow(flow, config, submit, form, source);

  if (source.isPending) return <LoadingBlock />;
  if (source.error) return <LoadFailed what="the accounts" error={source.error} onRetry={source.refetch} />;
  const branch = source.branches.find((b) => String(b.branchId) === values.branchId)?.branchName ?? '';
  const failure = submit.isError && (
    <StatusMessage kind="failure" title={texts.failed} detail={errorMessage(submit.error)} />
  );
  return (
    <FlowPaper>
      {step === 'entry' ? (
        <EntryForm
          {...{ config, form, source }}
          reviewLabel={texts.review}
          onReview={review}
          onChange={submit.reset}
        />
      ) : (
        <ConfirmView
          rows={[
            ...(source.staff ? [['Branch', branch] as [string, string]] : []),
            ...config.summary(values, source),
          ]}
          pending={submit.isPending}
          failure={failure}
          submitLabel={texts.submit}
          processingLabel={texts.processing}
          onBack={() => goToStep('entry')}
          onSubmit={send}
        />
      )}
    </FlowPaper>
  );
}

/** The flow's own rules, and for staff a branch chosen first (spec §9). */
function validate(config: FlowConfig, values: FlowValues, source: FlowAccounts): Record<string, string> {
  const errors = config.validate(values, source);
  if (source.staff && !source.branches.some((b) => String(b.branchId) === values.branchId)) {
    errors.branchId = messages.branchRequired;
  }
  return errors;
}
