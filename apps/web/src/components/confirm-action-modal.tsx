import { Button, Group, Modal, Text } from '@mantine/core';

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
        {/* The safe choice has focus, so Enter never deletes by accident (issue 14). */}
        <Button variant="default" onClick={onCancel} data-autofocus>
          Go Back
        </Button>
        <Button color={danger ? 'red' : undefined} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
