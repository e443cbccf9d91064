import { Button, Stack, Text, type ButtonProps } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useId, type ComponentPropsWithoutRef } from 'react';

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
