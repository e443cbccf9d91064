import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import {
  classroomText as t,
  type BatchBody,
  type BatchPreview,
  type BatchPreviewItem,
  type BatchResult,
} from '@bank/shared';
import { DataTable, type Column } from '../../components/data-table';
import { StatusMessage } from '../../components/status-message';
import { SummaryTable } from '../../components/summary-table';
import { downloadText, toCsv } from '../../lib/csv';
import { formatDate, lastFour, money } from '../../lib/format';
import { RepeatPayday } from './repeat-payday';
import { StickyFoot } from './sticky-foot';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

type PreviewRow = BatchPreviewItem & { amount: number };

const accountOf = (r: PreviewRow) =>
  r.accountType ? `${r.accountType} ${lastFour(r.accountId)}` : r.accountId;

function Problem({ row }: { row: PreviewRow }) {
  return (
    <Text size="sm" c="var(--mantine-color-error)" fw={600}>
      {row.error}
    </Text>
  );
}

const amountColumns: Column<PreviewRow>[] = [
  { header: 'Amount', align: 'right', cell: (r) => money(r.amount) },
  { header: 'New balance', align: 'right', cell: (r) => (r.newBalance === null ? '' : money(r.newBalance)) },
];

const previewColumns: Column<PreviewRow>[] = [
  { header: 'Student', cell: (r) => r.name ?? r.accountId },
  { header: 'Account', cell: accountOf, wrap: 'nowrap' },
  { header: 'Balance', align: 'right', cell: (r) => (r.balance === null ? '' : money(r.balance)) },
  ...amountColumns,
  { header: 'Problem', cell: (r) => (r.error ? <Problem row={r} /> : '—') },
];

/** On a phone: the student with their account (and any problem) under the name, then the money. */
const phonePreviewColumns: Column<PreviewRow>[] = [
  {
    header: 'Student',
    cell: (r) => (
      <>
        <Text size="sm" fw={600}>
          {r.name ?? r.accountId}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {accountOf(r)}
        </Text>
        {r.error && <Problem row={r} />}
      </>
    ),
  },
  ...amountColumns,
];

export interface ReviewProps {
  branch: string;
  body: BatchBody;
  preview: BatchPreview;
  pending: boolean;
  failure: ReactNode;
  onBack: () => void;
  onSubmit: () => void;
}

/** Back and Submit with the count and the total, always in view however long the list. */
function ReviewActions({
  preview,
  pending,
  failure,
  onBack,
  onSubmit,
}: Omit<ReviewProps, 'branch' | 'body'>) {
  return (
    <StickyFoot label={t.paydaySummaryLabel} testId="payday-review-bar">
      {failure}
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={700}>
          <span style={NOWRAP}>{t.paydayCount(preview.count)}</span> ·{' '}
          <span style={NOWRAP}>{t.paydayTotal(money(preview.total))}</span>
        </Text>
        <Group gap="xs" ml="auto">
          <Button variant="default" onClick={onBack} disabled={pending}>
            Back
          </Button>
          {preview.ok && (
            <Button onClick={onSubmit} disabled={pending}>
              {pending ? t.processingPayday : t.submitPayday}
            </Button>
          )}
        </Group>
      </Group>
    </StickyFoot>
  );
}

/**
 * Review: it opens at its top with focus on its heading; the summary (branch, kind, count, total,
 * memo) comes first, then each row's new balance, refused rows explained; Submit once.
 */
export function PaydayReview(props: ReviewProps) {
  const { branch, body, preview } = props;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);
  const rows = preview.items.map((item, i) => ({ ...item, amount: Number(body.items[i]?.amount ?? 0) }));
  return (
    <Stack>
      <Title order={2} size="h3" ref={heading} tabIndex={-1} data-testid="payday-review-heading">
        {t.reviewHeading}
      </Title>
      <SummaryTable
        testId="payday-summary"
        rows={[
          ['Branch', branch],
          ['Kind', body.kind === 'deposit' ? t.paydayDeposit : t.paydayWithdrawal],
          ['Count', t.paydayCount(preview.count)],
          ['Total', money(preview.total)],
          [t.memoLabel, body.memo ?? t.noMemo],
        ]}
      />
      {!preview.ok && <StatusMessage kind="failure" title={t.paydayRefused} />}
      <DataTable
        label="Payday review"
        columns={previewColumns}
        phoneColumns={phonePreviewColumns}
        rows={rows}
        rowKey={(r) => r.accountId}
        emptyText=""
        minWidth={720}
        rowTestId="review-row"
      />
      <ReviewActions {...props} />
    </Stack>
  );
}

/** The result as CSV: one line per transaction, with the student's name. */
function resultCsv(result: BatchResult, names: Map<string, string>): string {
  const header = [
    'Transaction Id',
    'Date',
    'Account',
    'Student',
    'Description',
    'Memo',
    'Debit',
    'Credit',
    'Status',
  ];
  const lines = result.transactions.map((x) => [
    x.id,
    formatDate(x.transactionDate),
    x.accountId,
    names.get(x.accountId) ?? '',
    x.description,
    x.memo ?? '',
    x.type === 'debit' ? x.amount.toFixed(2) : '',
    x.type === 'credit' ? x.amount.toFixed(2) : '',
    x.status,
  ]);
  return toCsv([header, ...lines]);
}

/** The confirmation: count, total, memo and the CSV of the result. */
export function PaydayDone({
  result,
  branch,
  names,
  onAnother,
}: {
  result: BatchResult;
  branch: string;
  names: Map<string, string>;
  onAnother: () => void;
}) {
  return (
    <Stack>
      <StatusMessage
        kind="success"
        title={t.paydaySucceeded}
        detail="The transactions are pending and post on the date shown."
      />
      <SummaryTable
        testId="payday-result"
        rows={[
          ['Branch', branch],
          ['Kind', result.kind === 'deposit' ? t.paydayDeposit : t.paydayWithdrawal],
          ['Count', t.paydayCount(result.count)],
          ['Total', money(result.total)],
          [t.memoLabel, result.memo ?? '—'],
          ['Date', formatDate(result.transactions[0]?.transactionDate)],
        ]}
      />
      <Group justify="flex-end">
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() =>
            downloadText(`payday-${result.batchId}.csv`, resultCsv(result, names), 'text/csv;charset=utf-8')
          }
        >
          {t.downloadCsv}
        </Button>
        <Button onClick={onAnother}>{t.anotherPayday}</Button>
      </Group>
      <RepeatPayday result={result} />
    </Stack>
  );
}
