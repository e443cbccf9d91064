import { Button, Stack, Table, Text } from '@mantine/core';
import type { Transaction } from '@bank/shared';
import { formatDate, memoOf, money } from '../../lib/format';
import { usePhone } from '../../lib/use-phone';

export interface TransactionTableProps {
  /** The table's accessible name. */
  label: string;
  transactions: Transaction[];
  emptyText: string;
  /** Staff get an Edit column (spec §2). */
  onEdit?: ((transaction: Transaction) => void) | undefined;
}

const nowrap = { whiteSpace: 'nowrap' } as const;
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

function EmptyRow({ columns, text }: { columns: number; text: string }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text c="dimmed" size="sm">
          {text}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** Columns Date, Description, Debit, Credit, Balance ("--" while pending) and, for staff, Edit. */
function WideTable({ label, transactions, emptyText, onEdit }: TransactionTableProps) {
  return (
    <Table.ScrollContainer minWidth={onEdit ? 640 : 560}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Date</Table.Th>
            <Table.Th scope="col">Description</Table.Th>
            <Table.Th scope="col" ta="right">
              Debit
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Credit
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Balance
            </Table.Th>
            {onEdit && <Table.Th scope="col">Edit</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {transactions.length === 0 ? (
            <EmptyRow columns={onEdit ? 6 : 5} text={emptyText} />
          ) : (
            transactions.map((t) => (
              <Table.Tr key={t.id} data-testid="transaction-row">
                <Table.Td style={nowrap}>{shownDate(t)}</Table.Td>
                <Table.Td>
                  <Description transaction={t} />
                </Table.Td>
                <Table.Td ta="right" style={nowrap}>
                  {t.type === 'debit' ? <Debit amount={t.amount} /> : ''}
                </Table.Td>
                <Table.Td ta="right" style={nowrap}>
                  {t.type === 'credit' ? money(t.amount) : ''}
                </Table.Td>
                <Table.Td ta="right" style={nowrap}>
                  {shownBalance(t)}
                </Table.Td>
                {onEdit && (
                  <Table.Td>
                    <EditButton transaction={t} onEdit={onEdit} />
                  </Table.Td>
                )}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The same columns folded for a phone: date under description, debit or credit in one column. */
function CompactTable({ label, transactions, emptyText, onEdit }: TransactionTableProps) {
  return (
    <Table striped verticalSpacing="xs" horizontalSpacing={6} aria-label={label} fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Date / Description</Table.Th>
          <Table.Th scope="col" ta="right">
            Debit / Credit
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Balance
          </Table.Th>
          {onEdit && <Table.Th scope="col">Edit</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {transactions.length === 0 ? (
          <EmptyRow columns={onEdit ? 4 : 3} text={emptyText} />
        ) : (
          transactions.map((t) => (
            <Table.Tr key={t.id} data-testid="transaction-row">
              <Table.Td>
                <Stack gap={0}>
                  <Text size="sm">
                    <Description transaction={t} />
                  </Text>
                  <Text size="xs" c="dimmed">
                    {shownDate(t)}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td ta="right" style={nowrap}>
                <Stack gap={0}>
                  <Text size="sm" fw={500}>
                    {t.type === 'debit' ? <Debit amount={t.amount} /> : money(t.amount)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t.type === 'debit' ? 'Debit' : 'Credit'}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td ta="right" style={nowrap}>
                {shownBalance(t)}
              </Table.Td>
              {onEdit && (
                <Table.Td>
                  <EditButton transaction={t} onEdit={onEdit} />
                </Table.Td>
              )}
            </Table.Tr>
          ))
        )}
      </Table.Tbody>
    </Table>
  );
}

/** The pending or posted table; on a phone-sized screen its columns fold so that nothing is cut off. */
export function TransactionTable(props: TransactionTableProps) {
  const phone = usePhone();
  return phone ? <CompactTable {...props} /> : <WideTable {...props} />;
}
