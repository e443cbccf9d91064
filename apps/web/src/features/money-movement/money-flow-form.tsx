import { Button, NativeSelect, Select, Stack, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useLocation } from 'react-router';
import { classroomText, messages, studentText, type MoneyAction } from '@bank/shared';
import { LoadFailed, LoadingBlock } from '../../components/query-state';
import { StatusMessage } from '../../components/status-message';
import { errorMessage } from '../../lib/api-client';
import { useRequiredSession } from '../../lib/current-user';
import { useMoneyMutation } from './api';
import {
  accountOptions,
  BLANK_BRANCH,
  namedAccountLabel,
  useFlowAccounts,
  type FlowAccounts,
} from './flow-accounts';
import {
  flowConfigs,
  initialValues,
  presetOf,
  type AccountField,
  type FlowConfig,
  type FlowValues,
} from './flow-config';
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

interface PickerProps {
  field: AccountField;
  form: UseFormReturnType<FlowValues>;
  source: FlowAccounts;
  disabled: boolean;
  onChange: () => void;
}

/**
 * A staff deposit or withdrawal names each account by its owner and is searchable (issue 12:
 * type "maya" or "3456"); a transfer keeps the native picker of the spec.
 */
function AccountPicker({ field, form, source, disabled, onChange }: PickerProps) {
  const { name, label, blank, hint } = field;
  const set = (value: string) => {
    form.setFieldValue(name, value);
    const other = otherSide(source.accounts, name, value);
    if (other) form.setFieldValue(other.name, other.value);
    onChange();
  };
  if (source.staff && name === 'accountId') {
    const value = form.getValues()[name];
    return (
      <Select
        label={label}
        placeholder="Select an account"
        searchable
        clearable
        nothingFoundMessage="No account matches"
        // The list opens inside the form, so it sits in the page's main landmark (axe: region).
        comboboxProps={{ withinPortal: false }}
        // No inner scroll box (axe: a scrollable region must be reachable by keyboard): the list
        // shows the first matches, and typing a name or digits narrows it.
        withScrollArea={false}
        limit={12}
        data={source.accounts.map((a) => ({
          value: a.accountId,
          label: namedAccountLabel(a, source.ownerName(a)),
        }))}
        disabled={disabled}
        value={value === blank ? null : value}
        error={form.errors[name]}
        onChange={(next) => set(next ?? blank)}
      />
    );
  }
  return (
    <NativeSelect
      label={label}
      description={hint}
      data={accountOptions(
        pickerAccounts(source.accounts, name, form.getValues()),
        source.staff,
        blank,
        'Select an account',
      )}
      disabled={disabled}
      {...form.getInputProps(name)}
      onChange={(event) => set(event.currentTarget.value)}
    />
  );
}

/** The entry step: branch (staff), the flow's account pickers, amount, memo. */
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
        {config.fields.map((field) => (
          <AccountPicker key={field.name} {...{ field, form, source, onChange }} disabled={!branchChosen} />
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
        <TextInput
          label={classroomText.memoLabel}
          description={classroomText.memoDescription}
          autoComplete="off"
          maxLength={80}
          {...form.getInputProps('memo')}
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
  // The Students page and Make Another choose the branch (and account) in advance.
  const preset = presetOf(useLocation().state);
  const form = useForm<FlowValues>({ initialValues: initialValues(config, BLANK_BRANCH, preset) });
  const values = form.getValues();
  const source = useFlowAccounts(session, values.branchId);
  const { step, goToStep, review } = useReviewStep(form, (v) => validate(config, v, source), submit.reset);
  const send = useSubmitFlow(flow, config, submit, form, source);

  if (source.isPending) return <LoadingBlock />;
  if (source.error) return <LoadFailed what="the accounts" error={source.error} onRetry={source.refetch} />;
  const branch = source.branches.find((b) => String(b.branchId) === values.branchId)?.branchName ?? '';
  const failure = submit.isError && (
    <StatusMessage
      kind="failure"
      title={texts.failed}
      detail={errorMessage(submit.error)}
      help={source.staff ? undefined : studentText.flowFailedHelp}
    />
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
          intro={source.staff ? undefined : studentText.confirmNothingYet(texts.submit)}
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
