import { Button, Checkbox, Group, NativeSelect, Paper, Stack } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  classroomText as t,
  limits,
  mayMoveMoney,
  teacherText,
  type Branch,
  type Slip,
  type Student,
} from '@bank/shared';
import { AskAdmin } from '../../components/ask-admin';
import { DataTable } from '../../components/data-table';
import { countText, ListSearch, ShowMore } from '../../components/long-list';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { ResetPasswordDialog } from '../../components/reset-password-dialog';
import { failureStatus, StatusLine, type Status } from '../../components/status-message';
import { useConfirmAction } from '../../components/use-confirm-action';
import { useClassRights, type ClassRights } from '../../lib/class-rights';
import { useRequiredSession } from '../../lib/current-user';
import { newSlipsStore, type SlipsFrom } from '../../lib/import-result';
import { paths } from '../../lib/paths';
import { useBankSettings, useBranches } from '../../lib/queries';
import type { ListPage, PagedList } from '../../lib/paged-list';
import { useListSearch } from '../../lib/use-list-search';
import { StudentCard, studentColumns, type RowActions } from './student-rows';
import { useRememberedClass, useStudentPages } from './students-list';
import { classUsernames, useNewSlips, usePageGoals, useSetBanker } from './teacher-api';

const ALL = '';

function BranchFilter(props: { branchId: string; setBranchId: (b: string) => void; branches: Branch[] }) {
  return (
    <NativeSelect
      label={teacherText.classFilter}
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

const branchNameOf = (branches: Branch[], id: number) =>
  branches.find((b) => b.branchId === id)?.branchName ?? '';

/** The students chosen for new sign-in slips, by User Id. */
function useChosen() {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const choose = (usernames: string[], on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      for (const name of usernames) {
        if (on) next.add(name);
        else next.delete(name);
      }
      return next;
    });
  return { chosen, choose, clear: () => setChosen(new Set()) };
}

/**
 * New sign-in slips (issue 33): for the chosen students or a whole class, after a Confirm Action;
 * the new passwords wait in this tab (newSlipsStore) for the slips screen, which prints them.
 */
function useSlipsAction(bankId: number, onFailed: (status: Status) => void) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const slips = useNewSlips();
  const { ask, modal } = useConfirmAction();
  const printed = (made: Slip[]) => {
    newSlipsStore.save(made);
    // Done on the slips comes back to the list as it was left (its class and search).
    void navigate(paths.newSlips(bankId), { state: { studentsSearch: search } satisfies SlipsFrom });
  };
  const request = (usernames: () => Promise<string[]>, count: number) =>
    ask({
      message: teacherText.newSlipsConfirm(count),
      confirmLabel: teacherText.newSlipsConfirmButton,
      danger: true,
      onConfirm: () =>
        void usernames()
          .then((names) => slips.mutateAsync(names))
          .then(printed)
          .catch((error: unknown) => onFailed(failureStatus(teacherText.slipsFailed, error))),
    });
  return { request, modal, busy: slips.isPending, printed };
}

/** What the signed-in staff member may do from a row: the bank's teller rules and class rights. */
function useRowActions(
  rights: ClassRights,
  list: PagedList<Student>,
  onReset: (student: Student) => void,
  onStatus: (status: Status) => void,
): RowActions & { clearChosen: () => void; chooseAll: (on: boolean) => void } {
  const { user } = useRequiredSession();
  const settings = useBankSettings(user.bankId, user.userRole === 'TELLER');
  const banker = useSetBanker();
  const { chosen, choose, clear } = useChosen();
  const rows = list.rows ?? [];
  const mayReset = (s: Student) => rights.may('resetPasswords', s.branchId);
  const pages = useStudentGoalPages(list.data);
  const goals = usePageGoals(user.bankId, pages);
  return {
    user,
    deposit: mayMoveMoney(user.userRole, settings.data, 'deposit'),
    withdraw: mayMoveMoney(user.userRole, settings.data, 'withdrawal'),
    mayReset,
    onReset,
    mayChooseBanker: (s) => rights.may('manageBankers', s.branchId),
    onBanker: (student, on) =>
      banker.mutate(
        { username: student.username, banker: on },
        {
          onSuccess: () => onStatus({ kind: 'success', title: teacherText.bankerSaved(student.name, on) }),
          onError: (error) => onStatus(failureStatus(teacherText.bankerFailed, error)),
        },
      ),
    bankerBusy: banker.isPending ? (banker.variables?.username ?? null) : null,
    chosen: rights.refusal('resetPasswords') === null ? chosen : null,
    onChoose: (student, on) => choose([student.username], on),
    clearChosen: clear,
    chooseAll: (on) =>
      choose(
        rows.filter(mayReset).map((s) => s.username),
        on,
      ),
    goals,
  };
}

/** Each page of the roster as read, its savers' User Ids: one goals call a page. */
function useStudentGoalPages(pages: ListPage<Student>[] | undefined): string[][] {
  return useMemo(
    () =>
      (pages ?? []).map((page) =>
        page.rows.filter((s) => s.accounts.some((a) => a.accountType === 'SAVINGS')).map((s) => s.username),
      ),
    [pages],
  );
}

/** Choose every student shown, print the chosen ones' slips, or the whole class's. */
function SlipsBar(props: {
  actions: ReturnType<typeof useRowActions>;
  rows: Student[];
  classId: number | null;
  className: string;
  classSize: number | undefined;
  busy: boolean;
  onChosen: () => void;
  onClass: (branchId: number, count: number) => void;
}) {
  const { actions, rows, classId, classSize } = props;
  const chosen = actions.chosen;
  if (!chosen) return null;
  const choosable = rows.filter(actions.mayReset);
  const all = choosable.length > 0 && choosable.every((s) => chosen.has(s.username));
  const some = choosable.some((s) => chosen.has(s.username));
  const wholeClass = classId !== null && classSize !== undefined && classSize > 0;
  return (
    <Group gap="sm" wrap="wrap" justify="space-between" data-testid="slips-bar">
      <Checkbox
        label={teacherText.chooseAllShown}
        checked={all}
        indeterminate={some && !all}
        disabled={choosable.length === 0}
        onChange={(e) => actions.chooseAll(e.currentTarget.checked)}
      />
      <Group gap="xs" wrap="wrap">
        {wholeClass && (
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} aria-hidden />}
            disabled={props.busy || classSize > limits.slipsMax}
            onClick={() => props.onClass(classId, classSize)}
          >
            {teacherText.printClassSlips(props.className, classSize)}
          </Button>
        )}
        <Button
          leftSection={<IconPrinter size={16} aria-hidden />}
          disabled={props.busy || chosen.size === 0 || chosen.size > limits.slipsMax}
          onClick={props.onChosen}
        >
          {props.busy
            ? teacherText.makingSlips
            : chosen.size === 0
              ? teacherText.printNewSlips
              : teacherText.printNewSlipsFor(chosen.size)}
        </Button>
      </Group>
    </Group>
  );
}

/** "Ask an admin" for what the teacher may not do for their own class (issue 33). */
function RightsNote({ rights }: { rights: ClassRights }) {
  return (
    <AskAdmin
      refused={(['resetPasswords', 'manageBankers'] as const).map((right) => ({
        right,
        refusal: rights.refusal(right),
      }))}
    />
  );
}

/** The slip a reset prints: the new password, with the student's class by name. */
function resetSlip(
  student: Pick<Student, 'userId' | 'name'>,
  password: string,
  rows: Student[],
  branches: Branch[],
): Slip {
  const branch = rows.find((s) => s.userId === student.userId)?.branchId;
  return {
    username: student.userId,
    name: student.name,
    branchName: branch === undefined ? '' : branchNameOf(branches, branch),
    temporaryPassword: password,
  };
}

/** The roster: a table (a card per student on a phone), a page at a time, with Show more. */
function StudentsTable(props: {
  list: PagedList<Student>;
  branches: Branch[];
  actions: RowActions;
  oneClass: boolean;
}) {
  const { list, branches, actions } = props;
  const listRef = useRef<HTMLDivElement>(null);
  return (
    <Paper withBorder p={{ base: 'xs', sm: 'md' }} radius="md" ref={listRef}>
      <QueryState query={{ ...list, data: list.rows }} what="the students">
        {(loaded) => (
          <DataTable
            label="Students"
            columns={studentColumns(branches, actions, props.oneClass)}
            phoneCard={(s) => <StudentCard student={s} branches={branches} actions={actions} />}
            rows={loaded}
            rowKey={(s) => s.userId}
            emptyText={t.noStudentsFound}
            minWidth={940}
            rowTestId="student-row"
          />
        )}
      </QueryState>
      <ShowMore list={list} noun={t.studentsNoun} what="more students" listRef={listRef} />
    </Paper>
  );
}

/**
 * `{bankId}/students`: tellers and admins find a student (issue 12), a page at a time with a search
 * on the server and a count (issue 20). The chosen class is remembered; a teacher resets passwords,
 * prints new sign-in slips (chosen students or the whole class) and chooses class bankers for their
 * own class, and reads "Ask an admin" where they may not (issue 33).
 */
export function StudentsPage() {
  const { user } = useRequiredSession();
  const { bankId } = user;
  const search = useListSearch();
  const branches = useBranches(bankId);
  const branchList = branches.data ?? [];
  const [branchId, setBranchId] = useRememberedClass(user, branchList);
  const [resetting, setResetting] = useState<Student | null>(null);
  const [status, setStatus] = useState<Status | null>(null);
  const rights = useClassRights();
  const { list, filtered, unfilteredTotal } = useStudentPages(bankId, { q: search.q, branchId });
  const rows = list.rows ?? [];
  const actions = useRowActions(rights, list, setResetting, setStatus);
  const slips = useSlipsAction(bankId, setStatus);
  const classId = branchId === ALL ? null : Number(branchId);
  const chosen = [...(actions.chosen ?? [])];
  const requestSlips = (usernames: () => Promise<string[]>, count: number) => {
    setStatus(null);
    slips.request(usernames, count);
  };
  return (
    <>
      <PageHeader title={t.studentsTitle} subtitle={t.studentsSubtitle} />
      <Stack>
        <RightsNote rights={rights} />
        <StatusLine status={status} />
        <ListSearch
          value={search.text}
          onChange={search.setText}
          placeholder={t.searchPlaceholder}
          count={countText(list, t.studentsNoun, filtered, unfilteredTotal)}
          searching={list.isPlaceholderData}
          filtered={filtered}
        >
          <BranchFilter
            branchId={branchId}
            setBranchId={(next) => {
              actions.clearChosen();
              setBranchId(next);
            }}
            branches={branchList}
          />
        </ListSearch>
        <SlipsBar
          actions={actions}
          rows={rows}
          classId={classId !== null && rights.may('resetPasswords', classId) ? classId : null}
          className={classId === null ? '' : branchNameOf(branchList, classId)}
          classSize={search.q ? undefined : list.total}
          busy={slips.busy}
          onChosen={() => requestSlips(async () => chosen, chosen.length)}
          onClass={(id, count) => requestSlips(() => classUsernames(bankId, id), count)}
        />
        <StudentsTable list={list} branches={branchList} actions={actions} oneClass={classId !== null} />
      </Stack>
      <ResetPasswordDialog
        user={resetting}
        onClose={() => setResetting(null)}
        via={user.userRole === 'ADMIN' ? 'admin' : 'teacher'}
        onPrintSlip={(student, password) => slips.printed([resetSlip(student, password, rows, branchList)])}
      />
      {slips.modal}
    </>
  );
}
