import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import {
  isStaff,
  loadingMessages,
  mayChangeTransactions,
  participationScreenText,
  type Account,
  type Transaction,
} from '@bank/shared';
import { PageHeader } from '../../components/page-header';
import { allOf, LoadMore, QueryState } from '../../components/query-state';
import { AskAdmin } from '../../components/ask-admin';
import { errorMessage } from '../../lib/api-client';
import { useClassRights } from '../../lib/class-rights';
import { useRequiredSession } from '../../lib/current-user';
import { cents, lastFour, money } from '../../lib/format';
import { heldCentsOf, heldWords } from '../../lib/held';
import { orderHeldCents, useOrdersOf } from '../../lib/store-queries';
import { useBankAccounts, useBankSettings, useUserAccounts } from '../../lib/queries';
import { uiText } from '../../lib/ui-text';
import { fetchAllTransactions, useTransactionPages } from './api';
import { BalanceChart } from './balance-chart';
import { downloadText, transactionsCsv } from './csv';
import { GoalsSection } from './goals-section';
import { TransactionTable, type TransactionTableProps } from './transaction-table';

/** Staff's edit and reverse (forms, a dialog): loaded when first opened, not with the page (issue 22). */
const EditTransactionForm = lazy(async () => ({
  default: (await import('./edit-transaction-form')).EditTransactionForm,
}));
const ReverseTransactionDialog = lazy(async () => ({
  default: (await import('./reverse-transaction-dialog')).ReverseTransactionDialog,
}));

/** The account's own query: the bank's accounts for staff, the user's own for a Student. */
function useAccountQuery() {
  const { user } = useRequiredSession();
  const staff = isStaff(user.userRole);
  const own = useUserAccounts(user.username, !staff);
  const bank = useBankAccounts(user.bankId, staff);
  return staff ? bank : own;
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

/** What the two tables share: the admin's Edit and Reverse, and the reasons of reversals. */
type TableActions = Pick<
  TransactionTableProps,
  'onEdit' | 'onReverse' | 'reversalReasons' | 'timeZone' | 'friendly'
>;

/** The pending table with its total (credits minus debits, summed in cents), then the posted one. */
function TransactionSections({
  pending,
  posted,
  actions,
}: {
  pending: Transaction[];
  posted: Transaction[];
  actions: TableActions;
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
          {...actions}
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
          {...actions}
        />
      </Paper>
    </>
  );
}

/** The reason of each reversal (its memo), by the id of the transaction it reverses. */
function reversalReasons(all: Transaction[]): Map<number, string | null> {
  return new Map(all.flatMap((t) => (t.reversalOf === null ? [] : [[t.reversalOf, t.memo] as const])));
}

const pendingSum = (pending: Transaction[]) =>
  pending.reduce((sum, t) => sum + (t.type === 'credit' ? 1 : -1) * cents(t.amount), 0) / 100;

/**
 * What a child reads first: the available balance, large, and how much of it is pending (issue 14).
 * While a waiting request holds part of it (issue 24) the large figure is the balance, and a line
 * says what may be spent and what is held.
 */
function AvailableBalance({ account, pending }: { account: Account; pending: Transaction[] }) {
  const heldCents = heldCentsOf(account);
  // What the Student's store orders hold is "for your order" (issue 34); asked for only while something is held.
  const orders = useOrdersOf(account.username, heldCents > 0);
  const held = heldWords(account, orderHeldCents(orders.data, account.accountId));
  return (
    <Paper withBorder p="md" radius="md">
      <Text c="dimmed" fw={600}>
        {heldCents > 0 ? participationScreenText.balanceLabel : uiText.available}
      </Text>
      <Text fz={36} fw={700} lh={1.2} data-testid="current-balance">
        {money(account.balance)}
      </Text>
      {held && (
        <Text fw={600} data-testid="available-held">
          {held.line}
        </Text>
      )}
      {pending.length > 0 && <Text c="dimmed">{uiText.includesPending(money(pendingSum(pending)))}</Text>}
    </Paper>
  );
}

/** The title and subtitle, from the account once it is loaded (the number from the address before). */
function AccountHeader({ accountId, account }: { accountId: string; account: Account | undefined }) {
  const { user } = useRequiredSession();
  const title = account
    ? `${account.accountType} ${lastFour(account.accountId)}`
    : `Account ${lastFour(accountId)}`;
  const owner = account && isStaff(user.userRole) ? ` · ${account.username}` : '';
  return (
    <PageHeader
      title={title}
      subtitle={account ? `Account ${account.accountId}${owner}` : undefined}
      actions={<CsvButton accountId={accountId} />}
    />
  );
}

/** The loaded page: balance, chart, the edit form when open, the two tables and Load more. */
function AccountBody({ account, all }: { account: Account | undefined; all: Transaction[] }) {
  const { user } = useRequiredSession();
  const [editing, setEditing] = useState<Transaction | null>(null);
  const [reversing, setReversing] = useState<Transaction | null>(null);
  // The bank's days (issue 33); until its settings load, the viewer's.
  const bank = useBankSettings(user.bankId, !user.mustChangePassword);
  const pending = all.filter((t) => t.status === 'pending');
  const posted = all.filter((t) => t.status === 'posted');
  // Only admins change transactions; a teller gets no Edit column (issue 9), but reverses those of
  // their own class when the bank allows it, and otherwise reads whom to ask (issue 33).
  const admin = mayChangeTransactions(user.userRole);
  const rights = useClassRights();
  const teacher = user.userRole === 'TELLER' && account !== undefined;
  const refusal = teacher ? rights.refusal('reverse', [account.branchId]) : null;
  const actions: TableActions = {
    onEdit: admin ? setEditing : undefined,
    onReverse: admin || (teacher && refusal === null) ? setReversing : undefined,
    reversalReasons: reversalReasons(all),
    timeZone: bank.data?.timeZone,
    friendly: user.userRole === 'USER',
  };
  return (
    <>
      {teacher && <AskAdmin refused={[{ right: 'reverse', refusal }]} />}
      {account && <AvailableBalance account={account} pending={pending} />}
      {account?.accountType === 'SAVINGS' && (
        <GoalsSection username={account.username} accounts={[account]} owner={user.userRole === 'USER'} />
      )}
      <BalanceChart transactions={posted} />
      {editing && (
        <Suspense fallback={null}>
          <EditTransactionForm
            key={editing.id}
            transaction={editing}
            onClose={() => setEditing(null)}
            onReverse={() => setReversing(editing)}
          />
        </Suspense>
      )}
      <TransactionSections pending={pending} posted={posted} actions={actions} />
      {/* Mounted when opened: a closed dialog cost the page a portal and a second, synchronous render. */}
      {reversing && (
        <Suspense fallback={null}>
          <ReverseTransactionDialog
            via={admin ? 'admin' : 'teacher'}
            transaction={reversing}
            onClose={() => setReversing(null)}
            onDone={() => {
              setReversing(null);
              setEditing(null);
            }}
          />
        </Suspense>
      )}
    </>
  );
}

/**
 * `account/{accountId}`: pending table with its total, posted table, balance chart, CSV (spec §2).
 * The account and its transactions load together: if either fails, one error whose Retry loads both.
 */
export function AccountPage() {
  const { accountId = '' } = useParams();
  const accounts = useAccountQuery();
  const pages = useTransactionPages(accountId);
  const account = accounts.data?.find((a) => a.accountId === accountId);
  return (
    <>
      <AccountHeader accountId={accountId} account={account} />
      <QueryState query={allOf(accounts, pages)} what={loadingMessages.accountWhat}>
        {([, data]) => (
          <Stack gap="lg">
            <AccountBody account={account} all={data.pages.flatMap((p) => p.items)} />
            <LoadMore pages={pages} what={loadingMessages.moreTransactionsWhat} />
          </Stack>
        )}
      </QueryState>
    </>
  );
}
