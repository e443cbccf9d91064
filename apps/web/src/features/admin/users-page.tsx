import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconFileImport, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useState } from 'react';
import { classroomText, participationScreenText, ROLE_LABELS, type Branch, type User } from '@bank/shared';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { useRequiredSession } from '../../lib/current-user';
import { paths } from '../../lib/paths';
import { useBankAccounts, useBranches } from '../../lib/queries';
import { editColumn, focusAfterChange, StatusLine, type Status } from './admin-parts';
import { adminText } from './admin-texts';
import { useBankUsers } from './api';
import { DataTable, type Column } from '../../components/data-table';
import { CreateUserForm, EditUserForm, userDeleteBlock } from './user-forms';

const none = (
  <Text span c="dimmed" size="sm">
    —
  </Text>
);

function userColumns(branches: Branch[], onEdit: (user: User) => void): Column<User>[] {
  const branchName = (id: number | null) =>
    id === null ? none : (branches.find((b) => b.branchId === id)?.branchName ?? `#${id}`);
  return [
    editColumn((u) => `Edit user ${u.userId}`, onEdit),
    { header: 'User Id', cell: (u) => u.userId },
    { header: 'Name', cell: (u) => u.name },
    { header: 'Display Name', cell: (u) => u.displayName || none },
    {
      header: 'User Role',
      cell: (u) => (u.banker ? participationScreenText.bankerRole : ROLE_LABELS[u.userRole]),
    },
    { header: 'Branch', cell: (u) => branchName(u.branchId) },
  ];
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
 * The user being edited: as opened, the list's copy (after an update) winning while it is there.
 * A deleted user leaves the list before the form hears of it, so the form keeps its copy until then.
 */
function useEditedUser(users: User[] | undefined) {
  const [opened, setOpened] = useState<User | null>(null);
  const editing = opened && (users?.find((u) => u.userId === opened.userId) ?? opened);
  return [editing, setOpened] as const;
}

/** `{bankId}/admin/users`: the bank's users, Create User and Edit User (spec §2, §4, §5). */
export function ManageUsersPage() {
  const { bankId } = useRequiredSession().user;
  const users = useBankUsers(bankId);
  const branches = useBranches(bankId);
  // Open accounts keep a user from being deleted (issue 14: the Delete says so before it is tried).
  const accounts = useBankAccounts(bankId);
  const [creating, setCreating] = useState(false);
  const [editing, setOpened] = useEditedUser(users.data);
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
            <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
              <QueryState query={users} what="the users">
                {(list) => (
                  <DataTable
                    label="Users"
                    columns={userColumns(branchList, (u) => open(u))}
                    rows={list}
                    rowKey={(u) => u.userId}
                    emptyText={adminText.noUsers}
                    minWidth={720}
                    rowTestId="user-row"
                  />
                )}
              </QueryState>
            </Paper>
          </Stack>
        )}
      </QueryState>
    </>
  );
}
