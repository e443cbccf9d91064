import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconCalendarRepeat } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { classroomText, schoolYearScreens as t, type BatchSummary } from '@bank/shared';
import { DataTable, type Column } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { StatusLine, type Status } from '../../components/status-message';
import { useRequiredSession } from '../../lib/current-user';
import { formatDate, money } from '../../lib/format';
import { paths } from '../../lib/paths';
import { usePaydays } from './api';
import { ReversePaydayDialog, type PaydayToReverse } from './reverse-payday-dialog';

/** "Reverses the payday of 12/04/2026", "3 of 24 reversed", "Reversed", or nothing. */
function stateOf(batch: BatchSummary, all: BatchSummary[]): string {
  if (batch.reversalOf) {
    const original = all.find((b) => b.batchId === batch.reversalOf);
    return t.reversalOfPayday(original ? formatDate(original.createdAt) : '—');
  }
  if (batch.reversedCount === 0) return '';
  return batch.reversedCount >= batch.count
    ? t.reversedAll
    : t.reversedSome(batch.reversedCount, batch.count);
}

/** A payday can be reversed while some of it stands, and unless it is a reversal itself. */
const reversible = (batch: BatchSummary) => batch.reversalOf === null && batch.reversedCount < batch.count;

function columns(all: BatchSummary[], onReverse?: (batch: BatchSummary) => void): Column<BatchSummary>[] {
  const list: Column<BatchSummary>[] = [
    { header: 'Date', wrap: 'nowrap', cell: (b) => formatDate(b.createdAt) },
    { header: 'Payday', cell: (b) => b.memo ?? '—' },
    {
      header: 'Kind',
      cell: (b) => (b.kind === 'deposit' ? classroomText.paydayDeposit : classroomText.paydayWithdrawal),
    },
    { header: 'Count', align: 'right', cell: (b) => b.count },
    { header: 'Total', align: 'right', cell: (b) => money(b.total) },
    { header: 'By', cell: (b) => b.createdBy },
    { header: 'Reversal', cell: (b) => stateOf(b, all) || '—' },
  ];
  if (!onReverse) return list;
  return [
    ...list,
    {
      header: t.reverse,
      action: true,
      cell: (b) =>
        reversible(b) ? (
          <Button
            size="compact-sm"
            variant="default"
            aria-label={`${t.reverse}: ${b.memo ?? classroomText.paydayTitle}, ${formatDate(b.createdAt)}`}
            onClick={() => onReverse(b)}
          >
            {t.reverseEllipsis}
          </Button>
        ) : null,
    },
  ];
}

/**
 * `{bankId}/payday/history` (issue 21): every payday, by hand or by a schedule, newest first. An
 * admin reverses one here, all of it or the chosen students, with a reason.
 */
export function PaydayHistoryPage() {
  const { user } = useRequiredSession();
  const paydays = usePaydays(user.bankId);
  const [reversing, setReversing] = useState<PaydayToReverse | null>(null);
  const [status, setStatus] = useState<Status | null>(null);
  const admin = user.userRole === 'ADMIN';
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
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" maw={1100}>
        <Stack gap="md">
          <StatusLine status={status} />
          <QueryState query={paydays} what="the paydays">
            {(data) =>
              data.length === 0 ? (
                <Text c="dimmed">{t.noPaydays}</Text>
              ) : (
                <DataTable
                  label={t.paydaysTableLabel}
                  columns={columns(data, admin ? setReversing : undefined)}
                  rows={data}
                  rowKey={(b) => b.batchId}
                  emptyText={t.noPaydays}
                  minWidth={820}
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
