import { Button, Group, Stack, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import {
  participationScreenText as m,
  type BankerRequest,
  type Classmate,
  type CreateRequestBody,
  type RequestPreview,
} from '@bank/shared';
import { failureStatus, StatusLine, StatusMessage } from '../../components/status-message';
import { SummaryTable } from '../../components/summary-table';
import { money } from '../../lib/format';
import { describeRequest, requestAccount } from '../../lib/requests';

/** A heading that takes the focus when its step opens (issue 14). */
function StepHeading({ children }: { children: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Title order={2} size="h4" tabIndex={-1} ref={heading}>
      {children}
    </Title>
  );
}

interface ReviewProps {
  preview: RequestPreview;
  body: CreateRequestBody;
  account: Pick<Classmate['accounts'][number], 'accountId' | 'accountType'>;
  sending: boolean;
  error: unknown;
  onBack: () => void;
  onSend: () => void;
}

/** What the bank does with it: from the preview, which knows nothing of the classmate's money. */
function whatHappens(kind: CreateRequestBody['kind'], goesAtOnce: boolean): string {
  if (!goesAtOnce) return m.waitsForTeacher;
  return kind === 'withdrawal' ? m.withdrawalAtOnceIfCovered : m.approvedAtOnce;
}

/**
 * What sending would do: whose account, and whether it goes at once. Never the balance, nor
 * whether the account can pay: a banker learns nothing of a classmate's money (API.md).
 */
export function RequestReview({ preview, body, account, sending, error, onBack, onSend }: ReviewProps) {
  const rows: [string, string][] = [
    [m.classmateLabel, preview.name],
    [m.accountLabel, requestAccount(account)],
    [m.whatColumn, m.kindNames[body.kind] ?? body.kind],
    ['Amount', money(body.amount)],
  ];
  if (body.memo) rows.push([m.memoColumn, body.memo]);
  rows.push([m.whatHappensLabel, whatHappens(body.kind, preview.goesAtOnce)]);
  return (
    <Stack>
      <StepHeading>{m.checkHeading}</StepHeading>
      <SummaryTable rows={rows} testId="request-summary" />
      {error ? <StatusLine status={failureStatus(m.sendFailed, error)} /> : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack} disabled={sending}>
          {m.back}
        </Button>
        <Button onClick={onSend} disabled={sending}>
          {sending ? m.sending : m.send}
        </Button>
      </Group>
    </Stack>
  );
}

/** After Send: "Approved" or "Waiting for your teacher", and a way to ask again. */
export function RequestSent({ request, onAnother }: { request: BankerRequest; onAnother: () => void }) {
  // The Send button is gone: the focus goes to what comes next (the answer is announced).
  const another = useRef<HTMLButtonElement>(null);
  useEffect(() => another.current?.focus(), []);
  const what = describeRequest(request);
  const approved = request.status === 'approved';
  return (
    <Stack>
      <StatusMessage
        kind="success"
        title={approved ? m.sentApproved : m.sentWaiting}
        detail={approved ? m.sentApprovedDetail(what) : m.sentWaitingDetail(what)}
      />
      <Group justify="flex-end">
        <Button onClick={onAnother} ref={another}>
          {m.askAnother}
        </Button>
      </Group>
    </Stack>
  );
}
