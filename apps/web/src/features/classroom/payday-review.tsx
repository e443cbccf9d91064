import { Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
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

type PreviewRow = BatchPreviewItem & { amount: number };

const previewColumns: Column<PreviewRow>[] = [
  { header: 'Student', cell: (r) => r.name ?? r.accountId },
  {
    header: 'Account',
    cell: (r) => (r.accountType ? `${r.accountType} ${lastFour(r.accountId)}` : r.accountId),
  },
  { header: 'Balance', align: 'right', cell: (r) => (r.balance === null ? '' : money(r.balance)) },
  { header: 'Amount', align: 'right', cell: (r) => money(r.amount) },
  { header: 'New balance', align: 'right', cell: (r) => (r.newBalance === null ? '' : money(r.newBalance)) },
  {
    header: 'Problem',
    cell: (r) =>
      r.error ? (
        <Text size="sm" c="var(--mantine-color-error)" fw={600}>
          {r.error}
        </Text>
      ) : (
        '—'
      ),
  },
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

/** Review: each row's new balance, the count and the total, refused rows explained; Submit once. */
export function PaydayReview({ branch, body, preview, pending, failure, onBack, onSubmit }: ReviewProps) {
  const rows = preview.items.map((item, i) => ({ ...item, amount: Number(body.items[i]?.amount ?? 0) }));
  return (
    <Stack>
      <Text fw={600}>Please check the payday, then submit.</Text>
      <SummaryTable
        testId="payday-summary"
        rows={[
          ['Branch', branch],
          ['Kind', body.kind === 'deposit' ? t.paydayDeposit : t.paydayWithdrawal],
          ['Count', t.paydayCount(preview.count)],
          ['Total', money(preview.total)],
          ...(body.memo ? [[t.memoLabel, body.memo] as [string, string]] : []),
        ]}
      />
      {!preview.ok && <StatusMessage kind="failure" title={t.paydayRefused} />}
      <DataTable
        label="Payday review"
        columns={previewColumns}
        rows={rows}
        rowKey={(r) => r.accountId}
        emptyText=""
        minWidth={720}
        rowTestId="review-row"
      />
      {failure}
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack} disabled={pending}>
          Back
        </Button>
        {preview.ok && (
          <Button onClick={onSubmit} disabled={pending}>
            {pending ? t.processingPayday : t.submitPayday}
          </Button>
        )}
      </Group>
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
