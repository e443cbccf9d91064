import { Checkbox, Radio, Stack } from '@mantine/core';
import { useState } from 'react';
import { schoolYearScreens as t, teacherText, type BatchDetail, type BatchPayment } from '@bank/shared';
import { LoadFailed, LoadingBlock } from '../../components/query-state';
import { ReasonDialog } from '../../components/reason-dialog';
import { failureStatus, type Status } from '../../components/status-message';
import { ApiError } from '../../lib/api-client';
import { useClassRights } from '../../lib/class-rights';
import { useRequiredSession } from '../../lib/current-user';
import { formatDate, lastFour, money } from '../../lib/format';
import { usePayday, useReversePayday } from './api';

/** The payday to reverse, as the history or a run names it. */
export interface PaydayToReverse {
  batchId: string;
  memo: string | null;
  createdAt: string;
}

const studentLabel = (p: BatchPayment) =>
  t.reverseStudent(p.name, `${p.accountType} ${lastFour(p.accountId)}`, money(p.amount));

/** Why a payment cannot be chosen: reversed already, or (for a teacher) of another class. */
function paymentLabel(p: BatchPayment, mine: boolean) {
  if (p.reversedBy !== null) return `${studentLabel(p)} (${t.alreadyReversed})`;
  return mine ? studentLabel(p) : `${studentLabel(p)} ${teacherText.otherClass}`;
}

/**
 * Whom to reverse: every payment still standing, or the ticked students. A teacher reverses only
 * their own class's payments (issue 33): the whole payday only when it is all theirs.
 */
function WhomChoice(props: {
  detail: BatchDetail;
  whole: boolean;
  chosen: Set<string>;
  error: string | null;
  mine: (p: BatchPayment) => boolean;
  onWhole: (whole: boolean) => void;
  onChoose: (accountIds: string[]) => void;
}) {
  const { detail, whole, chosen, error, mine, onWhole, onChoose } = props;
  const wholeAllowed = detail.payments.every((p) => p.reversedBy !== null || mine(p));
  return (
    <Stack gap="xs">
      <Radio.Group
        label={t.reverseWhich}
        value={whole ? 'whole' : 'chosen'}
        onChange={(v) => onWhole(v === 'whole')}
      >
        <Stack mt="xs" gap="xs">
          <Radio value="whole" label={t.reverseWhole} disabled={!wholeAllowed} />
          <Radio value="chosen" label={t.reverseChosen} />
        </Stack>
      </Radio.Group>
      {!whole && (
        <Checkbox.Group label={t.chooseStudents} error={error} value={[...chosen]} onChange={onChoose}>
          <Stack gap={6} mt="xs">
            {detail.payments.map((p) => (
              <Checkbox
                key={p.transactionId}
                value={p.accountId}
                label={paymentLabel(p, mine(p))}
                disabled={p.reversedBy !== null || !mine(p)}
              />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
    </Stack>
  );
}

/**
 * "Every payment still standing": the whole payday, or, once some of it has been reversed, the rest
 * by name (the API refuses the whole of a payday that is partly reversed).
 */
function wholeBody(reason: string, detail: BatchDetail | undefined) {
  const standing = detail?.payments.filter((p) => p.reversedBy === null) ?? [];
  if (!detail || standing.length === detail.payments.length) return { reason };
  return { reason, accountIds: standing.map((p) => p.accountId) };
}

/** A refused reversal names each account that cannot pay back (`accounts.{id}`): by student, here. */
function refusal(error: unknown, detail: BatchDetail | undefined): Status {
  const status = failureStatus(t.reverseFailed, error);
  if (!(error instanceof ApiError) || !error.fields || !detail) return status;
  const names = new Map(detail.payments.map((p) => [p.accountId, p.name]));
  const lines = Object.entries(error.fields).map(([field, message]) => {
    const accountId = field.replace(/^accounts\./, '');
    return `${names.get(accountId) ?? accountId}: ${message}`;
  });
  return { ...status, detail: [status.detail, ...lines].filter(Boolean).join(' ') };
}

/**
 * Reverse a payday (an admin's, or a teacher's for their own class, issue 33): all of it, or the
 * chosen students of it, in one all-or-nothing step, with a reason the students see beside both rows.
 */
export function ReversePaydayDialog(props: ReverseProps) {
  // A fresh dialog for each opening (closed, then a payday): no choice or failure left from before.
  return <ReverseDialog key={props.payday?.batchId ?? 'closed'} {...props} />;
}

interface ReverseProps {
  bankId: number;
  payday: PaydayToReverse | null;
  onClose: () => void;
  onDone: (status: Status) => void;
}

function ReverseDialog(props: ReverseProps) {
  const { bankId, payday, onClose, onDone } = props;
  const teacher = useRequiredSession().user.userRole === 'TELLER';
  const rights = useClassRights();
  const mine = (p: BatchPayment) => rights.may('reverse', p.branchId);
  const detail = usePayday(bankId, payday?.batchId ?? '', payday !== null);
  const reverse = useReversePayday(teacher ? 'teacher' : 'admin');
  const [whole, setWhole] = useState(!teacher);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [chooseError, setChooseError] = useState<string | null>(null);
  const confirm = (reason: string) => {
    if (!payday) return;
    if (!whole && chosen.size === 0) return setChooseError(t.chooseStudents);
    setChooseError(null);
    const body = whole ? wholeBody(reason, detail.data) : { reason, accountIds: [...chosen] };
    reverse.mutate(
      { batchId: payday.batchId, body },
      {
        onSuccess: (result) =>
          onDone({ kind: 'success', title: t.paydayReversed(result.count, money(result.total)) }),
      },
    );
  };
  return (
    <ReasonDialog
      opened={payday !== null}
      title={t.reversePaydayTitle}
      message={
        payday
          ? t.reversePaydayMessage(
              teacherText.paydayName(payday.memo, formatDate(payday.createdAt)),
              formatDate(payday.createdAt),
            )
          : ''
      }
      confirmLabel={t.reversePaydayButton}
      busy={reverse.isPending}
      busyLabel={t.reversing}
      failure={reverse.isError ? refusal(reverse.error, detail.data) : null}
      onConfirm={confirm}
      onCancel={onClose}
    >
      {detail.data ? (
        <WhomChoice
          detail={detail.data}
          whole={whole}
          chosen={chosen}
          error={chooseError}
          mine={mine}
          onWhole={setWhole}
          onChoose={(ids) => setChosen(new Set(ids))}
        />
      ) : detail.isError ? (
        <LoadFailed what="the payday" error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <LoadingBlock />
      )}
    </ReasonDialog>
  );
}
