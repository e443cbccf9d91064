import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconCalendarRepeat } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { classroomText, schoolYearScreens as t, teacherText, type BatchSummary } from '@bank/shared';
import { AskAdmin } from '../../components/ask-admin';
import { DataTable, type Column } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { StatusLine, type Status } from '../../components/status-message';
import { useClassRights, type ClassRights } from '../../lib/class-rights';
import { useRequiredSession } from '../../lib/current-user';
import { formatDate, money } from '../../lib/format';
import { paths } from '../../lib/paths';
import { usePaydays } from './api';
import { ReversePaydayDialog, type PaydayToReverse } from './reverse-payday-dialog';

/** A payday's name: its memo, or "Payday 12/04/2026" (issue 33: never a dash). */
export const paydayName = (batch: Pick<BatchSummary, 'memo' | 'createdAt'>) =>
  teacherText.paydayName(batch.memo, formatDate(batch.createdAt));

/** "Maya Chen, Leo Park and 3 more": the names a summary gives, and how many it leaves out. */
const someNames = (names: string[], count: number) =>
  teacherText.andMore(names, Math.max(0, count - names.length));

/**
 * What became of a payday, by name (issue 33): a reversal says what it undid and for whom ('Undoes
 * "Class job pay" of 12/04/2026 for Cara Classmate'); a payday, whom its reversals undid.
 */
function stateOf(batch: BatchSummary, all: BatchSummary[]): string {
  if (batch.reversalOf) {
    const original = all.find((b) => b.batchId === batch.reversalOf);
    const name = original ? paydayName(original) : classroomText.paydayTitle;
    const when = original ? formatDate(original.createdAt) : '—';
    if (original && batch.count >= original.count) return teacherText.reversalOf(name, when);
    return teacherText.reversalOfFor(name, when, someNames(batch.names, batch.count));
  }
  if (batch.reversedCount === 0) return '';
  return batch.reversedCount >= batch.count
    ? teacherText.reversedEveryone
    : teacherText.reversedFor(someNames(batch.reversedNames, batch.reversedCount));
}

/** A payday can be reversed while some of it stands, and unless it is a reversal itself. */
const reversible = (batch: BatchSummary) => batch.reversalOf === null && batch.reversedCount < batch.count;

/** Whether the signed-in staff member may reverse some of it: an admin any; a teacher, their class's. */
const mayReverse = (rights: ClassRights, batch: BatchSummary) =>
  batch.branches.some((b) => rights.may('reverse', b.branchId));

function columns(
  all: BatchSummary[],
  rights: ClassRights,
  onReverse?: (batch: BatchSummary) => void,
): Column<BatchSummary>[] {
  const list: Column<BatchSummary>[] = [
    { header: 'Date', wrap: 'nowrap', cell: (b) => formatDate(b.createdAt) },
    { header: 'Payday', cell: paydayName },
    { header: teacherText.classColumn, cell: (b) => b.branches.map((c) => c.branchName).join(', ') || '—' },
    {
      header: 'Kind',
      cell: (b) => (b.kind === 'deposit' ? classroomText.paydayDeposit : classroomText.paydayWithdrawal),
    },
    { header: 'Count', align: 'right', cell: (b) => b.count },
    { header: 'Total', align: 'right', cell: (b) => money(b.total) },
    { header: teacherText.byColumn, cell: (b) => b.createdByName },
    { header: 'Reversal', cell: (b) => stateOf(b, all) || '—' },
  ];
  if (!onReverse) return list;
  return [
    ...list,
    {
      header: t.reverse,
      action: true,
      cell: (b) =>
        reversible(b) && mayReverse(rights, b) ? (
          <Button
            size="compact-sm"
            variant="default"
            aria-label={`${t.reverse}: ${paydayName(b)}`}
            onClick={() => onReverse(b)}
          >
            {t.reverseEllipsis}
          </Button>
        ) : null,
    },
  ];
}

/**
 * `{bankId}/payday/history` (issue 21): every payday, by hand or by a schedule, newest first, read as
 * a class's history (issue 33): the class, the payday's name, who ran it and whom a reversal undid.
 * An admin reverses one here, all of it or the chosen students, with a reason; a teacher their own
 * class's payments when the bank allows it, and otherwise reads whom to ask.
 */
export function PaydayHistoryPage() {
  const { user } = useRequiredSession();
  const paydays = usePaydays(user.bankId);
  const rights = useClassRights();
  const [reversing, setReversing] = useState<PaydayToReverse | null>(null);
  const [status, setStatus] = useState<Status | null>(null);
  const refusal = rights.refusal('reverse');
  return (
    <>
      <PageHeader
        title={t.paydayHistoryTitle}
        subtitle={t.paydayHistorySubtitle}
        actions={
          <Button
            component={Link}
            to={paths.schedules(user.bankId)}
            variant="default"
            leftSection={<IconCalendarRepeat size={16} aria-hidden />}
          >
            {t.schedules}
          </Button>
        }
      />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" maw={1200}>
        <Stack gap="md">
          <AskAdmin refused={[{ right: 'reverse', refusal }]} />
          {user.userRole === 'TELLER' && refusal === null && (
            <Text size="sm" c="dimmed">
              {teacherText.onlyYourClass}
            </Text>
          )}
          <StatusLine status={status} />
          <QueryState query={paydays} what="the paydays">
            {(data) =>
              data.length === 0 ? (
                <Text c="dimmed">{t.noPaydays}</Text>
              ) : (
                <DataTable
                  label={t.paydaysTableLabel}
                  columns={columns(data, rights, refusal === null ? setReversing : undefined)}
                  rows={data}
                  rowKey={(b) => b.batchId}
                  emptyText={t.noPaydays}
                  minWidth={900}
                  rowTestId="payday-history-row"
                />
              )
            }
          </QueryState>
        </Stack>
      </Paper>
      <ReversePaydayDialog
        bankId={user.bankId}
        payday={reversing}
        onClose={() => setReversing(null)}
        onDone={(next) => {
          setReversing(null);
          setStatus(next);
        }}
      />
    </>
  );
}
