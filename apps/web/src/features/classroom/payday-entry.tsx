import { Button, Group, NativeSelect, Radio, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { classroomText as t, type BatchKind, type Branch } from '@bank/shared';
import { money } from '../../lib/format';
import { usePhone } from '../../lib/use-phone';
import { NotPayable, PayIntoChoice, PaydayTable, type ListProps } from './payday-list';
import { includedRows, rowChoicesCleared, totalOf, type PaydayRow } from './payday-rows';
import { StickyFoot } from './sticky-foot';

export const BLANK = 'blank';

export interface EntryProps extends ListProps {
  branches: Branch[];
  kinds: BatchKind[];
  /** Students of the branch without an open account. */
  unpayable: PaydayRow[];
}

const NOWRAP = { whiteSpace: 'nowrap' } as const;
const BLOCK = { display: 'block', whiteSpace: 'nowrap' } as const;

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

/** The amount: one for everyone (a box here) or one per row (boxes in the table, starting from it). */
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

/**
 * Back from the review: the entry as it was, scrolled where it was, with focus on Review (in the
 * bar, so in view). Only when the entry opens: later presses of Review do not scroll it.
 */
function useBackFromReview(restoreScroll: number | null) {
  const button = useRef<HTMLButtonElement>(null);
  const cameBackTo = useRef(restoreScroll);
  useEffect(() => {
    if (cameBackTo.current === null) return;
    window.scrollTo(0, cameBackTo.current);
    button.current?.focus({ preventScroll: true });
  }, []);
  return button;
}

type SummaryProps = EntryProps & {
  reviewing: boolean;
  loading: boolean;
  problem: ReactNode;
  restoreScroll: number | null;
};

/**
 * Always in view at the foot of the window: how many are ticked, the total, the memo and Review
 * (which reads the summary out as its description). A refusal of the Review shows here too.
 */
function PaydaySummary(props: SummaryProps) {
  const { rows, choices, errors, reviewing, loading, problem } = props;
  const id = useId();
  const phone = usePhone();
  const button = useBackFromReview(props.restoreScroll);
  const total = totalOf(rows, choices);
  const memo = choices.memo.trim();
  return (
    <StickyFoot label={t.paydaySummaryLabel} testId="payday-bar">
      {problem}
      {errors.items && (
        <Text c="var(--mantine-color-error)" size="sm" role="alert">
          {errors.items}
        </Text>
      )}
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <div id={id} style={{ minWidth: 0 }}>
          <Text size="sm" fw={700}>
            <span style={NOWRAP} data-testid="payday-ticked">
              {t.paydayTicked(includedRows(rows, choices).length, rows.length)}
            </span>
            {/* Beside Review on a phone the two do not fit one line: the total goes under the count
                (a block, with a space kept for the text Review is described by). */}
            {phone ? ' ' : ' · '}
            <span style={phone ? BLOCK : NOWRAP}>{t.paydayTotal(total === null ? '—' : money(total))}</span>
          </Text>
          <Text size="sm" truncate="end">
            {memo ? t.paydayMemo(memo) : t.noMemo}
          </Text>
        </div>
        <Button
          ref={button}
          type="submit"
          aria-describedby={id}
          disabled={reviewing || loading}
          style={{ flexShrink: 0 }}
        >
          {t.reviewPayday}
        </Button>
      </Group>
    </StickyFoot>
  );
}

/** The entry screen: branch, kind, amount, memo, the branch's Students one row each; the summary bar. */
export function PaydayEntry(props: SummaryProps & { onReview: () => void }) {
  const { branches, choices, errors, change, loading, onReview } = props;
  const listed = choices.branchId !== BLANK && !loading;
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
          onChange={(e) => change({ branchId: e.currentTarget.value, ...rowChoicesCleared() })}
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
        {listed && props.rows.length > 0 && <PayIntoChoice {...props} />}
        {listed && props.rows.length > 0 && <PaydayTable {...props} />}
        {listed && props.rows.length + props.unpayable.length === 0 && (
          <Text c="dimmed" size="sm">
            {t.noStudentsInBranch}
          </Text>
        )}
        {listed && <NotPayable rows={props.unpayable} />}
        <PaydaySummary {...props} />
      </Stack>
    </form>
  );
}
