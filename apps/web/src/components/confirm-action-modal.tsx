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
    <Modal
      opened={opened}
      onClose={onCancel}
      title="Confirm Action"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Text mb="lg">{message}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Go Back
        </Button>
        <Button color={danger ? 'red' : undefined} onClick={onConfirm} data-autofocus>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
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
