import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';

export interface ConfirmActionModalProps {
  opened: boolean;
  /** What will happen, in one sentence. */
  message: string;
  confirmLabel?: string;
  /** Red confirm button for destructive actions. */
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The "Confirm Action" dialog every CRUD button goes through (spec §2, §4). */
export function ConfirmActionModal({
  opened,
  message,
  confirmLabel = 'Confirm',
  danger = false,
  onConfirm,
  onCancel,
}: ConfirmActionModalProps) {
  return (
    // Built from parts so that the title row is a div: Mantine's <header> would be a second banner landmark.
    <Modal.Root opened={opened} onClose={onCancel} centered>
      <Modal.Overlay />
      <Modal.Content>
        <Group justify="space-between" p="md" pb={0} wrap="nowrap">
          <Modal.Title fw={600}>Confirm Action</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Group>
        <Modal.Body pt="md">
          <Text mb="lg">{message}</Text>
          <Group justify="flex-end">
            {/* In front of a delete the safe choice has focus, so Enter never deletes by accident (issue 14). */}
            <Button variant="default" onClick={onCancel} data-autofocus={danger || undefined}>
              Go Back
            </Button>
            <Button
              color={danger ? 'red' : undefined}
              onClick={onConfirm}
              data-autofocus={!danger || undefined}
            >
              {confirmLabel}
            </Button>
          </Group>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

export interface ConfirmRequest {
  message: string;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => void;
}

/** The "Confirm Action" dialog in front of every create, update and delete (spec §2, §4). */
export function useConfirmAction() {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const [opened, setOpened] = useState(false);
  const ask = (next: ConfirmRequest) => {
    setRequest(next);
    setOpened(true);
  };
  const modal = (
    <ConfirmActionModal
      opened={opened}
      // The text stays while the dialog fades out.
      message={request?.message ?? ''}
      confirmLabel={request?.confirmLabel}
      danger={request?.danger}
      onConfirm={() => {
        setOpened(false);
        request?.onConfirm();
      }}
      onCancel={() => setOpened(false)}
    />
  );
  return { ask, modal };
}
