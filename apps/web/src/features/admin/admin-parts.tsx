import { Alert, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { ApiError } from '../../lib/api-client';

// Shared with other features since the Students page resets passwords too (issue 12).
export { failureStatus, StatusLine, type Status } from '../../components/status-message';
export { useConfirmAction, type ConfirmRequest } from '../../components/confirm-action-modal';

/**
 * Text of a delete button. Buttons here use the default variant: Mantine's light variants in this
 * theme fall below the WCAG AA contrast when hovered (blue-9 on blue-2 is 3.9:1).
 */
// The error colour of the theme: red-9 in the light one, red-4 in the dark one (app/theme.ts).
export const DANGER_TEXT = 'var(--mantine-color-error)';

/** The field errors of a 400 (API.md `fields`) that name one of the form's fields. */
export function serverFieldErrors(error: unknown, fields: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!(error instanceof ApiError) || !error.fields) return errors;
  for (const [serverName, formName] of Object.entries(fields)) {
    const message = error.fields[serverName];
    if (message) errors[formName] = message;
  }
  return errors;
}

/**
 * A create or edit form, hidden until opened (spec §4). Opening it brings it into view and puts the
 * cursor in its first field; closing it gives the focus back to what opened it.
 */
export function FormPanel({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    panel.current
      ?.querySelector<HTMLElement>('input:not([readonly]), select')
      ?.focus({ preventScroll: true });
    return () => {
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);
  return (
    <Paper
      withBorder
      shadow="sm"
      p={{ base: 'md', sm: 'lg' }}
      radius="md"
      ref={panel}
      component="section"
      aria-labelledby={titleId}
      mb="lg"
      maw={720}
      // Scrolled into view below the fixed header, not under it.
      style={{ scrollMarginTop: 'calc(var(--app-shell-header-offset, 60px) + 16px)' }}
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** A note in a form (no account types offered, and the like). */
export function FormNote({ children }: { children: ReactNode }) {
  return (
    <Alert color="yellow" variant="light">
      {children}
    </Alert>
  );
}

/** The buttons of an edit form: Close, a Delete that reads as dangerous, and the submit. */
export function EditFormActions(props: {
  busy: boolean;
  onClose: () => void;
  onDelete: () => void;
  deleteLabel: string;
  deleting: string | null;
  submitLabel: string;
  submitting: string | null;
}) {
  const { busy, onClose, onDelete, deleteLabel, deleting, submitLabel, submitting } = props;
  return (
    <Group justify="flex-end" gap="xs">
      <Button variant="default" onClick={onClose} disabled={busy}>
        Close
      </Button>
      <Button variant="default" c={busy ? undefined : DANGER_TEXT} onClick={onDelete} disabled={busy}>
        {deleting ?? deleteLabel}
      </Button>
      <Button type="submit" disabled={busy}>
        {submitting ?? submitLabel}
      </Button>
    </Group>
  );
}
