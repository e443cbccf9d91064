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
import { schemaErrors } from '../../lib/validation';
import { useCreateTicket, useUpdateTicket } from './api';
import { supportTexts as texts } from './texts';

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

/** Ticket type first, as in the spec's order, then title, description (20 × 80) and severity. */
const initialValues = (mode: TicketFormMode): TicketValues =>
  mode.kind === 'edit'
    ? {
        ticketType: mode.ticket.ticketType,
        title: mode.ticket.title,
        ticketContents: mode.ticket.ticketContents,
        severity: mode.ticket.severity,
        status: mode.ticket.status,
      }
    : { ticketType: 'Bug', title: '', ticketContents: '', severity: '1. Blocker', status: 'Open' };

/**
 * The create/edit ticket form (spec §2, §4, §5). Create: type (Bug), title, description, severity
 * ("1. Blocker"). Edit: only type and severity change; title and description are read-only; the
 * status is display only except for an admin. Every submit goes through Confirm Action.
 */
export function TicketForm({ mode, bankId, isAdmin, onSaved, onCancel }: TicketFormProps) {
  const editing = mode.kind === 'edit' ? mode.ticket : null;
  const create = useCreateTicket(bankId);
  const update = useUpdateTicket(bankId);
  const mutation = editing ? update : create;
  const [confirming, setConfirming] = useState(false);
  const panel = useRef<HTMLElement>(null);

  const form = useForm<TicketValues>({
    initialValues: initialValues(mode),
    // Editing the form clears its status (spec §4).
    onValuesChange: () => {
      create.reset();
      update.reset();
    },
  });

  useEffect(() => {
    panel.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    panel.current?.querySelector<HTMLSelectElement>('select')?.focus({ preventScroll: true });
  }, []);

  const requestSubmit = form.onSubmit((values) => {
    if (mutation.isPending) return;
    const errors = editing
      ? {}
      : schemaErrors(createTicketBody, {
          ticketType: values.ticketType,
          title: values.title,
          ticketContents: values.ticketContents,
          severity: values.severity,
        });
    form.setErrors(errors);
    if (Object.keys(errors).length === 0) setConfirming(true);
  });

  const showServerFields = (error: unknown) => {
    if (error instanceof ApiError && error.fields) form.setErrors(error.fields);
  };

  const confirm = () => {
    setConfirming(false);
    const values = form.getValues();
    if (editing) {
      update.mutate(
        {
          supportTicketId: editing.supportTicketId,
          ticketType: values.ticketType,
          severity: values.severity,
          ...(isAdmin ? { status: values.status } : {}),
        },
        {
          onSuccess: (ticket) => onSaved(ticket, texts.updated(ticket.supportTicketId)),
          onError: showServerFields,
        },
      );
    } else {
      create.mutate(
        {
          ticketType: values.ticketType,
          title: values.title.trim(),
          ticketContents: values.ticketContents.trim(),
          severity: values.severity,
        },
        {
          onSuccess: (ticket) => onSaved(ticket, texts.created(ticket.supportTicketId)),
          onError: showServerFields,
        },
      );
    }
  };

  const headingId = editing ? `ticket-form-${editing.supportTicketId}` : 'ticket-form-new';
  const busyLabel = editing ? texts.updating : texts.creating;
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
          {mutation.isError && (
            <StatusMessage
              kind="failure"
              title={editing ? texts.updateFailed : texts.createFailed}
              detail={errorMessage(mutation.error)}
            />
          )}
          <NativeSelect label="Ticket Type" data={[...TICKET_TYPES]} {...form.getInputProps('ticketType')} />
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
            rows={20}
            cols={80}
            styles={{ input: { height: 'auto', resize: 'vertical' } }}
            {...form.getInputProps('ticketContents')}
          />
          <NativeSelect label="Severity" data={[...TICKET_SEVERITIES]} {...form.getInputProps('severity')} />
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
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onCancel} disabled={mutation.isPending}>
              {texts.cancel}
            </Button>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? busyLabel : submitLabel}
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
