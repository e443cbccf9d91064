import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import dayjs from 'dayjs';
import { Fragment, useMemo } from 'react';
import { Link } from 'react-router';
import type { AuditRecord } from '@bank/shared';
import { PageHeader } from '../../components/page-header';
import { LoadFailed, LoadingBlock } from '../../components/query-state';
import { formatDate, money } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useActivityPages } from './api';
import { activityTexts as texts } from './texts';
import { usePhone } from '../../lib/use-phone';

type Snapshot = AuditRecord['before'];

/** "11/21/2026 2:05:09 PM" in the viewer's time zone. */
function formatWhen(iso: string): string {
  const date = dayjs(iso);
  return date.isValid() ? date.format('MM/DD/YYYY h:mm:ss A') : iso;
}

const isDelete = (record: AuditRecord) =>
  record.action === 'delete' || record.after === null || record.after.deleted;

function When({ at }: { at: string }) {
  return <time dateTime={at}>{formatWhen(at)}</time>;
}

function ActionBadge({ record }: { record: AuditRecord }) {
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
  if (isDelete(record) || !record.after) {
    return (
      <Text size="sm" fw={700} c="red.9">
        {texts.deleted}
      </Text>
    );
  }
  return <SnapshotView snapshot={record.after} compareTo={record.before} />;
}

/** Columns When, Who, Action, Transaction (id and account), Before, After. */
function WideTable({ records }: { records: AuditRecord[] }) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped verticalSpacing="sm" aria-label={texts.tableLabel}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">When</Table.Th>
            <Table.Th scope="col">Who</Table.Th>
            <Table.Th scope="col">Action</Table.Th>
            <Table.Th scope="col">Transaction</Table.Th>
            <Table.Th scope="col">Before</Table.Th>
            <Table.Th scope="col">After</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((record) => (
            <Table.Tr key={record.id} data-testid="activity-row" data-transaction-id={record.transactionId}>
              <Table.Td style={{ whiteSpace: 'nowrap' }} fz="sm">
                <When at={record.at} />
              </Table.Td>
              <Table.Td fz="sm">{record.actor}</Table.Td>
              <Table.Td>
                <ActionBadge record={record} />
              </Table.Td>
              <Table.Td fz="sm">
                <Stack gap={0}>
                  <span>#{record.transactionId}</span>
                  <span>
                    <VisuallyHidden>Account </VisuallyHidden>
                    <AccountLink accountId={record.before.accountId} />
                  </span>
                </Stack>
              </Table.Td>
              <Table.Td>
                <SnapshotView snapshot={record.before} />
              </Table.Td>
              <Table.Td>
                <AfterView record={record} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** On a phone, one card per record: what happened and when, then before and after. */
function CompactList({ records }: { records: AuditRecord[] }) {
  return (
    <Stack
      component="ul"
      gap="sm"
      aria-label={texts.tableLabel}
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {records.map((record) => (
        <Paper
          component="li"
          key={record.id}
          withBorder
          radius="md"
          p="sm"
          data-testid="activity-row"
          data-transaction-id={record.transactionId}
        >
          <Group justify="space-between" gap="xs" mb={4}>
            <ActionBadge record={record} />
            <Text size="xs" c="dimmed">
              <When at={record.at} />
            </Text>
          </Group>
          <Text size="sm" mb="xs">
            {record.actor} · #{record.transactionId} · <AccountLink accountId={record.before.accountId} />
          </Text>
          <dl
            style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 12, rowGap: 6 }}
          >
            {(
              [
                ['Before', <SnapshotView key="b" snapshot={record.before} />],
                ['After', <AfterView key="a" record={record} />],
              ] as const
            ).map(([label, value]) => (
              <Fragment key={label}>
                <Text component="dt" size="xs" fw={700} c="dimmed" tt="uppercase" pt={2}>
                  {label}
                </Text>
                <dd style={{ margin: 0, minWidth: 0 }}>{value}</dd>
              </Fragment>
            ))}
          </dl>
        </Paper>
      ))}
    </Stack>
  );
}

/** `{bankId}/admin/activity` (beyond the spec): the audit of transaction edits and deletes, newest first. */
export function ActivityPage() {
  const pages = useActivityPages();
  const phone = usePhone();
  const records = useMemo(() => pages.data?.pages.flatMap((p) => p.items) ?? [], [pages.data]);

  return (
    <>
      <PageHeader title={texts.title} subtitle={texts.subtitle} />
      {pages.isPending ? (
        <LoadingBlock />
      ) : !pages.data ? (
        <LoadFailed what={texts.what} error={pages.error} onRetry={() => void pages.refetch()} />
      ) : records.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Text c="dimmed" data-testid="activity-empty">
            {texts.empty}
          </Text>
        </Paper>
      ) : (
        <Stack gap="md">
          {phone ? (
            <CompactList records={records} />
          ) : (
            <Paper withBorder p="md" radius="md">
              <WideTable records={records} />
            </Paper>
          )}
          {pages.hasNextPage && (
            <Group justify="center">
              <Button
                variant="light"
                onClick={() => void pages.fetchNextPage()}
                disabled={pages.isFetchingNextPage}
              >
                {pages.isFetchingNextPage ? texts.loadingMore : texts.loadMore}
              </Button>
            </Group>
          )}
          {pages.isFetchNextPageError && (
            <LoadFailed
              what={texts.moreWhat}
              error={pages.error}
              onRetry={() => void pages.fetchNextPage()}
            />
          )}
        </Stack>
      )}
    </>
  );
}
