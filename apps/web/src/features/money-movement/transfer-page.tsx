import { Button, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import { messages, transferBody } from '@bank/shared';
import { PageHeader } from '../../components/page-header';
import { LoadFailed, LoadingBlock } from '../../components/query-state';
import { StatusMessage } from '../../components/status-message';
import { errorMessage } from '../../lib/api-client';
import { useRequiredSession } from '../../lib/current-user';
import { money, parseAmountInput } from '../../lib/format';
import { paths } from '../../lib/paths';
import { schemaErrors } from '../../lib/validation';
import { useSetFlowResult, useSubmitTransfer } from './api';
import { accountLabel, accountOptions, BLANK_BRANCH, useFlowAccounts } from './flow-accounts';
import { BranchPicker, ConfirmView, FlowPaper, TellerPermissionGate } from './flow-parts';
import { flowTexts } from './flow-texts';
import { useReviewStep } from './use-review-step';

/** Placeholder choices of the account pickers (spec §9). */
const FROM_BLANK = 'fromBlank';
const TO_BLANK = 'toBlank';

interface TransferValues {
  branchId: string;
  fromAccountId: string;
  toAccountId: string;
  amount: string;
}

const texts = flowTexts.transfer;

function TransferFlow() {
  const session = useRequiredSession();
  const navigate = useNavigate();
  const submit = useSubmitTransfer();
  const setResult = useSetFlowResult();

  const form = useForm<TransferValues>({
    initialValues: { branchId: BLANK_BRANCH, fromAccountId: FROM_BLANK, toAccountId: TO_BLANK, amount: '0' },
  });
  const values = form.getValues();
  const source = useFlowAccounts(session, values.branchId);

  const validate = (v: TransferValues): Record<string, string> => {
    const amount = parseAmountInput(v.amount);
    const errors = schemaErrors(transferBody, {
      fromAccountId: v.fromAccountId,
      toAccountId: v.toAccountId,
      amount,
    });
    const from = source.accounts.find((a) => a.accountId === v.fromAccountId);
    const to = source.accounts.find((a) => a.accountId === v.toAccountId);
    if (source.staff && !source.branches.some((b) => String(b.branchId) === v.branchId)) {
      errors.branchId = messages.branchRequired;
    }
    // Each picker shows its error when blank or when both name the same account (spec §4).
    if (!from || v.fromAccountId === v.toAccountId) errors.fromAccountId ??= messages.sourceAccountInvalid;
    if (!to || v.fromAccountId === v.toAccountId) errors.toAccountId ??= messages.targetAccountInvalid;
    // A number greater than 0 and less than the source balance (spec §5).
    if (!errors.amount && from && !(typeof amount === 'number' && amount < from.balance)) {
      errors.amount = messages.amountInvalid;
    }
    return errors;
  };

  const { step, goToStep, review, idempotencyKey, onSubmitError } = useReviewStep(
    form,
    validate,
    submit.reset,
  );

  const send = () => {
    const v = form.getValues();
    const from = source.find(v.fromAccountId);
    const to = source.find(v.toAccountId);
    if (submit.isPending || !from || !to || !idempotencyKey) return;
    submit.mutate(
      {
        body: {
          fromAccountId: v.fromAccountId,
          toAccountId: v.toAccountId,
          amount: Number(parseAmountInput(v.amount)),
        },
        idempotencyKey,
      },
      {
        onSuccess: async (transfer) => {
          setResult({ flow: 'transfer', transfer, from, to });
          await navigate(paths.flowConfirmation(session.user.bankId, 'transfer'));
        },
        onError: onSubmitError,
      },
    );
  };

  if (source.isPending) return <LoadingBlock />;
  if (source.error) return <LoadFailed what="the accounts" error={source.error} onRetry={source.refetch} />;

  const pickAccount = (field: 'fromAccountId' | 'toAccountId') => (event: ChangeEvent<HTMLSelectElement>) => {
    form.setFieldValue(field, event.currentTarget.value);
    submit.reset();
  };
  const branchChosen = !source.staff || values.branchId !== BLANK_BRANCH;
  const from = source.find(values.fromAccountId);
  const to = source.find(values.toAccountId);

  return (
    <FlowPaper>
      {step === 'entry' ? (
        <form onSubmit={review} noValidate>
          <Stack>
            {source.staff && (
              <BranchPicker
                branches={source.branches}
                value={values.branchId}
                error={form.errors.branchId}
                onChange={(branchId) => {
                  form.setValues({ branchId, fromAccountId: FROM_BLANK, toAccountId: TO_BLANK });
                  form.clearErrors();
                  submit.reset();
                }}
              />
            )}
            <NativeSelect
              label="From Account"
              data={accountOptions(source.accounts, source.staff, FROM_BLANK, 'Select an account')}
              disabled={!branchChosen}
              {...form.getInputProps('fromAccountId')}
              onChange={pickAccount('fromAccountId')}
            />
            <NativeSelect
              label="To Account"
              data={accountOptions(source.accounts, source.staff, TO_BLANK, 'Select an account')}
              disabled={!branchChosen}
              {...form.getInputProps('toAccountId')}
              onChange={pickAccount('toAccountId')}
            />
            <TextInput
              label="Amount"
              inputMode="decimal"
              autoComplete="off"
              leftSection="$"
              onFocus={(event) => event.currentTarget.select()}
              {...form.getInputProps('amount')}
            />
            <Button type="submit" style={{ alignSelf: 'flex-end' }}>
              {texts.review}
            </Button>
          </Stack>
        </form>
      ) : (
        <ConfirmView
          rows={[
            ...(source.staff
              ? ([
                  [
                    'Branch',
                    source.branches.find((b) => String(b.branchId) === values.branchId)?.branchName ?? '',
                  ],
                ] as [string, string][])
              : []),
            ['From', from ? accountLabel(from, source.staff, false) : ''],
            ['To', to ? accountLabel(to, source.staff, false) : ''],
            ['Amount', money(Number(parseAmountInput(values.amount)))],
          ]}
          pending={submit.isPending}
          failure={
            submit.isError && (
              <StatusMessage kind="failure" title={texts.failed} detail={errorMessage(submit.error)} />
            )
          }
          submitLabel={texts.submit}
          processingLabel={texts.processing}
          onBack={() => goToStep('entry')}
          onSubmit={send}
        />
      )}
    </FlowPaper>
  );
}

/** `{bankId}/transfer`: entry form, confirm view, submission (spec §2, §4, §5, §8). */
export function TransferPage() {
  return (
    <>
      <PageHeader title={texts.title} />
      <TellerPermissionGate flow="transfer">
        <TransferFlow />
      </TellerPermissionGate>
    </>
  );
}
