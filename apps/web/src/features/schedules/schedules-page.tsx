import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconHistory, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  BATCH_KINDS,
  mayMoveMoney,
  schoolYearScreens as t,
  type Account,
  type BankSettings,
  type Branch,
  type Schedule,
  type Student,
} from '@bank/shared';
import { PageHeader } from '../../components/page-header';
import { allOf, QueryState } from '../../components/query-state';
import { StatusLine, type Status } from '../../components/status-message';
import { useRequiredSession } from '../../lib/current-user';
import { paths } from '../../lib/paths';
import { useBankAccounts, useBankSettings, useBranches, useStudents } from '../../lib/queries';
import { readPrefill } from '../../lib/schedule-prefill';
import { useSchedules } from './api';
import { ReversePaydayDialog, type PaydayToReverse } from './reverse-payday-dialog';
import { ScheduleCard } from './schedule-card';
import { ScheduleForm } from './schedule-form';
import { freshValues, prefilledValues, valuesOf, type ScheduleValues } from './schedule-form-model';
import type { LineContext } from './schedule-line';

type Editing = { initial: ScheduleValues; schedule?: Schedule } | null;

interface Loaded {
  settings: BankSettings;
  schedules: Schedule[];
  branches: Branch[];
  accounts: Account[];
  students: Student[];
}

function contextOf({ settings, branches, accounts }: Loaded): LineContext {
  const names = new Map(branches.map((b) => [b.branchId, b.branchName]));
  const branchOf = new Map(accounts.map((a) => [a.accountId, a.branchId]));
  return {
    zone: settings.timeZone,
    branchName: (id) => names.get(id),
    accountBranch: (id) => branchOf.get(id),
  };
}

/** Each schedule as a card of the list, or a word that there are none yet. */
function ScheduleList(props: {
  data: Loaded;
  onEdit: (schedule: Schedule) => void;
  onStatus: (status: Status) => void;
  onReverse: ((payday: PaydayToReverse) => void) | undefined;
}) {
  const { user } = useRequiredSession();
  const { data, onEdit, onStatus, onReverse } = props;
  if (data.schedules.length === 0) return <Text c="dimmed">{t.noSchedules}</Text>;
  const context = contextOf(data);
  return (
    <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t.schedulesTitle}>
      {data.schedules.map((schedule) => (
        <ScheduleCard
          key={schedule.scheduleId}
          schedule={schedule}
          context={context}
          mayChange={mayMoveMoney(user.userRole, data.settings, schedule.kind)}
          onEdit={onEdit}
          onStatus={onStatus}
          onReverse={onReverse}
        />
      ))}
    </Stack>
  );
}

/** The list and the form, once everything they name is loaded. */
function SchedulesBody({
  data,
  firstEditing,
}: {
  data: Loaded;
  firstEditing: (settings: BankSettings) => Editing;
}) {
  const { user } = useRequiredSession();
  const [editing, setEditing] = useState<Editing>(() => firstEditing(data.settings));
  const [status, setStatus] = useState<Status | null>(null);
  const [reversing, setReversing] = useState<PaydayToReverse | null>(null);
  const kinds = BATCH_KINDS.filter((kind) => mayMoveMoney(user.userRole, data.settings, kind));
  const admin = user.userRole === 'ADMIN';
  const show = (next: Status) => {
    setStatus(next);
    setEditing(null);
    setReversing(null);
  };
  return (
    <Stack gap="md">
      <StatusLine status={status} />
      {!editing && kinds.length > 0 && (
        <Group>
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditing({ initial: freshValues(data.settings, kinds[0]!) })}
          >
            {t.newSchedule}
          </Button>
        </Group>
      )}
      {editing && (
        <ScheduleForm
          key={editing.schedule?.scheduleId ?? 'new'}
          settings={data.settings}
          initial={editing.initial}
          schedule={editing.schedule}
          kinds={kinds}
          branches={data.branches}
          students={data.students}
          onDone={show}
          onCancel={() => setEditing(null)}
        />
      )}
      <ScheduleList
        data={data}
        onEdit={(s) => {
          setStatus(null);
          setEditing({ initial: valuesOf(s, data.settings), schedule: s });
        }}
        onStatus={setStatus}
        onReverse={admin ? setReversing : undefined}
      />
      <ReversePaydayDialog
        bankId={user.bankId}
        payday={reversing}
        onClose={() => setReversing(null)}
        onDone={show}
      />
    </Stack>
  );
}

/**
 * `{bankId}/schedules` (issue 21): the bank's paydays and bills that run themselves, each as one
 * line; a form that previews the next run before saving; pause, resume, Run now, delete; each
 * schedule's runs. Payday's "Repeat this every week" opens the form filled in.
 */
export function SchedulesPage() {
  const { user } = useRequiredSession();
  const location = useLocation();
  const settings = useBankSettings(user.bankId);
  const schedules = useSchedules(user.bankId);
  const branches = useBranches(user.bankId);
  const accounts = useBankAccounts(user.bankId);
  const students = useStudents(user.bankId);
  const navigate = useNavigate();
  // Read once, then dropped from the history entry: a reload or a return later opens no form.
  const [prefill] = useState(() => readPrefill(location.state));
  useEffect(() => {
    if (prefill) void navigate(location.pathname, { replace: true, state: null });
  }, [prefill, navigate, location.pathname]);
  const firstEditing = (s: BankSettings): Editing =>
    prefill ? { initial: prefilledValues(s, prefill) } : null;
  return (
    <>
      <PageHeader
        title={t.schedulesTitle}
        subtitle={settings.data ? t.schedulesSubtitle(settings.data.timeZone) : undefined}
        actions={
          <Button
            component={Link}
            to={paths.paydayHistory(user.bankId)}
            variant="default"
            leftSection={<IconHistory size={16} aria-hidden />}
          >
            {t.paydayHistory}
          </Button>
        }
      />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" maw={960}>
        <QueryState query={allOf(settings, schedules, branches, accounts, students)} what="the schedules">
          {([settingsData, schedulesData, branchesData, accountsData, studentsData]) => (
            <SchedulesBody
              data={{
                settings: settingsData,
                schedules: schedulesData,
                branches: branchesData,
                accounts: accountsData,
                students: studentsData,
              }}
              firstEditing={firstEditing}
            />
          )}
        </QueryState>
      </Paper>
    </>
  );
}
