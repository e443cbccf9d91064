import {
  Checkbox,
  Group,
  NativeSelect,
  Radio,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { classroomText as t, ACCOUNT_TYPES, type AccountType } from '@bank/shared';
import { money, parseAmountInput } from '../../lib/format';
import { usePhone } from '../../lib/use-phone';
import {
  accountOfRow,
  accountShort,
  amountOfRow,
  rowsLacking,
  type PaydayChoices,
  type PaydayRow,
} from './payday-rows';

export interface ListProps {
  rows: PaydayRow[];
  choices: PaydayChoices;
  errors: Record<string, string>;
  change: (next: Partial<PaydayChoices>) => void;
}
type RowProps = Omit<ListProps, 'rows'> & { row: PaydayRow };

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/**
 * Tab in a row's amount box moves down the amount column (Shift+Tab up), as in a spreadsheet;
 * from the last box it goes on to the rest of the form.
 */
function moveDownTheColumn(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key !== 'Tab') return;
  const boxes = Array.from(document.querySelectorAll<HTMLInputElement>('input[data-payday-amount]'));
  const next = boxes[boxes.indexOf(event.currentTarget) + (event.shiftKey ? -1 : 1)];
  if (!next) return;
  event.preventDefault();
  next.focus();
  next.select();
}

/** The header's box: ticks everyone or no one; mixed while some are left out. */
function EveryoneBox({ rows, choices, change }: ListProps) {
  const left = rows.filter((r) => choices.skipped.has(r.userId)).length;
  return (
    <Checkbox
      aria-label={t.includeEveryone}
      checked={rows.length > 0 && left === 0}
      indeterminate={left > 0 && left < rows.length}
      onChange={() => change({ skipped: left === 0 ? new Set(rows.map((r) => r.userId)) : new Set() })}
    />
  );
}

function PayBox({ row, choices, change }: RowProps) {
  return (
    <Checkbox
      aria-label={t.includeStudent(row.name)}
      checked={!choices.skipped.has(row.userId)}
      onChange={(e) => {
        const skipped = new Set(choices.skipped);
        if (e.currentTarget.checked) skipped.delete(row.userId);
        else skipped.add(row.userId);
        change({ skipped });
      }}
    />
  );
}

/**
 * The row's account: a choice among the student's open accounts, or the one they have. Small type
 * on a phone too: at the regular size "CHECKING **1234" needs more than the name's column keeps
 * beside a row's amount box, and the last four digits are what tells two accounts apart.
 */
function RowAccount({ row, choices, change, phone }: RowProps & { phone: boolean }) {
  const account = accountOfRow(row, choices);
  if (row.accounts.length === 1) return <Text size="sm">{accountShort(account)}</Text>;
  return (
    <NativeSelect
      aria-label={t.accountForStudent(row.name)}
      size="xs"
      w={phone ? '100%' : 180}
      maw={phone ? 200 : undefined}
      data={row.accounts.map((a) => ({ value: a.accountId, label: accountShort(a) }))}
      value={account.accountId}
      onChange={(e) => change({ accountOf: { ...choices.accountOf, [row.userId]: e.currentTarget.value } })}
    />
  );
}

function RowAmount({ row, choices, errors, change, phone }: RowProps & { phone: boolean }) {
  const id = row.userId;
  const skipped = choices.skipped.has(id);
  if (choices.sameAmount || skipped) {
    const amount = parseAmountInput(amountOfRow(choices, id));
    return <Text size="sm">{skipped ? '—' : typeof amount === 'number' ? money(amount) : ''}</Text>;
  }
  return (
    <TextInput
      aria-label={t.amountForStudent(row.name)}
      data-payday-amount
      inputMode="decimal"
      autoComplete="off"
      leftSection="$"
      size={phone ? 'sm' : 'xs'}
      w={phone ? 96 : 120}
      ml="auto"
      value={amountOfRow(choices, id)}
      error={errors[`row.${id}`]}
      onKeyDown={moveDownTheColumn}
      onFocus={(e) => e.currentTarget.select()}
      onChange={(e) => change({ amounts: { ...choices.amounts, [id]: e.currentTarget.value } })}
    />
  );
}

/** A row on a wide screen: one line, a column each. */
function WideRow(props: RowProps) {
  const { row, choices } = props;
  return (
    <Table.Tr data-testid="payday-row">
      <Table.Td w={44}>
        <PayBox {...props} />
      </Table.Td>
      <Table.Td>{row.name}</Table.Td>
      <Table.Td>
        <RowAccount {...props} phone={false} />
      </Table.Td>
      <Table.Td ta="right" style={NOWRAP}>
        {money(accountOfRow(row, choices).balance)}
      </Table.Td>
      <Table.Td ta="right" style={NOWRAP}>
        <RowAmount {...props} phone={false} />
      </Table.Td>
    </Table.Tr>
  );
}

/** A row on a phone: the name and the amount, then the account and its balance under the name. */
function PhoneRow(props: RowProps) {
  const { row, choices } = props;
  return (
    <Table.Tr data-testid="payday-row">
      <Table.Td w={44} style={{ verticalAlign: 'top' }}>
        <PayBox {...props} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={600}>
          {row.name}
        </Text>
        <Group gap={6} mt={2} wrap="wrap">
          <RowAccount {...props} phone />
          <Text size="xs" c="dimmed" style={NOWRAP}>
            {t.paydayBalance(money(accountOfRow(row, choices).balance))}
          </Text>
        </Group>
      </Table.Td>
      <Table.Td ta="right" style={{ ...NOWRAP, verticalAlign: 'top' }}>
        <RowAmount {...props} phone />
      </Table.Td>
    </Table.Tr>
  );
}

/** The branch's payable Students, one row each, with the box that ticks them all in the header. */
export function PaydayTable(props: ListProps) {
  const phone = usePhone();
  const headers = phone ? ['Student', 'Amount'] : ['Student', 'Account', 'Balance', 'Amount'];
  const Row = phone ? PhoneRow : WideRow;
  return (
    <Table
      striped
      verticalSpacing={phone ? 6 : 4}
      horizontalSpacing={phone ? 6 : 'sm'}
      aria-label={t.paydayStudentsLabel}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col" w={44}>
            <VisuallyHidden>Pay</VisuallyHidden>
            <EveryoneBox {...props} />
          </Table.Th>
          {headers.map((h) => (
            <Table.Th key={h} scope="col" ta={h === 'Student' || h === 'Account' ? undefined : 'right'}>
              {h}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.rows.map((row) => (
          <Row key={row.userId} {...props} row={row} />
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Pay every row into checking or savings; those without one keep their other account, and are named. */
export function PayIntoChoice({ rows, choices, change }: Omit<ListProps, 'errors'>) {
  const name = (type: AccountType) => t.accountTypeName[type];
  const lacking = rowsLacking(rows, choices.payInto);
  const other: AccountType = choices.payInto === 'CHECKING' ? 'SAVINGS' : 'CHECKING';
  return (
    <Stack gap={4}>
      <Radio.Group
        label={choices.kind === 'deposit' ? t.payIntoLabel : t.collectFromLabel}
        value={choices.payInto}
        // One choice for every row: a row's own choice gives way to it.
        onChange={(type) => change({ payInto: type as AccountType, accountOf: {} })}
      >
        <Group gap="lg" mt={4}>
          {ACCOUNT_TYPES.map((type) => (
            <Radio key={type} value={type} label={name(type)} />
          ))}
        </Group>
      </Radio.Group>
      {lacking.length > 0 && (
        <Text size="sm" data-testid="payday-lacking">
          {t.lackingType(
            lacking.map((r) => r.name),
            name(choices.payInto).toLowerCase(),
            name(other).toLowerCase(),
          )}
        </Text>
      )}
    </Stack>
  );
}

/** Students without an open account: named, so that no one is left out silently. */
export function NotPayable({ rows }: { rows: PaydayRow[] }) {
  if (rows.length === 0) return null;
  return (
    <Text size="sm" data-testid="payday-unpayable">
      {t.notPayable(rows.length)} {rows.map((r) => r.name).join(', ')}
    </Text>
  );
}
