import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { limits, updateTransactionBody, type Transaction } from '@bank/shared';
import { ConfirmActionModal } from '../../components/confirm-action-modal';
import { StatusMessage } from '../../components/status-message';
import { errorMessage } from '../../lib/api-client';
import { localDay, onLocalDay, parseAmountInput } from '../../lib/format';
import { uiText } from '../../lib/ui-text';
import { schemaErrors } from '../../lib/validation';
import { useDeleteTransaction, useUpdateTransaction } from './api';

type PendingAction = 'cancel' | 'delete' | 'save' | null;

interface EditValues {
  description: string;
  transactionDate: string;
  amount: string;
}

const confirmTexts: Record<Exclude<PendingAction, null>, { message: string; label: string }> = {
  cancel: { message: 'Discard your changes to this transaction?', label: 'Discard Changes' },
  delete: {
    message: 'Delete this transaction? If it is part of a transfer, the other leg is deleted too.',
    label: 'Delete Transaction',
  },
  save: { message: 'Save the changes to this transaction?', label: 'Save Changes' },
};

/** The edit form of a transaction: description, date and amount; each button behind Confirm Action (spec §2). */
export function EditTransactionForm({
  transaction,
  onClose,
}: {
  transaction: Transaction;
  onClose: () => void;
}) {
  const originalDate = localDay(transaction.transactionDate);
  const form = useForm<EditValues>({
    initialValues: {
      description: transaction.description,
      transactionDate: originalDate,
      amount: transaction.amount.toFixed(2),
    },
  });
  const [pending, setPending] = useState<PendingAction>(null);
  const update = useUpdateTransaction();
  const remove = useDeleteTransaction();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    panel.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    panel.current?.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
  }, [transaction.id]);

  // The edit form shows only the date part (spec §3); the instant sent keeps the local time of day.
  const body = (values: EditValues) => ({
    id: transaction.id,
    description: values.description,
    transactionDate:
      values.transactionDate === originalDate
        ? transaction.transactionDate
        : onLocalDay(transaction.transactionDate, values.transactionDate),
    amount: parseAmountInput(values.amount),
  });

  const requestSave = form.onSubmit((values) => {
    const errors = schemaErrors(updateTransactionBody, body(values));
    form.setErrors(errors);
    if (Object.keys(errors).length === 0) setPending('save');
  });

  const confirm = () => {
    const action = pending;
    setPending(null);
    if (action === 'cancel') onClose();
    if (action === 'delete') {
      update.reset();
      remove.mutate(transaction.id, {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: uiText.transactionDeleted });
          onClose();
        },
      });
    }
    if (action === 'save') {
      remove.reset();
      update.mutate(body(form.getValues()) as Parameters<typeof update.mutate>[0], {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: uiText.transactionUpdated });
          onClose();
        },
      });
    }
  };

  const busy = update.isPending || remove.isPending;

  return (
    <Paper
      withBorder
      shadow="sm"
      p="md"
      radius="md"
      ref={panel}
      component="section"
      aria-labelledby="edit-transaction-title"
      // Scrolled into view below the fixed header, not under it.
      style={{ scrollMarginTop: 'calc(var(--app-shell-header-offset, 60px) + 16px)' }}
    >
      <form onSubmit={requestSave} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="edit-transaction-title">
            Edit Transaction {transaction.id}
          </Title>
          {update.isError && (
            <StatusMessage
              kind="failure"
              title={uiText.transactionUpdateFailed}
              detail={errorMessage(update.error)}
            />
          )}
          {remove.isError && (
            <StatusMessage
              kind="failure"
              title={uiText.transactionDeleteFailed}
              detail={errorMessage(remove.error)}
            />
          )}
          <TextInput
            label="Description"
            maxLength={limits.descriptionMaxLength}
            required
            {...form.getInputProps('description')}
          />
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label="Transaction Date"
              type="date"
              required
              miw={180}
              {...form.getInputProps('transactionDate')}
            />
            <TextInput
              label="Amount"
              inputMode="decimal"
              required
              miw={140}
              {...form.getInputProps('amount')}
            />
          </Group>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setPending('cancel')} disabled={busy}>
              Cancel
            </Button>
            <Button color="red" variant="light" onClick={() => setPending('delete')} disabled={busy}>
              {remove.isPending ? 'Deleting...' : 'Delete Transaction'}
            </Button>
            <Button type="submit" disabled={busy}>
              {update.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmActionModal
        opened={pending !== null}
        message={pending ? confirmTexts[pending].message : ''}
        confirmLabel={pending ? confirmTexts[pending].label : undefined}
        danger={pending === 'delete'}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </Paper>
  );
}
