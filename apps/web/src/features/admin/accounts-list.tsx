import { Anchor, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  adminGuidance,
  classroomText,
  teacherText,
  type Account,
  type BankAccount,
  type Branch,
} from '@bank/shared';
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
  onDelete: (account: BankAccount) => void;
  /** The account being closed, while its call runs. */
  deleting: string | null;
}

function branchNameOf(branches: Branch[]) {
  return (id: number) => branches.find((b) => b.branchId === id)?.branchName ?? `#${id}`;
}

/**
 * Delete, only where the account can be closed now (issue 33): a list of a hundred accounts with
 * money in them would otherwise say "Cannot delete..." a hundred times. The list's note says when
 * Delete appears.
 */
function AccountDelete({ account, actions }: { account: BankAccount; actions: AccountRowActions }) {
  if (accountDeleteBlock(account)) return null;
  const label = actions.deleting === account.accountId ? adminText.deletingAccount : 'Delete';
  return (
    <DeleteButton
      size="compact-sm"
      onClick={() => actions.onDelete(account)}
      disabled={actions.deleting !== null}
      aria-label={`${label} account ${account.accountId}`}
    >
      {label}
    </DeleteButton>
  );
}

function ViewLink({ account }: { account: BankAccount }) {
  return (
    <Anchor
      component={Link}
      to={paths.account(account.accountId)}
      size="sm"
      fw={600}
      // Centred in its 44 px tap target on a phone (app/a11y.css), level with Delete.
      style={{ display: 'inline-flex', alignItems: 'center' }}
      aria-label={`View account ${account.accountId}`}
    >
      View
    </Anchor>
  );
}

/**
 * Manage Accounts on a wide screen: the spec's columns, with the owner's name beside the User Id
 * and Delete last (issue 33: the first thing in every row was the one to use least).
 */
function accountColumns(branches: Branch[], actions: AccountRowActions): Column<BankAccount>[] {
  const branchName = branchNameOf(branches);
  return [
    { header: 'Account Id', cell: (a) => a.accountId },
    { header: teacherText.ownerColumn, cell: (a) => a.ownerName },
    { header: 'User Id', cell: (a) => a.username },
    { header: 'Branch', cell: (a) => branchName(a.branchId) },
    { header: 'Account Type', cell: (a) => a.accountType },
    { header: 'Current Balance', align: 'right', cell: (a) => <MoneyText amount={a.balance} fw={400} /> },
    { header: 'View', action: true, cell: (a) => <ViewLink account={a} /> },
    { header: 'Delete', action: true, cell: (a) => <AccountDelete account={a} actions={actions} /> },
  ];
}

/**
 * One account on a phone (issue 20): its number and balance, then its type, owner and branch, then
 * View and Delete. The same facts as the table's columns in three short lines.
 */
function AccountCard(props: { account: BankAccount; branches: Branch[]; actions: AccountRowActions }) {
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
        {account.ownerName} ({account.username}) · {account.accountType} ·{' '}
        {branchNameOf(props.branches)(account.branchId)}
      </Text>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <ViewLink account={account} />
        <AccountDelete account={account} actions={props.actions} />
      </Group>
    </Stack>
  );
}

/** A list's branch filter (issue 33): every branch, or one. */
export function BranchSelect(props: {
  branches: Branch[];
  value: string;
  onChange: (branchId: string) => void;
}) {
  return (
    <NativeSelect
      label={teacherText.branchFilter}
      data={[
        { value: '', label: classroomText.allBranches },
        ...props.branches.map((b) => ({ value: String(b.branchId), label: b.branchName })),
      ]}
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      w={{ base: '100%', xs: 220 }}
    />
  );
}

/** Manage Accounts' list: the search, a branch, the count, a page of accounts, Show more (issues 20, 33). */
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
  const [branchId, setBranchId] = useState('');
  const { list, filtered, unfilteredTotal } = useAccountPages(bankId, search.q, branchId);
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
      >
        <BranchSelect branches={branches} value={branchId} onChange={setBranchId} />
      </ListSearch>
      <Text size="sm" c="dimmed">
        {teacherText.deleteWhenEmpty}
      </Text>
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
