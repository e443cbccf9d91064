import { Paper } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  classroomText as t,
  messages,
  mayMoveMoney,
  BATCH_KINDS,
  type BatchBody,
  type BatchKind,
  type BatchPreview,
  type BatchResult,
} from '@bank/shared';
import { PageHeader } from '../../components/page-header';
import { LoadFailed, LoadingBlock } from '../../components/query-state';
import { StatusMessage } from '../../components/status-message';
import { errorMessage } from '../../lib/api-client';
import { useRequiredSession } from '../../lib/current-user';
import { useBankSettings, useBranches, useStudents } from '../../lib/queries';
import { usePayday, usePaydayPreview } from './api';
import { BLANK, PaydayEntry } from './payday-entry';
import { PaydayDone, PaydayReview } from './payday-review';
import { focusFirstInvalid } from '../../lib/page-focus';
import { bodyOf, paydayErrors, rowChoicesCleared, rowsOf, type PaydayChoices } from './payday-rows';

type Step =
  | { at: 'entry' }
  | { at: 'review'; body: BatchBody; preview: BatchPreview }
  | { at: 'done'; result: BatchResult };

const fresh = (branchId: string, kind: BatchKind): PaydayChoices => ({
  branchId,
  kind,
  sameAmount: true,
  amount: '',
  memo: '',
  ...rowChoicesCleared(),
});

/** The payday's state: the choices, the step, and the two calls (preview, then the payday). */
function usePaydaySteps(bankId: number, firstKind: BatchKind) {
  const [choices, setChoices] = useState(() => fresh(BLANK, firstKind));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [step, setStep] = useState<Step>({ at: 'entry' });
  // Where the entry was scrolled to when Review was pressed: Back returns there.
  const [entryScroll, setEntryScroll] = useState<number | null>(null);
  const [change] = useState(() => (next: Partial<PaydayChoices>) => setChoices((c) => ({ ...c, ...next })));
  const chosen = choices.branchId !== BLANK;
  const roster = useStudents(bankId, { branchId: chosen ? choices.branchId : undefined }, chosen);
  const { payable: rows, unpayable } = rowsOf(roster.data ?? []);
  const preview = usePaydayPreview();
  const payday = usePayday();
  const review = () => {
    const found = chosen ? paydayErrors(rows, choices) : { branchId: messages.branchRequired };
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid();
      return;
    }
    setEntryScroll(window.scrollY);
    const body = bodyOf(rows, choices);
    preview.mutate(body, { onSuccess: (answer) => setStep({ at: 'review', body, preview: answer }) });
  };
  const submit = (body: BatchBody) => {
    if (payday.isPending) return;
    payday.mutate(body, { onSuccess: (result) => setStep({ at: 'done', result }) });
  };
  // The review and the confirmation open at their top, whatever the entry's scroll.
  useEffect(() => {
    if (step.at !== 'entry') window.scrollTo(0, 0);
  }, [step.at]);
  const backToEntry = (again: boolean) => {
    payday.reset();
    preview.reset();
    // Another payday keeps the branch and the kind; Back keeps everything.
    if (again) {
      setChoices(fresh(choices.branchId, choices.kind));
      setEntryScroll(null);
    }
    setStep({ at: 'entry' });
  };
  return {
    ...{ choices, change, errors, step, roster, rows, unpayable, entryScroll },
    ...{ preview, payday, review, submit, backToEntry },
  };
}

/** Entry → review (the server's preview) → submitted, like the money flows, for a whole branch. */
function PaydayFlow({ kinds }: { kinds: BatchKind[] }) {
  const { user } = useRequiredSession();
  const branches = useBranches(user.bankId);
  const s = usePaydaySteps(user.bankId, kinds[0]!);
  if (branches.isPending) return <LoadingBlock />;
  if (branches.isError) {
    return <LoadFailed what="the branches" error={branches.error} onRetry={() => void branches.refetch()} />;
  }
  const branch = branches.data.find((b) => String(b.branchId) === s.choices.branchId)?.branchName ?? '';
  const names = new Map(s.rows.flatMap((r) => r.accounts.map((a) => [a.accountId, r.name])));
  const { step, payday } = s;
  if (step.at === 'done') {
    return (
      <PaydayDone result={step.result} branch={branch} names={names} onAnother={() => s.backToEntry(true)} />
    );
  }
  if (step.at === 'review') {
    const failure = payday.isError && (
      <StatusMessage kind="failure" title={t.paydayFailed} detail={errorMessage(payday.error)} />
    );
    return (
      <PaydayReview
        {...{ branch, failure }}
        body={step.body}
        preview={step.preview}
        pending={payday.isPending}
        onBack={() => s.backToEntry(false)}
        onSubmit={() => s.submit(step.body)}
      />
    );
  }
  return (
    <PaydayEntry
      {...s}
      branches={branches.data}
      kinds={kinds}
      loading={s.roster.isPending && s.choices.branchId !== BLANK}
      reviewing={s.preview.isPending}
      restoreScroll={s.entryScroll}
      onReview={s.review}
      problem={
        <>
          {s.roster.isError && (
            <LoadFailed what="the students" error={s.roster.error} onRetry={() => void s.roster.refetch()} />
          )}
          {s.preview.isError && (
            <StatusMessage kind="failure" title={t.paydayFailed} detail={errorMessage(s.preview.error)} />
          )}
        </>
      }
    />
  );
}

/** `{bankId}/payday`: pay a whole branch at once (issue 12). A teller needs the bank's permission. */
export function PaydayPage() {
  const { user } = useRequiredSession();
  const settings = useBankSettings(user.bankId, user.userRole === 'TELLER');
  const kinds = BATCH_KINDS.filter((kind) => mayMoveMoney(user.userRole, settings.data, kind));
  return (
    <>
      <PageHeader title={t.paydayTitle} subtitle={t.paydaySubtitle} />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" maw={960}>
        {user.userRole === 'TELLER' && settings.isPending ? (
          <LoadingBlock />
        ) : kinds.length === 0 ? (
          <StatusMessage kind="failure" title={t.paydayNotAllowed} />
        ) : (
          <PaydayFlow kinds={kinds} />
        )}
      </Paper>
    </>
  );
}
