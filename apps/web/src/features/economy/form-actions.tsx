import { Button, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { DeleteButton } from '../../components/delete-button';
import type { Status } from '../../components/status-message';
import { focusPageHeading } from './class-choice';

/** The foot of a job's or award's form: Delete (when editing) on the left; Close and save on the right. */
export function FormActions({
  deleteLabel,
  onDelete,
  busy,
  onClose,
  submitLabel,
}: {
  deleteLabel: string | null;
  onDelete: () => void;
  busy: boolean;
  onClose: () => void;
  submitLabel: string;
}) {
  return (
    <Group justify="space-between" gap="xs">
      {deleteLabel ? (
        <DeleteButton onClick={onDelete} disabled={busy}>
          {deleteLabel}
        </DeleteButton>
      ) : (
        <span />
      )}
      <Group gap="xs">
        <Button variant="default" onClick={onClose} disabled={busy}>
          Close
        </Button>
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
      </Group>
    </Group>
  );
}

/**
 * Which form is open on a list screen (a row's, or 'new') and what the last one did: opening a
 * form clears the last status; a form done closes, says so, and gives the focus to the heading.
 */
export function useEditing<T>() {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [status, setStatus] = useState<Status | null>(null);
  return {
    editing,
    status,
    open: (next: T | 'new') => {
      setStatus(null);
      setEditing(next);
    },
    close: () => setEditing(null),
    done: (next: Status) => {
      setEditing(null);
      setStatus(next);
      focusPageHeading();
    },
  };
}

/** The header's "New …" button, off while the new form is open. */
export function NewButton({ label, open, off }: { label: string; open: () => void; off: boolean }) {
  return (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={open} disabled={off}>
      {label}
    </Button>
  );
}
