import { NativeSelect, Paper, Stack } from '@mantine/core';
import { useRef, useState } from 'react';
import { classroomText as t, mayMoveMoney, type Branch, type Student } from '@bank/shared';
import { DataTable } from '../../components/data-table';
import { countText, ListSearch, ShowMore } from '../../components/long-list';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { ResetPasswordDialog } from '../../components/reset-password-dialog';
import { useRequiredSession } from '../../lib/current-user';
import { useBankSettings, useBranches } from '../../lib/queries';
import { useListSearch } from '../../lib/use-list-search';
import { StudentCard, studentColumns, type RowActions } from './student-rows';
import { useStudentPages } from './students-list';

const ALL = '';

function BranchFilter(props: { branchId: string; setBranchId: (b: string) => void; branches: Branch[] }) {
  return (
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
  );
}

/** What the signed-in staff member may do from a row: the bank's teller rules, an admin's reset. */
function useRowActions(onReset: (student: Student) => void): RowActions {
  const { user } = useRequiredSession();
  const settings = useBankSettings(user.bankId, user.userRole === 'TELLER');
  return {
    user,
    deposit: mayMoveMoney(user.userRole, settings.data, 'deposit'),
    withdraw: mayMoveMoney(user.userRole, settings.data, 'withdrawal'),
    onReset: user.userRole === 'ADMIN' ? onReset : null,
  };
}

/**
 * `{bankId}/students`: tellers and admins find a student (issue 12), a page at a time with a search
 * on the server and a count (issue 20). Admins may reset a password here too, in a dialog.
 */
export function StudentsPage() {
  const { bankId } = useRequiredSession().user;
  const search = useListSearch();
  const [branchId, setBranchId] = useState(ALL);
  const [resetting, setResetting] = useState<Student | null>(null);
  const branches = useBranches(bankId);
  const actions = useRowActions(setResetting);
  const { list, filtered, unfilteredTotal } = useStudentPages(bankId, { q: search.q, branchId });
  const listRef = useRef<HTMLDivElement>(null);
  const branchList = branches.data ?? [];
  return (
    <>
      <PageHeader title={t.studentsTitle} subtitle={t.studentsSubtitle} />
      <Stack>
        <ListSearch
          value={search.text}
          onChange={search.setText}
          placeholder={t.searchPlaceholder}
          count={countText(list, t.studentsNoun, filtered, unfilteredTotal)}
          searching={list.isPlaceholderData}
          filtered={filtered}
        >
          <BranchFilter branchId={branchId} setBranchId={setBranchId} branches={branchList} />
        </ListSearch>
        <Paper withBorder p={{ base: 'xs', sm: 'md' }} radius="md" ref={listRef}>
          <QueryState query={{ ...list, data: list.rows }} what="the students">
            {(rows) => (
              <DataTable
                label="Students"
                columns={studentColumns(branchList, actions)}
                phoneCard={(s) => <StudentCard student={s} branches={branchList} actions={actions} />}
                rows={rows}
                rowKey={(s) => s.userId}
                emptyText={t.noStudentsFound}
                minWidth={940}
                rowTestId="student-row"
              />
            )}
          </QueryState>
          <ShowMore list={list} noun={t.studentsNoun} what="more students" listRef={listRef} />
        </Paper>
      </Stack>
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
    </>
  );
}
