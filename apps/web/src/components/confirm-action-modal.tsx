import { Button, Group, Modal, Text } from '@mantine/core';
import { DeleteButton } from './delete-button';

/*
 * The "Confirm Action" dialog (spec §2, §4), a module of its own: useConfirmAction
 * (use-confirm-action.tsx) loads it with the first question, so that the screens that might ask
 * do not download Mantine's Modal before they show (issue 22).
 */

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

/** A delete's confirm button looks like every other Delete; other dangers (a reset) are red. */
function ConfirmButton({
  label,
  danger,
  onConfirm,
}: {
  label: string;
  danger: boolean;
  onConfirm: () => void;
}) {
  if (danger && label.startsWith('Delete')) return <DeleteButton onClick={onConfirm}>{label}</DeleteButton>;
  return (
    <Button color={danger ? 'red' : undefined} onClick={onConfirm} data-autofocus={!danger || undefined}>
      {label}
    </Button>
  );
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
            <ConfirmButton label={confirmLabel} danger={danger} onConfirm={onConfirm} />
          </Group>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
