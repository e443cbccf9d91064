import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { limits, reverseBody, schoolYearScreens as t } from '@bank/shared';
import { schemaErrors } from '../lib/validation';
import { StatusLine, type Status } from './status-message';

export interface ReasonDialogProps {
  opened: boolean;
  title: string;
  /** What will happen, in a sentence or two. */
  message: ReactNode;
  /** More choices between the message and the reason (whom to reverse). */
  children?: ReactNode;
  confirmLabel: string;
  /** Who reads the reason, and where (default: a reversal's, beside both rows). */
  reasonHint?: string;
  busy: boolean;
  busyLabel: string;
  failure: Status | null;
  /** Called with the trimmed reason once one is given. */
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/**
 * A dialog that asks for a reason before it acts (a reversal): the focus starts in the reason box,
 * stays inside the dialog, and Escape or Go Back closes it. A reason the API would refuse is refused
 * here, with the API's own text, before anything is sent.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  const { opened, title, busy, onCancel } = props;
  return (
    // Built from parts so that the title row is a div: Mantine's <header> would be a second banner landmark.
    <Modal.Root opened={opened} onClose={busy ? () => {} : onCancel} centered size="lg">
      <Modal.Overlay />
      <Modal.Content>
        <Group justify="space-between" p="md" pb={0} wrap="nowrap">
          <Modal.Title fw={600}>{title}</Modal.Title>
          <Modal.CloseButton aria-label="Close" disabled={busy} />
        </Group>
        <Modal.Body pt="md">
          {/* Mounted while the dialog is open: each opening starts with an empty reason. */}
          <ReasonForm {...props} />
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

function ReasonForm(props: ReasonDialogProps) {
  const { message, children, confirmLabel, busy, busyLabel, failure, onConfirm, onCancel } = props;
  const { reasonHint = t.reasonDescription } = props;
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    // The API's own rule and texts (required, at most 60 characters, no control characters).
    const refused = schemaErrors(reverseBody, { reason: trimmed }).reason ?? null;
    setError(refused);
    if (!refused) onConfirm(trimmed);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>{message}</Text>
        {children}
        <TextInput
          label={t.reasonLabel}
          description={reasonHint}
          withAsterisk
          maxLength={limits.reversalReasonMaxLength}
          autoComplete="off"
          value={reason}
          error={error}
          onChange={(event) => setReason(event.currentTarget.value)}
          data-autofocus
          disabled={busy}
        />
        <StatusLine status={failure} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Go Back
          </Button>
          <Button type="submit" color="red" disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
