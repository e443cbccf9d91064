import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { isStaff, mayChangeTransactions, type Account, type Transaction } from '@bank/shared';
import { PageHeader } from '../../components/page-header';
import { LoadFailed, LoadingBlock } from '../../components/query-state';
import { errorMessage } from '../../lib/api-client';
import { useRequiredSession } from '../../lib/current-user';
import { cents, lastFour, money } from '../../lib/format';
import { useBankAccounts, useUserAccounts } from '../../lib/queries';
import { uiText } from '../../lib/ui-text';
import { fetchAllTransactions, useTransactionPages } from './api';
import { BalanceChart } from './balance-chart';
import { downloadText, transactionsCsv } from './csv';
import { EditTransactionForm } from './edit-transaction-form';
import { TransactionTable } from './transaction-table';

function useAccount(accountId: string): Account | undefined {
  const { user } = useRequiredSession();
  const staff = isStaff(user.userRole);
  const own = useUserAccounts(user.username, !staff);
  const bank = useBankAccounts(user.bankId, staff);
  return (staff ? bank.data : own.data)?.find((a) => a.accountId === accountId);
}

function CsvButton({ accountId }: { accountId: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const all = await fetchAllTransactions(accountId);
      downloadText(`transactions-${accountId}.csv`, transactionsCsv(all), 'text/csv;charset=utf-8');
    } catch (error) {
      notifications.show({ color: 'red', title: uiText.csvFailed, message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      onClick={() => void download()}
      disabled={busy}
    >
      {busy ? 'Preparing CSV...' : 'Download CSV'}
    </Button>
  );
}

/** The pending table with its total (credits minus debits, summed in cents), then the posted one. */
function TransactionSections({
  pending,
  posted,
  onEdit,
}: {
  pending: Transaction[];
  posted: Transaction[];
  onEdit: ((transaction: Transaction) => void) | undefined;
}) {
  const pendingTotal = pendingSum(pending);
  return (
    <>
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h4">
            Pending
          </Title>
          <Text fw={600} data-testid="pending-total">
            Pending total: {money(pendingTotal)}
          </Text>
        </Group>
        <TransactionTable
          label="Pending transactions"
          transactions={pending}
          emptyText={uiText.noPending}
          onEdit={onEdit}
        />
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="xs">
          Posted
        </Title>
        <TransactionTable
          label="Posted transactions"
          transactions={posted}
          emptyText={uiText.noPosted}
          onEdit={onEdit}
        />
      </Paper>
    </>
  );
}

const pendingSum = (pending: Transaction[]) =>
  pending.reduce((sum, t) => sum + (t.type === 'credit' ? 1 : -1) * cents(t.amount), 0) / 100;

/** What a child reads first: the available balance, large, and how much of it is pending (issue 14). */
function AvailableBalance({ account, pending }: { account: Account; pending: Transaction[] }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text c="dimmed" fw={600}>
        {uiText.available}
      </Text>
      <Text fz={36} fw={700} lh={1.2} data-testid="current-balance">
        {money(account.balance)}
      </Text>
      {pending.length > 0 && <Text c="dimmed">{uiText.includesPending(money(pendingSum(pending)))}</Text>}
    </Paper>
  );
}

/** `account/{accountId}`: pending table with its total, posted table, balance chart, CSV (spec §2). */
export function AccountPage() {
  const { accountId = '' } = useParams();
  const { user } = useRequiredSession();
  const account = useAccount(accountId);
  const pages = useTransactionPages(accountId);
  const [editing, setEditing] = useState<Transaction | null>(null);

  const all = useMemo(() => pages.data?.pages.flatMap((p) => p.items) ?? [], [pages.data]);
  const pending = all.filter((t) => t.status === 'pending');
  const posted = all.filter((t) => t.status === 'posted');
  // Only admins change transactions; a teller gets no Edit column (issue 9).
  const onEdit = mayChangeTransactions(user.userRole) ? setEditing : undefined;

  const title = account
    ? `${account.accountType} ${lastFour(account.accountId)}`
    : `Account ${lastFour(accountId)}`;

  return (
    <>
      <PageHeader
        title={title}
        subtitle={
          account
            ? `Account ${account.accountId}${isStaff(user.userRole) ? ` · ${account.username}` : ''}`
            : undefined
        }
        actions={<CsvButton accountId={accountId} />}
      />
      {pages.isPending ? (
        <LoadingBlock />
      ) : !pages.data ? (
        <LoadFailed what="the transactions" error={pages.error} onRetry={() => void pages.refetch()} />
      ) : (
        <Stack gap="lg">
          {account && <AvailableBalance account={account} pending={pending} />}
          <BalanceChart transactions={posted} />
          {editing && (
            <EditTransactionForm key={editing.id} transaction={editing} onClose={() => setEditing(null)} />
          )}
          <TransactionSections pending={pending} posted={posted} onEdit={onEdit} />
          {pages.hasNextPage && (
            <Group justify="center">
              <Button
                variant="light"
                onClick={() => void pages.fetchNextPage()}
                disabled={pages.isFetchingNextPage}
              >
                {pages.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            </Group>
          )}
          {pages.isFetchNextPageError && (
            <LoadFailed
              what="more transactions"
              error={pages.error}
              onRetry={() => void pages.fetchNextPage()}
            />
          )}
        </Stack>
      )}
    </>
  );
}
