import { Button, Checkbox, Group, NativeSelect, Radio, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { classroomText as t, type BatchKind, type Branch } from '@bank/shared';
import { DataTable, type Column } from '../../components/data-table';
import { money, parseAmountInput } from '../../lib/format';
import { accountShort, amountOfRow, type PaydayChoices, type PaydayRow } from './payday-rows';

export const BLANK = 'blank';

export interface EntryProps {
  branches: Branch[];
  kinds: BatchKind[];
  rows: PaydayRow[];
  choices: PaydayChoices;
  errors: Record<string, string>;
  change: (next: Partial<PaydayChoices>) => void;
}

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

function rowColumns({ choices, errors, change }: EntryProps): Column<PaydayRow>[] {
  const toggle = (accountId: string, pay: boolean) => {
    const skipped = new Set(choices.skipped);
    if (pay) skipped.delete(accountId);
    else skipped.add(accountId);
    change({ skipped });
  };
  return [
    {
      header: 'Pay',
      cell: (r) => (
        <Checkbox
          aria-label={t.includeRow(r.name, accountShort(r.account))}
          checked={!choices.skipped.has(r.account.accountId)}
          onChange={(e) => toggle(r.account.accountId, e.currentTarget.checked)}
        />
      ),
    },
    { header: 'Student', cell: (r) => r.name },
    { header: 'Account', cell: (r) => accountShort(r.account) },
    { header: 'Balance', align: 'right', cell: (r) => money(r.account.balance) },
    { header: 'Amount', align: 'right', cell: (r) => <RowAmount row={r} {...{ choices, errors, change }} /> },
  ];
}

function RowAmount({
  row,
  choices,
  errors,
  change,
}: { row: PaydayRow } & Omit<EntryProps, 'branches' | 'kinds' | 'rows'>) {
  const id = row.account.accountId;
  const skipped = choices.skipped.has(id);
  if (choices.sameAmount || skipped) {
    const amount = parseAmountInput(amountOfRow(choices, id));
    return <Text size="sm">{skipped ? '—' : typeof amount === 'number' ? money(amount) : ''}</Text>;
  }
  return (
    <TextInput
      aria-label={t.amountForRow(row.name, accountShort(row.account))}
      data-payday-amount
      inputMode="decimal"
      autoComplete="off"
      leftSection="$"
      w={130}
      ml={{ base: 0, xs: 'auto' }}
      value={choices.amounts[id] ?? ''}
      error={errors[`row.${id}`]}
      onKeyDown={moveDownTheColumn}
      onFocus={(e) => e.currentTarget.select()}
      onChange={(e) => change({ amounts: { ...choices.amounts, [id]: e.currentTarget.value } })}
    />
  );
}

function KindChooser({ kinds, choices, change }: Pick<EntryProps, 'kinds' | 'choices' | 'change'>) {
  const describe = {
    deposit: [t.paydayDeposit, t.paydayDepositDescription],
    withdrawal: [t.paydayWithdrawal, t.paydayWithdrawalDescription],
  };
  return (
    <Radio.Group
      label={t.paydayKindLabel}
      value={choices.kind}
      onChange={(kind) => change({ kind: kind as BatchKind })}
    >
      <Stack gap="xs" mt="xs">
        {kinds.map((kind) => (
          <Radio key={kind} value={kind} label={describe[kind][0]} description={describe[kind][1]} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/** The amount: one for everyone (a box here) or one per row (boxes in the table). */
function AmountChoice({ choices, errors, change }: Pick<EntryProps, 'choices' | 'errors' | 'change'>) {
  return (
    <Group align="flex-start" gap="lg">
      <Switch
        label={t.sameAmountLabel}
        description={t.sameAmountDescription}
        checked={choices.sameAmount}
        onChange={(e) => change({ sameAmount: e.currentTarget.checked })}
        maw={320}
      />
      {choices.sameAmount && (
        <TextInput
          label={t.amountForEveryone}
          inputMode="decimal"
          autoComplete="off"
          leftSection="$"
          w={180}
          value={choices.amount}
          error={errors.amount}
          onFocus={(e) => e.currentTarget.select()}
          onChange={(e) => change({ amount: e.currentTarget.value })}
        />
      )}
    </Group>
  );
}

/** The entry screen: branch, kind, amount, memo and the branch's Students; Review. */
export function PaydayEntry(
  props: EntryProps & { loading: boolean; reviewing: boolean; onReview: () => void },
) {
  const { branches, choices, errors, change, rows, loading, reviewing, onReview } = props;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onReview();
      }}
    >
      <Stack>
        <NativeSelect
          label="Branch"
          data={[
            { value: BLANK, label: 'Select a branch' },
            ...branches.map((b) => ({ value: String(b.branchId), label: b.branchName })),
          ]}
          value={choices.branchId}
          error={errors.branchId}
          onChange={(e) => change({ branchId: e.currentTarget.value })}
          maw={360}
        />
        <KindChooser {...props} />
        <AmountChoice {...props} />
        <TextInput
          label={t.memoLabel}
          description={t.memoDescription}
          autoComplete="off"
          maw={480}
          value={choices.memo}
          error={errors.memo}
          onChange={(e) => change({ memo: e.currentTarget.value })}
        />
        {choices.branchId !== BLANK && !loading && (
          <DataTable
            label="Students of the branch"
            columns={rowColumns(props)}
            rows={rows}
            rowKey={(r) => r.account.accountId}
            emptyText={t.noStudentsInBranch}
            minWidth={560}
            rowTestId="payday-row"
          />
        )}
        {errors.items && (
          <Text c="red.9" size="sm" role="alert">
            {errors.items}
          </Text>
        )}
        <Button type="submit" style={{ alignSelf: 'flex-end' }} disabled={reviewing || loading}>
          {t.reviewPayday}
        </Button>
      </Stack>
    </form>
  );
}
