import { Button, Group, NativeSelect, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import {
  createTicketBody,
  limits,
  TICKET_SEVERITIES,
  TICKET_STATUSES,
  TICKET_TYPES,
  type SupportTicket,
} from '@bank/shared';
import { ConfirmActionModal } from '../../components/confirm-action-modal';
import { StatusMessage } from '../../components/status-message';
import { ApiError, errorMessage } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { usePhone } from '../../lib/use-phone';
import { schemaErrors } from '../../lib/validation';
import { useCreateTicket, useUpdateTicket } from './api';
import { supportHelp as help, supportTexts as texts } from './texts';

export type TicketFormMode = { kind: 'create' } | { kind: 'edit'; ticket: SupportTicket };

interface TicketValues {
  ticketType: SupportTicket['ticketType'];
  title: string;
  ticketContents: string;
  severity: SupportTicket['severity'];
  status: SupportTicket['status'];
}

export interface TicketFormProps {
  mode: TicketFormMode;
  bankId: number;
  /** An admin may set the status; for everyone else it is display only. */
  isAdmin: boolean;
  onSaved: (ticket: SupportTicket, message: string) => void;
  onCancel: () => void;
}

/**
 * A new ticket starts at the lowest severity (issue 14): a student's ticket is rarely a "1. Blocker",
 * and the help under the choice says when a higher one fits.
 */
export const DEFAULT_SEVERITY: SupportTicket['severity'] = '5. Trivial';

/** Ticket type first, as in the spec's order, then title, description and severity. */
const initialValues = (mode: TicketFormMode): TicketValues =>
  mode.kind === 'edit'
    ? {
        ticketType: mode.ticket.ticketType,
        title: mode.ticket.title,
        ticketContents: mode.ticket.ticketContents,
        severity: mode.ticket.severity,
        status: mode.ticket.status,
      }
    : { ticketType: 'Bug', title: '', ticketContents: '', severity: DEFAULT_SEVERITY, status: 'Open' };

/** The form's state, its check, and the create or update call behind Confirm Action. */
function useTicketForm({ mode, bankId, isAdmin, onSaved }: TicketFormProps) {
  const editing = mode.kind === 'edit' ? mode.ticket : null;
  const create = useCreateTicket(bankId);
  const update = useUpdateTicket(bankId);
  const mutation = editing ? update : create;
  const [confirming, setConfirming] = useState(false);
  const form = useForm<TicketValues>({
    initialValues: initialValues(mode),
    // Editing the form clears its status (spec §4).
    onValuesChange: () => {
      create.reset();
      update.reset();
    },
  });

  const requestSubmit = form.onSubmit((v) => {
    if (mutation.isPending) return;
    const errors = editing
      ? {}
      : schemaErrors(createTicketBody, {
          ticketType: v.ticketType,
          title: v.title,
          ticketContents: v.ticketContents,
          severity: v.severity,
        });
    form.setErrors(errors);
    if (Object.keys(errors).length === 0) setConfirming(true);
  });

  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.fields) form.setErrors(error.fields);
  };

  const confirm = () => {
    setConfirming(false);
    const v = form.getValues();
    if (editing) {
      const body = {
        supportTicketId: editing.supportTicketId,
        ticketType: v.ticketType,
        severity: v.severity,
      };
      update.mutate(isAdmin ? { ...body, status: v.status } : body, {
        onSuccess: (ticket) => onSaved(ticket, texts.updated(ticket.supportTicketId)),
        onError,
      });
    } else {
      const body = {
        ticketType: v.ticketType,
        title: v.title.trim(),
        ticketContents: v.ticketContents.trim(),
      };
      create.mutate(
        { ...body, severity: v.severity },
        { onSuccess: (ticket) => onSaved(ticket, texts.created(ticket.supportTicketId)), onError },
      );
    }
  };
  return { editing, form, mutation, confirming, setConfirming, requestSubmit, confirm };
}

type TicketFormState = ReturnType<typeof useTicketForm>;

/** Type and severity, each explained in words under the choice (issue 14). */
function choiceFields(form: TicketFormState['form']) {
  const { ticketType, severity } = form.getValues();
  return {
    type: (
      <NativeSelect
        label="Ticket Type"
        description={help.ticketTypeHelp[ticketType]}
        data={[...TICKET_TYPES]}
        {...form.getInputProps('ticketType')}
      />
    ),
    severity: (
      <NativeSelect
        label="Severity"
        description={help.severityHelp[severity]}
        data={[...TICKET_SEVERITIES]}
        {...form.getInputProps('severity')}
      />
    ),
  };
}

function TicketFields({ state, isAdmin }: { state: TicketFormState; isAdmin: boolean }) {
  const { form, editing } = state;
  const phone = usePhone();
  const choices = choiceFields(form);
  return (
    <>
      {choices.type}
      <TextInput
        label="Title"
        required={!editing}
        readOnly={Boolean(editing)}
        variant={editing ? 'filled' : 'default'}
        maxLength={limits.ticketTitleMaxLength}
        {...form.getInputProps('title')}
      />
      <Textarea
        label="Description"
        required={!editing}
        readOnly={Boolean(editing)}
        variant={editing ? 'filled' : 'default'}
        description={editing ? texts.readOnlyHelp : undefined}
        maxLength={limits.ticketContentsMaxLength}
        // 20 rows by 80 columns (spec §9); on a phone the box grows with the text up to what fits
        // on a 390 x 844 screen beside the header and the field's label (issue 14).
        rows={phone ? PHONE_ROWS.min : 20}
        cols={80}
        autosize={phone}
        minRows={PHONE_ROWS.min}
        maxRows={PHONE_ROWS.max}
        resize="vertical"
        // Mantine's fixed input height would cut the 20 rows short; autosize sets its own.
        styles={phone ? undefined : { input: { height: 'auto' } }}
        {...form.getInputProps('ticketContents')}
      />
      {choices.severity}
      {editing &&
        (isAdmin ? (
          <NativeSelect label="Status" data={[...TICKET_STATUSES]} {...form.getInputProps('status')} />
        ) : (
          <TextInput
            label="Status"
            readOnly
            variant="filled"
            description={texts.statusHelp}
            value={editing.status}
          />
        ))}
    </>
  );
}

/** On a phone the description grows from 5 to 12 rows (about 290 px), then scrolls inside. */
const PHONE_ROWS = { min: 5, max: 12 };

/**
 * The create/edit ticket form (spec §2, §4, §5). Create: type (Bug), title, description, severity
 * (the lowest, see DEFAULT_SEVERITY). Edit: only type and severity change; title and description
 * are read-only; the status is display only except for an admin. Every submit goes through Confirm Action.
 */
export function TicketForm(props: TicketFormProps) {
  const state = useTicketForm(props);
  const { editing, mutation, confirming, setConfirming, requestSubmit, confirm } = state;
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    panel.current?.querySelector<HTMLSelectElement>('select')?.focus({ preventScroll: true });
  }, []);
  const headingId = editing ? `ticket-form-${editing.supportTicketId}` : 'ticket-form-new';
  const submitLabel = editing ? texts.updateSubmit : texts.createSubmit;
  return (
    <Paper
      withBorder
      shadow="sm"
      p={{ base: 'sm', sm: 'md' }}
      radius="md"
      ref={panel}
      component="section"
      aria-labelledby={headingId}
      style={{ scrollMarginTop: 'calc(var(--app-shell-header-offset, 60px) + 16px)' }}
    >
      <form onSubmit={requestSubmit} noValidate>
        <Stack gap="sm">
          <TicketHeading editing={editing} headingId={headingId} />
          {mutation.isError && (
            <StatusMessage
              kind="failure"
              title={editing ? texts.updateFailed : texts.createFailed}
              detail={errorMessage(mutation.error)}
            />
          )}
          <TicketFields state={state} isAdmin={props.isAdmin} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={props.onCancel} disabled={mutation.isPending}>
              {texts.cancel}
            </Button>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? (editing ? texts.updating : texts.creating) : submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmActionModal
        opened={confirming}
        message={editing ? texts.confirmUpdate : texts.confirmCreate}
        confirmLabel={submitLabel}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      />
    </Paper>
  );
}

function TicketHeading({ editing, headingId }: { editing: SupportTicket | null; headingId: string }) {
  return (
    <div>
      <Title order={2} size="h4" id={headingId}>
        {editing ? texts.editTitle(editing.supportTicketId) : texts.createTitle}
      </Title>
      {editing && (
        <Text size="sm" c="dimmed">
          {texts.openedBy(editing.username, formatDate(editing.createdAt))}
        </Text>
      )}
    </div>
  );
}
