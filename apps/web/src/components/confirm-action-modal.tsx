import { Button, Stack, Text, type ButtonProps } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { lazy, Suspense, useId, useState, type ComponentPropsWithoutRef } from 'react';

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

export interface ConfirmRequest {
  message: string;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => void;
}

/**
 * The dialog's code (Mantine's Modal, its focus trap and scroll lock) loads with the first question,
 * not with the screens that might ask (issue 22).
 */
const ConfirmActionModal = lazy(async () => ({
  default: (await import('./confirm-action-dialog')).ConfirmActionModal,
}));

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
    <Suspense fallback={null}>
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
    </Suspense>
  );
  return { ask, modal, opened };
}
