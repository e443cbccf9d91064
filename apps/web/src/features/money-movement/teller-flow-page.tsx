import { Button, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { depositBody, messages, withdrawalBody } from '@bank/shared';
import { PageHeader } from '../../components/page-header';
import { LoadFailed, LoadingBlock } from '../../components/query-state';
import { StatusMessage } from '../../components/status-message';
import { errorMessage } from '../../lib/api-client';
import { useRequiredSession } from '../../lib/current-user';
import { money, parseAmountInput } from '../../lib/format';
import { paths } from '../../lib/paths';
import { schemaErrors } from '../../lib/validation';
import { useSetFlowResult, useSubmitDeposit, useSubmitWithdrawal } from './api';
import { accountLabel, accountOptions, BLANK_BRANCH, useFlowAccounts } from './flow-accounts';
import { BranchPicker, ConfirmView, FlowPaper, TellerPermissionGate } from './flow-parts';
import { flowTexts } from './flow-texts';
import { useReviewStep } from './use-review-step';

type TellerFlow = 'deposit' | 'withdrawal';

/** The placeholder choice of the account picker (spec §9: "blank"). */
const ACCOUNT_BLANK = 'blank';

const schemas = { deposit: depositBody, withdrawal: withdrawalBody };
const accountLabels = { deposit: 'Deposit Account', withdrawal: 'Withdrawal Account' };

interface TellerValues {
  branchId: string;
  accountId: string;
  amount: string;
}

function TellerFlowForm({ flow }: { flow: TellerFlow }) {
  const texts = flowTexts[flow];
  const session = useRequiredSession();
  const navigate = useNavigate();
  const deposit = useSubmitDeposit();
  const withdrawal = useSubmitWithdrawal();
  const submit = flow === 'deposit' ? deposit : withdrawal;
  const setResult = useSetFlowResult();

  const form = useForm<TellerValues>({
    initialValues: { branchId: BLANK_BRANCH, accountId: ACCOUNT_BLANK, amount: '0' },
  });
  const values = form.getValues();
  const source = useFlowAccounts(session, values.branchId);

  const validate = (v: TellerValues): Record<string, string> => {
    const errors = schemaErrors(schemas[flow], {
      accountId: v.accountId,
      amount: parseAmountInput(v.amount),
    });
    if (source.staff && !source.branches.some((b) => String(b.branchId) === v.branchId)) {
      errors.branchId = messages.branchRequired;
    }
    if (!source.accounts.some((a) => a.accountId === v.accountId)) {
      errors.accountId ??=
        flow === 'deposit' ? messages.depositAccountMissing : messages.withdrawalAccountMissing;
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
    const account = source.find(v.accountId);
    if (submit.isPending || !account || !idempotencyKey) return;
    submit.mutate(
      { body: { accountId: v.accountId, amount: Number(parseAmountInput(v.amount)) }, idempotencyKey },
      {
        onSuccess: async (transaction) => {
          setResult({ flow, transaction, account });
          await navigate(paths.flowConfirmation(session.user.bankId, flow));
        },
        onError: onSubmitError,
      },
    );
  };

  if (source.isPending) return <LoadingBlock />;
  if (source.error) return <LoadFailed what="the accounts" error={source.error} onRetry={source.refetch} />;

  const account = source.find(values.accountId);
  const branchChosen = !source.staff || values.branchId !== BLANK_BRANCH;

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
                  form.setValues({ branchId, accountId: ACCOUNT_BLANK });
                  form.clearErrors();
                  submit.reset();
                }}
              />
            )}
            <NativeSelect
              label={accountLabels[flow]}
              data={accountOptions(source.accounts, source.staff, ACCOUNT_BLANK, 'Select an account')}
              disabled={!branchChosen}
              {...form.getInputProps('accountId')}
              onChange={(event) => {
                form.setFieldValue('accountId', event.currentTarget.value);
                submit.reset();
              }}
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
            ['Branch', source.branches.find((b) => String(b.branchId) === values.branchId)?.branchName ?? ''],
            ['Account', account ? accountLabel(account, source.staff, false) : ''],
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

/** `{bankId}/deposit` and `{bankId}/withdrawal` for staff (spec §2, §4, §5, §8). */
export function TellerFlowPage({ flow }: { flow: TellerFlow }) {
  return (
    <>
      <PageHeader title={flowTexts[flow].title} />
      <TellerPermissionGate flow={flow}>
        {/* A fresh form per flow: switching between deposit and withdrawal clears it. */}
        <TellerFlowForm key={flow} flow={flow} />
      </TellerPermissionGate>
    </>
  );
}
