import { Button, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Transaction } from '@bank/shared';
import { DataTable, type Column } from '../../components/data-table';
import { formatDate, memoOf, money } from '../../lib/format';

export interface TransactionTableProps {
  /** The table's accessible name. */
  label: string;
  transactions: Transaction[];
  emptyText: string;
  /** Staff get an Edit column (spec §2). */
  onEdit?: ((transaction: Transaction) => void) | undefined;
}

/** The posted date is preferred (spec §2). */
const shownDate = (t: Transaction) => formatDate(t.postedDate ?? t.transactionDate);
/** Pending rows show no balance (spec §4). */
const shownBalance = (t: Transaction) =>
  t.status === 'pending' || t.accountBalance === null ? '--' : money(t.accountBalance);

/** A debit looks the same on a phone and a desktop: a minus sign and the debit colour (issue 14). */
function Debit({ amount }: { amount: number }) {
  return (
    <Text span inherit c="var(--bank-debit)">
      -{money(amount)}
    </Text>
  );
}

function EditButton({ transaction, onEdit }: { transaction: Transaction; onEdit: (t: Transaction) => void }) {
  return (
    <Button
      size="compact-sm"
      variant="light"
      onClick={() => onEdit(transaction)}
      aria-label={`Edit transaction ${transaction.id}: ${transaction.description}`}
    >
      Edit
    </Button>
  );
}

/** The spec's description, and the memo (issue 12) beside it when there is one. */
function Description({ transaction }: { transaction: Transaction }) {
  const memo = memoOf(transaction);
  return (
    <>
      <Text size="sm" span>
        {transaction.description}
      </Text>
      {memo && (
        <Text size="sm" span c="dimmed" data-testid="transaction-memo">
          {' · '}
          {memo}
        </Text>
      )}
    </>
  );
}

/** A value with a small dimmed line under it: the phone's way of folding two columns into one. */
function TwoLines({ main, under, strong }: { main: ReactNode; under: string; strong?: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={strong ? 500 : undefined}>
        {main}
      </Text>
      <Text size="xs" c="dimmed">
        {under}
      </Text>
    </Stack>
  );
}

const balance: Column<Transaction> = { header: 'Balance', align: 'right', cell: shownBalance };

/** Columns Date, Description, Debit, Credit, Balance ("--" while pending). */
const wideColumns: Column<Transaction>[] = [
  { header: 'Date', wrap: 'nowrap', cell: shownDate },
  { header: 'Description', cell: (t) => <Description transaction={t} /> },
  { header: 'Debit', align: 'right', cell: (t) => (t.type === 'debit' ? <Debit amount={t.amount} /> : '') },
  { header: 'Credit', align: 'right', cell: (t) => (t.type === 'credit' ? money(t.amount) : '') },
  balance,
];

/** The same columns folded for a phone: date under description, debit or credit in one column. */
const phoneColumns: Column<Transaction>[] = [
  {
    header: 'Date / Description',
    cell: (t) => <TwoLines main={<Description transaction={t} />} under={shownDate(t)} />,
  },
  {
    header: 'Debit / Credit',
    align: 'right',
    cell: (t) => (
      <TwoLines
        strong
        main={t.type === 'debit' ? <Debit amount={t.amount} /> : money(t.amount)}
        under={t.type === 'debit' ? 'Debit' : 'Credit'}
      />
    ),
  },
  balance,
];

/** The pending or posted table, with an Edit column for staff; on a phone its columns fold. */
export function TransactionTable({ label, transactions, emptyText, onEdit }: TransactionTableProps) {
  const edit: Column<Transaction>[] = onEdit
    ? [{ header: 'Edit', cell: (t) => <EditButton transaction={t} onEdit={onEdit} /> }]
    : [];
  return (
    <DataTable
      label={label}
      columns={[...wideColumns, ...edit]}
      phoneColumns={[...phoneColumns, ...edit]}
      rows={transactions}
      rowKey={(t) => t.id}
      emptyText={emptyText}
      minWidth={onEdit ? 640 : 560}
      rowTestId="transaction-row"
    />
  );
}
