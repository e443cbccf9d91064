import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { limits, participationScreenText as m, rejectBody, type StaffRequest } from '@bank/shared';
import { failureStatus, StatusLine } from '../../components/status-message';
import { describeRequest } from '../../lib/requests';
import { schemaErrors } from '../../lib/validation';

interface RejectDialogProps {
  /** The request to reject; null while closed. */
  request: StaffRequest | null;
  rejecting: boolean;
  error: unknown;
  onReject: (reason: string) => void;
  onClose: () => void;
}

/** Reject with a reason (1 to 60 characters) the banker will read; the hold of a withdrawal is released. */
export function RejectDialog({ request, rejecting, error, onReject, onClose }: RejectDialogProps) {
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const errors = schemaErrors(rejectBody, { reason });
    setFieldError(errors.reason ?? null);
    if (!errors.reason) onReject(reason.trim());
  };
  return (
    // Built from parts so that the title row is a div: Mantine's <header> would be a second banner landmark.
    <Modal.Root opened={request !== null} onClose={onClose} centered>
      <Modal.Overlay />
      <Modal.Content>
        <Group justify="space-between" p="md" pb={0} wrap="nowrap">
          <Modal.Title fw={600}>{m.rejectTitle}</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Group>
        <Modal.Body pt="md">
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              {request && (
                <Text>
                  {request.requestedByName}: {describeRequest(request)}
                </Text>
              )}
              {error ? <StatusLine status={failureStatus(m.rejectFailed, error)} /> : null}
              <TextInput
                label={m.reasonLabel}
                description={m.reasonHint}
                withAsterisk
                autoComplete="off"
                maxLength={limits.reversalReasonMaxLength}
                value={reason}
                onChange={(event) => {
                  setReason(event.currentTarget.value);
                  setFieldError(null);
                }}
                error={fieldError}
                disabled={rejecting}
                data-autofocus
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={onClose} disabled={rejecting}>
                  Go Back
                </Button>
                <Button type="submit" color="red" disabled={rejecting}>
                  {rejecting ? m.rejecting : m.reject}
                </Button>
              </Group>
            </Stack>
          </form>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
