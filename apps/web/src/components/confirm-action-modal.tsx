import { Button, Group, Modal, Stack, Text, type ButtonProps } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useId, useState, type ComponentPropsWithoutRef } from 'react';

// The error colour of the theme: red-9 in the light one, red-4 in the dark one (app/theme.ts).
export const DANGER_TEXT = 'var(--mantine-color-error)';

type DeleteButtonProps = ButtonProps &
  Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps | 'color'> & {
    /** Why the server would refuse the delete now: the button is disabled and the reason shown under it. */
    blockedReason?: string | null;
  };

/**
 * Every Delete looks the same (issue 14): the default variant with red text and a bin, in tables,
 * edit forms and the Confirm Action dialog. Mantine's light red variant falls below the WCAG AA
 * contrast when hovered. When the delete would be refused, the button is disabled and says why in
 * visible text it is described by (a tooltip would not reach a touch screen).
 */
export function DeleteButton({ blockedReason, disabled, children, ...props }: DeleteButtonProps) {
  const reasonId = useId();
  const off = Boolean(disabled) || Boolean(blockedReason);
  // One tree with or without a reason, so the button is not replaced (and keeps focus) when one appears.
  return (
    <Stack gap={2} align="flex-end" style={{ whiteSpace: 'normal' }}>
      <Button
        variant="default"
        c={off ? undefined : DANGER_TEXT}
        leftSection={<IconTrash size={16} aria-hidden />}
        disabled={off}
        aria-describedby={blockedReason ? reasonId : undefined}
        data-delete-button
        {...props}
      >
        {children}
      </Button>
      {blockedReason && (
        <Text id={reasonId} size="xs" c="dimmed" maw={240} ta="right" data-delete-reason>
          {blockedReason}
        </Text>
      )}
    </Stack>
  );
}

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
  // Mounted with the first question, then kept (it fades out): a closed dialog on every screen
  // that might ask cost each screen's first render a portal and a second, synchronous render
  // (issue 22).
  const modal = request && (
    <ConfirmActionModal
      opened={opened}
      // The text stays while the dialog fades out.
      message={request.message}
      confirmLabel={request.confirmLabel}
      danger={request.danger}
      onConfirm={() => {
        setOpened(false);
        request.onConfirm();
      }}
      onCancel={() => setOpened(false)}
    />
  );
  return { ask, modal, opened };
}
