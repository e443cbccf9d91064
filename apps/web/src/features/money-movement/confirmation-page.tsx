import { Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { classroomText, isStaff, type Account, type MoneyAction } from '@bank/shared';
import { PageHeader } from '../../components/page-header';
import { StatusMessage } from '../../components/status-message';
import { SummaryTable } from '../../components/summary-table';
import { useCurrentUser } from '../../lib/current-user';
import { cents, formatDate, memoOf, money } from '../../lib/format';
import { paths } from '../../lib/paths';
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
      ['Transaction Id', uiText.transferTransactionIds({ debitId: debit.id, from, creditId: credit.id, to })],
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
    ['Transaction Id', String(transaction.id)],
    [uiText.newBalance, after(account, sign * transaction.amount)],
    ...memoRow(memoOf(transaction)),
  ];
}

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
            detail="It is pending and posts on the date shown."
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
