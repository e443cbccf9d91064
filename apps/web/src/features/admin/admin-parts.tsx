import { Alert, Anchor, Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { adminGuidance } from '@bank/shared';
import { DeleteButton } from '../../components/delete-button';
import type { Column } from '../../components/data-table';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';

// Shared with other features since the Students page resets passwords too (issue 12).
export { failureStatus, StatusLine, type Status } from '../../components/status-message';
export { FormPanel } from '../../components/form-panel';
export { DANGER_TEXT, DeleteButton } from '../../components/delete-button';
export { useConfirmAction, type ConfirmRequest } from '../../components/use-confirm-action';

/**
 * After a save or a delete the focus goes somewhere sensible (issue 14): the heading of the form
 * that shows the result, else the page's heading. Later than the render that closes a form or a
 * dialog, so that neither gives the focus back to a button that is gone or disabled.
 */
export function focusAfterChange(from?: Element | null) {
  window.setTimeout(() => {
    const panel = from?.isConnected ? from.closest('section') : null;
    const target =
      panel?.querySelector<HTMLElement>('[data-panel-heading]') ??
      document.querySelector<HTMLElement>('[data-page-heading]');
    target?.focus({ preventScroll: false });
  }, 0);
}

/** A form that needs a branch when the bank has none says so and links to creating one (issue 14). */
export function NeedsBranchNote({ bankId }: { bankId: number }) {
  return (
    <FormNote>
      {adminGuidance.needsBranch}{' '}
      {/* In the note's own colour, underlined: a blue link on the yellow note is below AA in the dark theme. */}
      <Anchor
        component={Link}
        to={paths.adminBranches(bankId)}
        fw={600}
        inherit
        c="inherit"
        underline="always"
      >
        {adminGuidance.createBranchLink}
      </Anchor>
    </FormNote>
  );
}

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

/** A note in a form (no account types offered, and the like). */
export function FormNote({ children }: { children: ReactNode }) {
  return (
    <Alert color="yellow" variant="light">
      {children}
    </Alert>
  );
}

/** The buttons of an edit form: Close, the Delete every screen shares (with why not, when not), and the submit. */
export function EditFormActions(props: {
  busy: boolean;
  onClose: () => void;
  onDelete: () => void;
  deleteLabel: string;
  deleting: string | null;
  /** Why the server would refuse the delete now. */
  deleteBlocked?: string | null;
  submitLabel: string;
  submitting: string | null;
}) {
  const { busy, onClose, onDelete, deleteLabel, deleting, deleteBlocked, submitLabel, submitting } = props;
  return (
    <Group justify="flex-end" gap="xs" align="flex-start">
      <Button variant="default" onClick={onClose} disabled={busy}>
        Close
      </Button>
      <DeleteButton onClick={onDelete} disabled={busy} blockedReason={deleteBlocked}>
        {deleting ?? deleteLabel}
      </DeleteButton>
      <Button type="submit" disabled={busy}>
        {submitting ?? submitLabel}
      </Button>
    </Group>
  );
}

/** The Edit column of an admin table: a button per row, named for the row it edits (spec §4, §5). */
export function editColumn<T>(label: (row: T) => string, onEdit: (row: T) => void): Column<T> {
  return {
    header: 'Edit',
    action: true,
    cell: (row) => (
      <Button size="compact-sm" variant="default" onClick={() => onEdit(row)} aria-label={label(row)}>
        Edit
      </Button>
    ),
  };
}
