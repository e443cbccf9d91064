import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { reversalLabels, type Transaction } from '@bank/shared';
import { DataTable, type Column } from '../../components/data-table';
import { arrivalText, bankDay } from '../../lib/bank-days';
import { memoOf, money } from '../../lib/format';
import { uiText } from '../../lib/ui-text';

export interface TransactionTableProps {
  /** The table's accessible name. */
  label: string;
  transactions: Transaction[];
  emptyText: string;
  /** Staff get an Edit column (spec §2). */
  onEdit?: ((transaction: Transaction) => void) | undefined;
  /** Admins reverse from the same column (issue 21); a teacher, their own class's (issue 33). */
  onReverse?: ((transaction: Transaction) => void) | undefined;
  /** The reason of each reversed transaction's reversal, by the reversed one's id (null: not loaded). */
  reversalReasons?: ReadonlyMap<number, string | null> | undefined;
  /** The bank's time zone: the days rows show are the bank's (issue 33); the viewer's until known. */
  timeZone?: string | undefined;
  /** A Student reads a friendly line under the ledger's words ("Teller Deposit"), issue 33. */
  friendly?: boolean | undefined;
}

/** A reversed transaction, or a reversal, stays as it is: neither is edited nor reversed again. */
export const isSettled = (t: Transaction) => t.reversedBy !== null || t.reversalOf !== null;

/**
 * The day the money moved, on the bank's calendar (issue 33: Friday's pay shows Friday, not the
 * Saturday it posted; the spec preferred the posted date, which a child read as the wrong day).
 */
const shownDate = (t: Transaction, timeZone: string | undefined) => bankDay(t.createdAt, timeZone);

/**
 * Pending rows show no balance (spec §4: "--"), and beside it, in words, when the money arrives
 * ("on its way: arrives Saturday"), so the dashes explain themselves (issue 33).
 */
function ShownBalance({
  transaction: t,
  timeZone,
}: {
  transaction: Transaction;
  timeZone: string | undefined;
}) {
  if (t.status === 'posted' && t.accountBalance !== null) return money(t.accountBalance);
  return (
    <Stack gap={0} align="flex-end">
      <span>--</span>
      {/* The amount columns keep to one line; this sentence wraps, so a phone shows the whole row. */}
      <Text size="xs" c="dimmed" ta="right" style={{ whiteSpace: 'normal' }} data-testid="arrives">
        {arrivalText(t.transactionDate, timeZone)}
      </Text>
    </Stack>
  );
}

/** A debit looks the same on a phone and a desktop: a minus sign and the debit colour (issue 14). */
function Debit({ amount }: { amount: number }) {
  return (
    <Text span inherit c="var(--bank-debit)">
      -{money(amount)}
    </Text>
  );
}

/** Edit and Reverse, each when offered; a settled row (reversed, or a reversal) offers neither. */
function RowButtons({
  transaction,
  onEdit,
  onReverse,
}: {
  transaction: Transaction;
  onEdit: ((t: Transaction) => void) | undefined;
  onReverse: ((t: Transaction) => void) | undefined;
}) {
  if (isSettled(transaction))
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  const what = `transaction ${transaction.id}: ${transaction.description}`;
  return (
    <Group gap={6} wrap="wrap">
      {onEdit && (
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => onEdit(transaction)}
          aria-label={`Edit ${what}`}
        >
          Edit
        </Button>
      )}
      {onReverse && (
        <Button
          size="compact-sm"
          variant="default"
          onClick={() => onReverse(transaction)}
          aria-label={`${reversalLabels.reverse} ${what}`}
        >
          {reversalLabels.reverse}
        </Button>
      )}
    </Group>
  );
}

/** "Reversed: Absent on Friday" under a reversed transaction: the reversal's memo is its reason. */
function ReversedNote({ reason }: { reason: string | null | undefined }) {
  return (
    <Text size="sm" fw={600} span display="block" data-testid="reversed-note">
      {reason ? reversalLabels.reversedLabel(reason) : reversalLabels.reversedNoReason}
    </Text>
  );
}

/** The spec's description, and the memo (issue 12) beside it when there is one. */
function Description({
  transaction,
  reasons,
  friendly,
}: {
  transaction: Transaction;
  reasons?: ReadonlyMap<number, string | null> | undefined;
  friendly?: boolean | undefined;
}) {
  const memo = memoOf(transaction);
  const plain = friendly ? uiText.friendlyDescription(transaction.description) : null;
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
      {plain && (
        <Text size="xs" c="dimmed" span display="block" data-testid="friendly-description">
          {plain}
        </Text>
      )}
      {transaction.reversedBy !== null && <ReversedNote reason={reasons?.get(transaction.id)} />}
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

type Reasons = ReadonlyMap<number, string | null> | undefined;

/** What every row's cells read besides the row: reversals' reasons and the bank's time zone. */
interface Context {
  reasons: Reasons;
  timeZone: string | undefined;
  friendly: boolean | undefined;
}

const balanceColumn = ({ timeZone }: Context): Column<Transaction> => ({
  header: 'Balance',
  align: 'right',
  cell: (t) => <ShownBalance transaction={t} timeZone={timeZone} />,
});

/** Columns Date, Description, Debit, Credit, Balance ("--" while pending). */
const wideColumns = ({ reasons, timeZone, friendly }: Context): Column<Transaction>[] => [
  { header: 'Date', wrap: 'nowrap', cell: (t) => shownDate(t, timeZone) },
  {
    header: 'Description',
    cell: (t) => <Description transaction={t} reasons={reasons} friendly={friendly} />,
  },
  { header: 'Debit', align: 'right', cell: (t) => (t.type === 'debit' ? <Debit amount={t.amount} /> : '') },
  { header: 'Credit', align: 'right', cell: (t) => (t.type === 'credit' ? money(t.amount) : '') },
  balanceColumn({ reasons, timeZone, friendly }),
];

/** The same columns folded for a phone: date under description, debit or credit in one column. */
const phoneColumns = ({ reasons, timeZone, friendly }: Context): Column<Transaction>[] => [
  {
    header: 'Date / Description',
    cell: (t) => (
      <TwoLines
        main={<Description transaction={t} reasons={reasons} friendly={friendly} />}
        under={shownDate(t, timeZone)}
      />
    ),
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
  balanceColumn({ reasons, timeZone, friendly }),
];

/**
 * The pending or posted table, with an Edit column for staff (a teacher who may only reverse gets a
 * Reverse column, issue 33); on a phone its columns fold.
 */
export function TransactionTable(props: TransactionTableProps) {
  const { label, transactions, emptyText, onEdit, onReverse, reversalReasons, timeZone, friendly } = props;
  const context = { reasons: reversalReasons, timeZone, friendly };
  const header = onEdit ? 'Edit' : reversalLabels.reverse;
  const edit: Column<Transaction>[] =
    onEdit || onReverse
      ? [{ header, cell: (t) => <RowButtons transaction={t} onEdit={onEdit} onReverse={onReverse} /> }]
      : [];
  return (
    <DataTable
      label={label}
      columns={[...wideColumns(context), ...edit]}
      phoneColumns={[...phoneColumns(context), ...edit]}
      rows={transactions}
      rowKey={(t) => t.id}
      emptyText={emptyText}
      minWidth={edit.length > 0 ? 640 : 560}
      rowTestId="transaction-row"
    />
  );
}
