import { List, Stack, Text, Title } from '@mantine/core';
import {
  guidanceMessages,
  schoolYearScreens as t,
  type BatchPreviewItem,
  type SchedulePreview,
} from '@bank/shared';
import { DANGER_TEXT } from '../../components/delete-button';
import { DataTable, type Column } from '../../components/data-table';
import { bankDayTime } from '../../lib/bank-time';
import { cents, lastFour, money } from '../../lib/format';

/** What the item pays or takes: the difference of its balances (a cut item pays less than asked). */
const movedOf = (item: BatchPreviewItem) =>
  item.balance === null || item.newBalance === null
    ? null
    : Math.abs(cents(item.newBalance) - cents(item.balance)) / 100;

const accountOf = (r: BatchPreviewItem) =>
  r.accountType ? `${r.accountType} ${lastFour(r.accountId)}` : r.accountId || '—';

const columns: Column<BatchPreviewItem>[] = [
  { header: 'Student', cell: (r) => r.name ?? t.noAccountName },
  { header: 'Account', cell: accountOf },
  { header: 'Balance', align: 'right', cell: (r) => (r.balance === null ? '' : money(r.balance)) },
  {
    header: 'Amount',
    align: 'right',
    cell: (r) => {
      const moved = movedOf(r);
      return moved === null ? '—' : money(moved);
    },
  },
  { header: 'New balance', align: 'right', cell: (r) => (r.newBalance === null ? '' : money(r.newBalance)) },
  {
    header: 'Note',
    cell: (r) =>
      r.error ? (
        <Text size="sm" c={r.newBalance === null ? DANGER_TEXT : undefined} fw={600}>
          {r.error}
        </Text>
      ) : (
        '—'
      ),
  },
];

/** A value with a small dimmed line under it, as the account page folds its columns on a phone. */
function TwoLines({ main, under }: { main: string; under: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{main}</Text>
      <Text size="xs" c="dimmed">
        {under}
      </Text>
    </Stack>
  );
}

/** On a phone: the student over their account, the amount over the new balance, and the note. */
const phoneColumns: Column<BatchPreviewItem>[] = [
  {
    header: 'Student',
    cell: (r) => <TwoLines main={r.name ?? t.noAccountName} under={accountOf(r)} />,
  },
  {
    header: 'Amount',
    align: 'right',
    cell: (r) => {
      const moved = movedOf(r);
      return moved === null || r.newBalance === null ? (
        '—'
      ) : (
        <TwoLines main={money(moved)} under={`${guidanceMessages.newBalance} ${money(r.newBalance)}`} />
      );
    },
  },
  columns[5]!,
];

/** The counts in words: payments and their total, then who is left out or cut. */
function summaryOf(preview: SchedulePreview): string[] {
  const leftOut = preview.items.filter((i) => i.newBalance === null).length;
  const cut = preview.items.filter((i) => i.newBalance !== null && i.error !== null).length;
  return [
    t.payCount(preview.count, money(preview.total)),
    ...(leftOut > 0 ? [t.leftOutCount(leftOut)] : []),
    ...(cut > 0 ? [t.cutCount(cut)] : []),
  ];
}

/** The next run as the server worked it out: when, how much, and each student's line. */
export function SchedulePreviewBlock({ preview, zone }: { preview: SchedulePreview; zone: string }) {
  return (
    <Stack gap="xs" data-testid="schedule-preview">
      <Title order={3} size="h5">
        {t.previewTitle}
      </Title>
      <List size="sm" spacing={2}>
        <List.Item>
          {preview.runAt ? t.previewRunAt(bankDayTime(preview.runAt, zone)) : t.previewNoRun}
        </List.Item>
        {summaryOf(preview).map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
      {preview.items.length === 0 ? (
        <Text size="sm">{t.nobodyToPay}</Text>
      ) : (
        <DataTable
          label={t.previewTableLabel}
          columns={columns}
          rows={preview.items}
          rowKey={(r) => `${r.accountId}-${r.username ?? ''}`}
          emptyText=""
          minWidth={720}
          rowTestId="preview-row"
          phoneColumns={phoneColumns}
        />
      )}
    </Stack>
  );
}
