import { Anchor, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { useRef } from 'react';
import { Link } from 'react-router';
import { adminGuidance, type Account, type Branch } from '@bank/shared';
import { DataTable, type Column } from '../../components/data-table';
import { countText, ListSearch, ShowMore } from '../../components/long-list';
import { MoneyText } from '../../components/money-text';
import { QueryState } from '../../components/query-state';
import { money } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useListSearch } from '../../lib/use-list-search';
import { DeleteButton } from './admin-parts';
import { adminText } from './admin-texts';
import { useAccountPages } from './api';

/**
 * Why the server would refuse to close an account now (issue 14): money in it, or a pending
 * transaction. Both come with the account itself (`pendingCount`, issue 20 item 6), so the list
 * asks nothing more per account.
 */
export function accountDeleteBlock(account: Account): string | undefined {
  if (account.balance !== 0) return adminGuidance.deleteBlockedMoney(money(account.balance));
  if (account.pendingCount > 0) return adminGuidance.deleteBlockedPending;
  return undefined;
}

export interface AccountRowActions {
  onDelete: (account: Account) => void;
  /** The account being closed, while its call runs. */
  deleting: string | null;
}

function branchNameOf(branches: Branch[]) {
  return (id: number) => branches.find((b) => b.branchId === id)?.branchName ?? `#${id}`;
}

function AccountDelete({ account, actions }: { account: Account; actions: AccountRowActions }) {
  const label = actions.deleting === account.accountId ? adminText.deletingAccount : 'Delete';
  return (
    <DeleteButton
      size="compact-sm"
      onClick={() => actions.onDelete(account)}
      disabled={actions.deleting !== null}
      blockedReason={accountDeleteBlock(account)}
      aria-label={`${label} account ${account.accountId}`}
    >
      {label}
    </DeleteButton>
  );
}

function ViewLink({ account }: { account: Account }) {
  return (
    <Anchor
      component={Link}
      to={paths.account(account.accountId)}
      size="sm"
      fw={600}
      aria-label={`View account ${account.accountId}`}
    >
      View
    </Anchor>
  );
}

/** Manage Accounts on a wide screen (spec §2's columns). */
function accountColumns(branches: Branch[], actions: AccountRowActions): Column<Account>[] {
  const branchName = branchNameOf(branches);
  return [
    { header: 'Delete', action: true, cell: (a) => <AccountDelete account={a} actions={actions} /> },
    { header: 'Account Id', cell: (a) => a.accountId },
    { header: 'Branch', cell: (a) => branchName(a.branchId) },
    { header: 'User Id', cell: (a) => a.username },
    { header: 'Account Type', cell: (a) => a.accountType },
    { header: 'Current Balance', align: 'right', cell: (a) => <MoneyText amount={a.balance} fw={400} /> },
    { header: 'View', action: true, cell: (a) => <ViewLink account={a} /> },
  ];
}

/**
 * One account on a phone (issue 20): its number and balance, then its type, owner and branch, then
 * View and Delete. The same facts as the table's columns in three short lines.
 */
function AccountCard(props: { account: Account; branches: Branch[]; actions: AccountRowActions }) {
  const { account } = props;
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
          {account.accountId}
        </Text>
        <MoneyText amount={account.balance} />
      </Group>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {account.accountType} · {account.username} · {branchNameOf(props.branches)(account.branchId)}
      </Text>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Box pt={2}>
          <ViewLink account={account} />
        </Box>
        <AccountDelete account={account} actions={props.actions} />
      </Group>
    </Stack>
  );
}

/** Manage Accounts' list: the search and its count, a page of accounts, Show more (issue 20). */
export function AccountsList({
  bankId,
  branches,
  actions,
}: {
  bankId: number;
  branches: Branch[];
  actions: AccountRowActions;
}) {
  const search = useListSearch();
  const { list, filtered, unfilteredTotal } = useAccountPages(bankId, search.q);
  const listRef = useRef<HTMLDivElement>(null);
  return (
    <Stack gap="sm">
      <ListSearch
        value={search.text}
        onChange={search.setText}
        placeholder={adminText.searchAccountsPlaceholder}
        count={countText(list, adminText.accountsNoun, filtered, unfilteredTotal)}
        searching={list.isPlaceholderData}
        filtered={filtered}
      />
      <Paper withBorder p={{ base: 'xs', sm: 'md' }} radius="md" ref={listRef}>
        <QueryState query={{ ...list, data: list.rows }} what="the accounts">
          {(rows) => (
            <DataTable
              label="Accounts"
              columns={accountColumns(branches, actions)}
              phoneCard={(a) => <AccountCard account={a} branches={branches} actions={actions} />}
              rows={rows}
              rowKey={(a) => a.accountId}
              emptyText={filtered ? adminText.noAccountsMatch : adminText.noAccountsInBank}
              minWidth={760}
              rowTestId="account-row"
            />
          )}
        </QueryState>
        <ShowMore list={list} noun={adminText.accountsNoun} what="more accounts" listRef={listRef} />
      </Paper>
    </Stack>
  );
}
