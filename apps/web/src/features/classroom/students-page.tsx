import {
  Anchor,
  Button,
  CloseButton,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  classroomText as t,
  mayMoveMoney,
  participationScreenText,
  type Account,
  type Branch,
  type Student,
  type User,
} from '@bank/shared';
import { DataTable, type Column } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { ResetPasswordSection } from '../../components/reset-password';
import { useRequiredSession } from '../../lib/current-user';
import { money } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useBankSettings, useBranches, useStudents } from '../../lib/queries';
import { accountShort } from './payday-rows';
import { StudentGoals } from './student-goals';

const ALL = '';

interface RowActions {
  user: User;
  deposit: boolean;
  withdraw: boolean;
  onReset: ((student: Student) => void) | null;
}

/** One account: a link to its page, its balance, and the flows the user may open for it. */
function AccountLine({
  student,
  account,
  actions,
}: {
  student: Student;
  account: Account;
  actions: RowActions;
}) {
  const flow = (kind: 'deposit' | 'withdrawal') => ({
    to: paths.flow(actions.user.bankId, kind),
    // The teller flow reads the branch and account from the router state (flow-config presetOf).
    state: { branchId: String(account.branchId), accountId: account.accountId },
  });
  const named = `${student.name}, ${accountShort(account)}`;
  return (
    <Group gap="xs" wrap="wrap" data-testid="student-account" justify="space-between">
      <Group gap="xs" wrap="wrap" style={{ rowGap: 0 }}>
        <Anchor
          component={Link}
          to={paths.account(account.accountId)}
          size="sm"
          style={{ whiteSpace: 'nowrap' }}
        >
          {accountShort(account)}
        </Anchor>
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {money(account.balance)}
        </Text>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {actions.deposit && (
          <Button
            component={Link}
            {...flow('deposit')}
            size="compact-sm"
            variant="default"
            aria-label={`Deposit: ${named}`}
          >
            Deposit
          </Button>
        )}
        {actions.withdraw && (
          <Button
            component={Link}
            {...flow('withdrawal')}
            size="compact-sm"
            variant="default"
            aria-label={`Withdraw: ${named}`}
          >
            Withdraw
          </Button>
        )}
      </Group>
    </Group>
  );
}

function columns(branches: Branch[], actions: RowActions): Column<Student>[] {
  const branchName = (id: number | null) => branches.find((b) => b.branchId === id)?.branchName ?? '';
  const list: Column<Student>[] = [
    { header: 'Name', cell: (s) => (s.displayName ? `${s.name} (${s.displayName})` : s.name) },
    { header: 'User Id', cell: (s) => s.userId },
    { header: 'Branch', cell: (s) => branchName(s.branchId) },
    {
      header: 'Accounts',
      cell: (s) =>
        s.accounts.length === 0 ? (
          <Text size="sm">{t.noOpenAccounts}</Text>
        ) : (
          <Stack gap={4}>
            {s.accounts.map((a) => (
              <AccountLine key={a.accountId} student={s} account={a} actions={actions} />
            ))}
          </Stack>
        ),
    },
    { header: participationScreenText.goalsColumn, cell: (s) => <StudentGoals student={s} /> },
  ];
  const { onReset } = actions;
  if (onReset) {
    list.push({
      header: 'Password',
      action: true,
      cell: (s) => (
        <Button
          size="compact-sm"
          variant="default"
          onClick={() => onReset(s)}
          aria-label={`Reset Password: ${s.name}`}
        >
          Reset Password
        </Button>
      ),
    });
  }
  return list;
}

function ResetPanel({ student, onClose }: { student: Student; onClose: () => void }) {
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-label={t.resetPasswordFor(student.name, student.userId)}
    >
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t.resetPasswordFor(student.name, student.userId)}
        </Title>
        <CloseButton aria-label="Close" onClick={onClose} />
      </Group>
      <ResetPasswordSection key={student.userId} user={student} />
    </Paper>
  );
}

function Filters(props: {
  q: string;
  setQ: (q: string) => void;
  branchId: string;
  setBranchId: (b: string) => void;
  branches: Branch[];
}) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        type="search"
        label={t.searchLabel}
        placeholder={t.searchPlaceholder}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={props.q}
        onChange={(e) => props.setQ(e.currentTarget.value)}
        w={{ base: '100%', xs: 280 }}
        maxLength={100}
      />
      <NativeSelect
        label="Branch"
        data={[
          { value: ALL, label: t.allBranches },
          ...props.branches.map((b) => ({ value: String(b.branchId), label: b.branchName })),
        ]}
        value={props.branchId}
        onChange={(e) => props.setBranchId(e.currentTarget.value)}
        w={{ base: '100%', xs: 220 }}
      />
    </Group>
  );
}

/** `{bankId}/students`: tellers and admins find a student (issue 12). Admins may reset a password here too. */
export function StudentsPage() {
  const { user } = useRequiredSession();
  const [q, setQ] = useState('');
  const [branchId, setBranchId] = useState(ALL);
  const [query] = useDebouncedValue(q.trim(), 300);
  const [resetting, setResetting] = useState<Student | null>(null);
  const branches = useBranches(user.bankId);
  const settings = useBankSettings(user.bankId, user.userRole === 'TELLER');
  const students = useStudents(user.bankId, { q: query, branchId: branchId || undefined });
  const actions: RowActions = {
    user,
    deposit: mayMoveMoney(user.userRole, settings.data, 'deposit'),
    withdraw: mayMoveMoney(user.userRole, settings.data, 'withdrawal'),
    onReset: user.userRole === 'ADMIN' ? setResetting : null,
  };
  return (
    <>
      <PageHeader title={t.studentsTitle} subtitle={t.studentsSubtitle} />
      <Stack>
        <Filters {...{ q, setQ, branchId, setBranchId }} branches={branches.data ?? []} />
        {resetting && <ResetPanel student={resetting} onClose={() => setResetting(null)} />}
        <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
          <QueryState query={students} what="the students">
            {(list) => (
              <DataTable
                label="Students"
                columns={columns(branches.data ?? [], actions)}
                rows={list}
                rowKey={(s) => s.userId}
                emptyText={t.noStudentsFound}
                minWidth={940}
                rowTestId="student-row"
              />
            )}
          </QueryState>
        </Paper>
      </Stack>
    </>
  );
}
