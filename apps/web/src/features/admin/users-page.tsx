import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconFileImport, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useState } from 'react';
import { classroomText, ROLE_LABELS, type Branch, type User } from '@bank/shared';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { useRequiredSession } from '../../lib/current-user';
import { paths } from '../../lib/paths';
import { useBranches } from '../../lib/queries';
import { StatusLine, type Status } from './admin-parts';
import { adminText } from './admin-texts';
import { useBankUsers } from './api';
import { DataTable, type Column } from '../../components/data-table';
import { CreateUserForm, EditUserForm } from './user-forms';

const none = (
  <Text span c="dimmed" size="sm">
    —
  </Text>
);

function userColumns(branches: Branch[], onEdit: (user: User) => void): Column<User>[] {
  const branchName = (id: number | null) =>
    id === null ? none : (branches.find((b) => b.branchId === id)?.branchName ?? `#${id}`);
  return [
    {
      header: 'Edit',
      action: true,
      cell: (u) => (
        <Button
          size="compact-sm"
          variant="default"
          onClick={() => onEdit(u)}
          aria-label={`Edit user ${u.userId}`}
        >
          Edit
        </Button>
      ),
    },
    { header: 'User Id', cell: (u) => u.userId },
    { header: 'Name', cell: (u) => u.name },
    { header: 'Display Name', cell: (u) => u.displayName || none },
    { header: 'User Role', cell: (u) => ROLE_LABELS[u.userRole] },
    { header: 'Branch', cell: (u) => branchName(u.branchId) },
  ];
}

/** `{bankId}/admin/users`: the bank's users, Create User and Edit User (spec §2, §4, §5). */
export function ManageUsersPage() {
  const { user: me } = useRequiredSession();
  const { bankId } = me;
  const users = useBankUsers(bankId);
  const branches = useBranches(bankId);
  const [creating, setCreating] = useState(false);
  // The user as opened; the list's copy (after an update) wins while it is there. A deleted user
  // leaves the list before the form hears of it, so the form keeps its copy until then.
  const [opened, setOpened] = useState<User | null>(null);
  const [status, setStatus] = useState<Status | null>(null);
  const editing = opened && (users.data?.find((u) => u.userId === opened.userId) ?? opened);

  const startEdit = (user: User) => {
    setStatus(null);
    setOpened(user);
  };

  return (
    <>
      <PageHeader
        title="Manage Users"
        subtitle="Create, edit and delete the users of your bank."
        actions={
          <>
            <Button
              component={Link}
              to={paths.importStudents(bankId)}
              variant="default"
              leftSection={<IconFileImport size={18} aria-hidden />}
            >
              {classroomText.importButton}
            </Button>
            <Button
              leftSection={<IconUserPlus size={18} aria-hidden />}
              onClick={() => {
                setStatus(null);
                setCreating(true);
              }}
              disabled={creating}
            >
              Create User
            </Button>
          </>
        }
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
                onClose={() => setOpened(null)}
                onDeleted={(userId) => {
                  setOpened(null);
                  setStatus({ kind: 'success', title: adminText.userDeleted(userId) });
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
                    columns={userColumns(branchList, startEdit)}
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
