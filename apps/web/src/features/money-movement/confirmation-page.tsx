import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { classroomText, isStaff, type Account, type MoneyAction } from '@bank/shared';
import { PageHeader } from '../../components/page-header';
import { StatusMessage } from '../../components/status-message';
import { SummaryTable } from '../../components/summary-table';
import { useCurrentUser } from '../../lib/current-user';
import { cents, formatDate, memoOf, money } from '../../lib/format';
import { paths } from '../../lib/paths';
import { arrivalText } from '../../lib/bank-days';
import { useBankSettings } from '../../lib/queries';
import { uiText } from '../../lib/ui-text';
import type { FlowResult } from './api';
import { accountLabel } from './flow-accounts';
import { FlowPaper } from './flow-parts';
import { flowTexts } from './flow-texts';

const memoRow = (memo: string): [string, ReactNode][] => (memo ? [[classroomText.memoLabel, memo]] : []);

/** Make Another keeps the branch (issue 12: a teller pays one student after another). */
function branchOf(result: FlowResult): string {
  return String(result.flow === 'transfer' ? result.from.branchId : result.account.branchId);
}

/** The balance after the money moved (balances include pending transactions, API.md). */
const after = (account: Account, change: number) => money((cents(account.balance) + cents(change)) / 100);

/** Plain words for a child (issue 14): which transaction took money out and which put it in. */
function rowsOf(result: FlowResult, staff: boolean): [string, ReactNode][] {
  if (result.flow === 'transfer') {
    const { debit, credit } = result.transfer;
    const from = accountLabel(result.from, staff, false);
    const to = accountLabel(result.to, staff, false);
    return [
      ['From Account', from],
      ['To Account', to],
      ['Amount', money(debit.amount)],
      ['Date', formatDate(debit.transactionDate)],
      [
        'Transaction Id',
        withReceiptHint(
          uiText.transferTransactionIds({ debitId: debit.id, from, creditId: credit.id, to }),
          staff,
        ),
      ],
      [
        uiText.newBalance,
        `${from}: ${after(result.from, -debit.amount)}, ${to}: ${after(result.to, debit.amount)}`,
      ],
      ...memoRow(memoOf(debit)),
    ];
  }
  const { transaction, account } = result;
  const sign = result.flow === 'deposit' ? 1 : -1;
  return [
    ['Account', accountLabel(account, staff, false)],
    ['Amount', money(transaction.amount)],
    ['Date', formatDate(transaction.transactionDate)],
    ['Transaction Id', withReceiptHint(String(transaction.id), staff)],
    [uiText.newBalance, after(account, sign * transaction.amount)],
    ...memoRow(memoOf(transaction)),
  ];
}

/** A Student reads what the number is for (issue 33), not a bare "Transaction Id 146". */
function withReceiptHint(ids: string, staff: boolean): ReactNode {
  if (staff) return ids;
  return (
    <>
      {ids}
      <Text size="sm" c="dimmed" data-testid="receipt-hint">
        {uiText.receiptHint}
      </Text>
    </>
  );
}

/** What a Student reads above the details: when the money arrives, in words (issue 33). */
function arrivalDetail(result: FlowResult, timeZone: string | undefined): string {
  const moved = result.flow === 'transfer' ? result.transfer.debit : result.transaction;
  return `${flowDetail} ${uiText.confirmationOnItsWay(arrivalText(moved.transactionDate, timeZone))}`;
}

const flowDetail = 'It is pending and posts on the date shown.';

/** The account the money left (or reached, for a deposit): where "Back to" leads. */
const homeAccount = (result: FlowResult) => (result.flow === 'transfer' ? result.from : result.account);

/**
 * `{bankId}/{flow}/confirmation`: account, amount, date and transaction id, from the router state
 * the form navigated with; without a result (typed in, or another flow's), back to the form.
 */
export function ConfirmationPage({ flow }: { flow: MoneyAction }) {
  const user = useCurrentUser();
  const result = useLocation().state as FlowResult | null;
  const navigate = useNavigate();
  const bank = useBankSettings(user.bankId);
  const texts = flowTexts[flow];
  const formPath = paths.flow(user.bankId, flow);
  if (result?.flow !== flow) return <Navigate to={formPath} replace />;
  return (
    <>
      <PageHeader title={`${texts.title} Confirmation`} />
      <FlowPaper>
        <Stack>
          <StatusMessage
            kind="success"
            title={texts.succeeded}
            detail={isStaff(user.userRole) ? flowDetail : arrivalDetail(result, bank.data?.timeZone)}
          />
          <SummaryTable rows={rowsOf(result, isStaff(user.userRole))} testId="confirmation-details" />
          <Group justify="flex-end">
            <Button component={Link} to={paths.account(homeAccount(result).accountId)} variant="default">
              {uiText.backToAccount(accountLabel(homeAccount(result), isStaff(user.userRole), false))}
            </Button>
            <Button
              onClick={() =>
                void navigate(
                  formPath,
                  isStaff(user.userRole) ? { state: { branchId: branchOf(result) } } : {},
                )
              }
            >
              {texts.another}
            </Button>
          </Group>
        </Stack>
      </FlowPaper>
    </>
  );
}
