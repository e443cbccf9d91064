import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import {
  participationScreenText as m,
  type BankerRequest,
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
  sending: boolean;
  error: unknown;
  onBack: () => void;
  onSend: () => void;
}

/**
 * What sending would do: whose account, whether it can pay (a withdrawal), whether it is approved
 * at once. Never the balance: a banker learns only what the request needs.
 */
export function RequestReview({ preview, body, sending, error, onBack, onSend }: ReviewProps) {
  const rows: [string, string][] = [
    [m.classmateLabel, preview.studentName],
    [m.accountLabel, requestAccount(preview)],
    [m.whatColumn, m.kindNames[body.kind] ?? body.kind],
    ['Amount', money(body.amount)],
  ];
  if (body.memo) rows.push([m.memoColumn, body.memo]);
  if (body.kind === 'withdrawal') rows.push([m.canPayLabel, preview.canPay ? m.canPayYes : m.canPayNo]);
  if (preview.canPay)
    rows.push([m.whatHappensLabel, preview.approvedAtOnce ? m.approvedAtOnce : m.waitsForTeacher]);
  return (
    <Stack>
      <StepHeading>{m.checkHeading}</StepHeading>
      <SummaryTable rows={rows} testId="request-summary" />
      {!preview.canPay && (
        <Alert color="red" variant="light" role="alert">
          {m.canPayNo}
        </Alert>
      )}
      {error ? <StatusLine status={failureStatus(m.sendFailed, error)} /> : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack} disabled={sending}>
          {m.back}
        </Button>
        <Button onClick={onSend} disabled={sending || !preview.canPay}>
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
