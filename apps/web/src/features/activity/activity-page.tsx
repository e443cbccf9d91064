import { Anchor, Badge, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import type { AuditRecord } from '@bank/shared';
import { PageHeader } from '../../components/page-header';
import { DataTable, type Column } from '../../components/data-table';
import { LoadMore, QueryState } from '../../components/query-state';
import { formatDate, money } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useActivityPages } from './api';
import { usePhone } from '../../lib/use-phone';
import { activityTexts as texts } from './texts';

type Snapshot = NonNullable<AuditRecord['before']>;

/** "11/21/2026 2:05:09 PM" in the viewer's time zone. */
function formatWhen(iso: string): string {
  const date = dayjs(iso);
  return date.isValid() ? date.format('MM/DD/YYYY h:mm:ss A') : iso;
}

const isDelete = (record: AuditRecord) =>
  record.action === 'delete' ||
  (record.action === 'update' && (record.after === null || record.after.deleted));

function When({ at }: { at: string }) {
  return <time dateTime={at}>{formatWhen(at)}</time>;
}

function ActionBadge({ record }: { record: AuditRecord }) {
  if (record.action !== 'update' && record.action !== 'delete') {
    return (
      <Badge color="gray.8" variant="filled" radius="sm" tt="none">
        {texts.actions[record.action]}
      </Badge>
    );
  }
  return isDelete(record) ? (
    <Badge color="red.9" variant="filled" radius="sm" tt="none">
      {texts.deleted}
    </Badge>
  ) : (
    <Badge color="blue.9" variant="filled" radius="sm" tt="none">
      {texts.edited}
    </Badge>
  );
}

function AccountLink({ accountId }: { accountId: string }) {
  return (
    <Anchor component={Link} to={paths.account(accountId)} size="sm">
      {accountId}
    </Anchor>
  );
}

/** The three fields an admin can change: description, amount (with debit or credit) and date. */
const fields = [
  { label: 'Description', show: (s: Snapshot) => s.description },
  { label: 'Amount', show: (s: Snapshot) => `${money(s.amount)} ${s.type}` },
  { label: 'Date', show: (s: Snapshot) => formatDate(s.transactionDate) },
] as const;

/** One side of the change. On the "after" side, values that changed are bold and say so to screen readers. */
function SnapshotView({ snapshot, compareTo }: { snapshot: Snapshot; compareTo?: Snapshot }) {
  return (
    <Stack gap={0}>
      {fields.map(({ label, show }) => {
        const value = show(snapshot);
        const changed = compareTo !== undefined && show(compareTo) !== value;
        return (
          <Text key={label} size="sm" fw={changed ? 700 : undefined} style={{ overflowWrap: 'anywhere' }}>
            <VisuallyHidden>{label}: </VisuallyHidden>
            {value}
            {changed && <VisuallyHidden> (changed)</VisuallyHidden>}
          </Text>
        );
      })}
    </Stack>
  );
}

function AfterView({ record }: { record: AuditRecord }) {
  if (!record.before) return <Text size="sm">{record.summary}</Text>;
  if (isDelete(record) || !record.after) {
    return (
      <Text size="sm" fw={700} c="var(--mantine-color-error)">
        {texts.deleted}
      </Text>
    );
  }
  return <SnapshotView snapshot={record.after} compareTo={record.before} />;
}

/** Columns When, Who, Action, Transaction (id and account), Before, After. */
const columns: Column<AuditRecord>[] = [
  { header: 'When', wrap: 'nowrap', cell: (r) => <When at={r.at} /> },
  { header: 'Who', cell: (r) => r.actor ?? texts.theBank },
  { header: 'Action', cell: (r) => <ActionBadge record={r} /> },
  {
    header: 'Transaction',
    cell: (r) => (
      <Stack gap={0}>
        <span>{r.transactionId === null ? '—' : `#${r.transactionId}`}</span>
        {r.before && (
          <span>
            <VisuallyHidden>Account </VisuallyHidden>
            <AccountLink accountId={r.before.accountId} />
          </span>
        )}
      </Stack>
    ),
  },
  { header: 'Before', cell: (r) => (r.before ? <SnapshotView snapshot={r.before} /> : '—') },
  { header: 'After', cell: (r) => <AfterView record={r} /> },
];

/** The records: a table on a wide screen, one card per record on a phone. */
function ActivityTable({ records }: { records: AuditRecord[] }) {
  const phone = usePhone();
  const table = (
    <DataTable
      label={texts.tableLabel}
      columns={columns}
      rows={records}
      rowKey={(r) => r.id}
      rowExtras={(r) => ({ data: { 'transaction-id': r.transactionId ?? undefined } })}
      emptyText={texts.empty}
      minWidth={820}
      rowTestId="activity-row"
    />
  );
  return phone ? (
    table
  ) : (
    <Paper withBorder p="md" radius="md">
      {table}
    </Paper>
  );
}

/** `{bankId}/admin/activity` (beyond the spec): the audit of transaction edits and deletes, newest first. */
export function ActivityPage() {
  const pages = useActivityPages();
  return (
    <>
      <PageHeader title={texts.title} subtitle={texts.subtitle} />
      <QueryState query={pages} what={texts.what}>
        {(data) => {
          const records = data.pages.flatMap((p) => p.items);
          return records.length === 0 ? (
            <Paper withBorder p="lg" radius="md">
              <Text c="dimmed" data-testid="activity-empty">
                {texts.empty}
              </Text>
            </Paper>
          ) : (
            <Stack gap="md">
              <ActivityTable records={records} />
              <LoadMore pages={pages} what={texts.moreWhat} />
            </Stack>
          );
        }}
      </QueryState>
    </>
  );
}
