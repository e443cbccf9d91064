import { Box, Button, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { IconFileImport, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useRef, useState } from 'react';
import {
  classroomText,
  participationScreenText,
  ROLE_LABELS,
  ROLES,
  teacherText,
  type Branch,
  type Role,
  type User,
} from '@bank/shared';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { useRequiredSession } from '../../lib/current-user';
import { paths } from '../../lib/paths';
import { useBankAccounts, useBranches } from '../../lib/queries';
import { useListSearch } from '../../lib/use-list-search';
import { countText, ListSearch, ShowMore } from '../../components/long-list';
import { editColumn, focusAfterChange, StatusLine, type Status } from './admin-parts';
import { adminText } from './admin-texts';
import { BranchSelect } from './accounts-list';
import { useBankUsers, useUserPages } from './api';
import { DataTable, type Column } from '../../components/data-table';
import { CreateUserForm, EditUserForm, userDeleteBlock } from './user-forms';

const none = (
  <Text span c="dimmed" size="sm">
    —
  </Text>
);

function branchNameOf(branches: Branch[]) {
  return (id: number | null) =>
    id === null ? null : (branches.find((b) => b.branchId === id)?.branchName ?? `#${id}`);
}

/** The role as the list shows it: a class banker says so (issue 33: the flag shows in the list). */
const roleText = (u: User) => (u.banker ? participationScreenText.bankerRole : ROLE_LABELS[u.userRole]);

function userColumns(branches: Branch[], onEdit: (user: User) => void): Column<User>[] {
  const branchName = branchNameOf(branches);
  return [
    editColumn((u) => `Edit user ${u.userId}`, onEdit),
    { header: 'User Id', cell: (u) => u.userId },
    { header: 'Name', cell: (u) => u.name },
    { header: 'Display Name', cell: (u) => u.displayName || none },
    { header: 'User Role', cell: roleText },
    { header: 'Branch', cell: (u) => branchName(u.branchId) ?? none },
  ];
}

/**
 * One user on a phone (issue 20): the name (and display name) with Edit beside it, then the User
 * Id, role and branch on one line. The same facts as the table's columns, in two lines not six.
 */
function UserCard({
  user,
  branches,
  onEdit,
}: {
  user: User;
  branches: Branch[];
  onEdit: (user: User) => void;
}) {
  const branch = branchNameOf(branches)(user.branchId) ?? adminText.noBranch;
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Box miw={0}>
        <Text size="sm" fw={700} style={{ overflowWrap: 'anywhere' }}>
          {user.name}
          {user.displayName && (
            <Text span size="sm" fw={400}>
              {' '}
              ({user.displayName})
            </Text>
          )}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {user.userId} · {roleText(user)} · {branch}
        </Text>
      </Box>
      {editColumn((u: User) => `Edit user ${u.userId}`, onEdit).cell(user)}
    </Group>
  );
}

function UsersActions({
  bankId,
  creating,
  onCreate,
}: {
  bankId: number;
  creating: boolean;
  onCreate: () => void;
}) {
  return (
    <>
      <Button
        component={Link}
        to={paths.importStudents(bankId)}
        variant="default"
        leftSection={<IconFileImport size={18} aria-hidden />}
      >
        {classroomText.importButton}
      </Button>
      <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={onCreate} disabled={creating}>
        Create User
      </Button>
    </>
  );
}

/**
 * The user being edited: as opened, the whole list's copy (after an update) winning while it is
 * there. A deleted user leaves the list before the form hears of it, so the form keeps its copy.
 */
const freshest = (opened: User | null, users: User[] | undefined) =>
  opened && (users?.find((u) => u.userId === opened.userId) ?? opened);

/** Manage Users' role filter (issue 33): every role, or one. */
function RoleSelect({ value, onChange }: { value: Role | ''; onChange: (role: Role | '') => void }) {
  return (
    <NativeSelect
      label={teacherText.roleFilter}
      data={[
        { value: '', label: teacherText.allRoles },
        ...ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] })),
      ]}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value as Role | '')}
      w={{ base: '100%', xs: 180 }}
    />
  );
}

/** Manage Users' list: the search and its count, a branch and a role, a page of users, Show more. */
function UsersList({
  bankId,
  branches,
  onEdit,
}: {
  bankId: number;
  branches: Branch[];
  onEdit: (user: User) => void;
}) {
  const search = useListSearch();
  const [branchId, setBranchId] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const { list, filtered, unfilteredTotal } = useUserPages(bankId, { q: search.q, branchId, role });
  const listRef = useRef<HTMLDivElement>(null);
  return (
    <Stack gap="sm">
      <ListSearch
        value={search.text}
        onChange={search.setText}
        placeholder={adminText.searchUsersPlaceholder}
        count={countText(list, adminText.usersNoun, filtered, unfilteredTotal)}
        searching={list.isPlaceholderData}
        filtered={filtered}
      >
        <BranchSelect branches={branches} value={branchId} onChange={setBranchId} />
        <RoleSelect value={role} onChange={setRole} />
      </ListSearch>
      <Paper withBorder p={{ base: 'xs', sm: 'md' }} radius="md" ref={listRef}>
        <QueryState query={{ ...list, data: list.rows }} what="the users">
          {(rows) => (
            <DataTable
              label="Users"
              columns={userColumns(branches, onEdit)}
              phoneCard={(u) => <UserCard user={u} branches={branches} onEdit={onEdit} />}
              rows={rows}
              rowKey={(u) => u.userId}
              emptyText={filtered ? adminText.noUsersMatch : adminText.noUsers}
              minWidth={720}
              rowTestId="user-row"
            />
          )}
        </QueryState>
        <ShowMore list={list} noun={adminText.usersNoun} what="more users" listRef={listRef} />
      </Paper>
    </Stack>
  );
}

/** `{bankId}/admin/users`: the bank's users, Create User and Edit User (spec §2, §4, §5). */
export function ManageUsersPage() {
  const { bankId } = useRequiredSession().user;
  const branches = useBranches(bankId);
  const [creating, setCreating] = useState(false);
  const [opened, setOpened] = useState<User | null>(null);
  // The whole lists only while a user is edited: the last admin and open accounts keep a user from
  // being deleted (issue 14: the Delete says so before it is tried).
  const users = useBankUsers(bankId, opened !== null);
  const accounts = useBankAccounts(bankId, opened !== null);
  const editing = freshest(opened, users.data);
  const [status, setStatus] = useState<Status | null>(null);
  const open = (user: User | null, create = false) => {
    setStatus(null);
    if (user) setOpened(user);
    if (create) setCreating(true);
  };

  return (
    <>
      <PageHeader
        title="Manage Users"
        subtitle="Create, edit and delete the users of your bank."
        actions={<UsersActions bankId={bankId} creating={creating} onCreate={() => open(null, true)} />}
      />
      <QueryState query={branches} what="the branches">
        {(branchList) => (
          <Stack gap={0}>
            {creating && (
              <CreateUserForm bankId={bankId} branches={branchList} onClose={() => setCreating(false)} />
            )}
            {editing && (
              <EditUserForm
                key={editing.userId}
                bankId={bankId}
                user={editing}
                branches={branchList}
                deleteBlocked={userDeleteBlock(editing, users.data ?? [], accounts.data ?? [])}
                onClose={() => setOpened(null)}
                onDeleted={(userId) => {
                  setOpened(null);
                  setStatus({ kind: 'success', title: adminText.userDeleted(userId) });
                  focusAfterChange();
                }}
              />
            )}
            {status && (
              <Stack mb="md">
                <StatusLine status={status} />
              </Stack>
            )}
            <UsersList bankId={bankId} branches={branchList} onEdit={(u) => open(u)} />
          </Stack>
        )}
      </QueryState>
    </>
  );
}
