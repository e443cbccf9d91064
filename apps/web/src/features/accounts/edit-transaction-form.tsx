import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { limits, schoolYearScreens as yearText, updateTransactionBody, type Transaction } from '@bank/shared';
import { ConfirmActionModal } from '../../components/confirm-action-modal';
import { DeleteButton } from '../../components/delete-button';
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

type Update = ReturnType<typeof useUpdateTransaction>;
type Remove = ReturnType<typeof useDeleteTransaction>;

/** The body of PUT /admin/transactions/update: the form shows only the date part (spec §3); the instant sent keeps the local time of day. */
function bodyOf(transaction: Transaction, values: EditValues) {
  const originalDate = localDay(transaction.transactionDate);
  return {
    id: transaction.id,
    description: values.description,
    transactionDate:
      values.transactionDate === originalDate
        ? transaction.transactionDate
        : onLocalDay(transaction.transactionDate, values.transactionDate),
    amount: parseAmountInput(values.amount),
  };
}

/** What a confirmed Cancel, Delete or Save does. */
function useConfirmedAction(transaction: Transaction, values: () => EditValues, onClose: () => void) {
  const update = useUpdateTransaction();
  const remove = useDeleteTransaction();
  const done = (message: string) => () => {
    notifications.show({ color: 'teal', message });
    onClose();
  };
  const run = (action: PendingAction) => {
    if (action === 'cancel') onClose();
    if (action === 'delete') {
      update.reset();
      remove.mutate(transaction.id, { onSuccess: done(uiText.transactionDeleted) });
    }
    if (action === 'save') {
      remove.reset();
      const body = bodyOf(transaction, values()) as Parameters<typeof update.mutate>[0];
      update.mutate(body, { onSuccess: done(uiText.transactionUpdated) });
    }
  };
  return { update, remove, run };
}

/** The failure of the last save or delete, with the server's message. */
function Failures({ update, remove }: { update: Update; remove: Remove }) {
  const failed = [
    { mutation: update, title: uiText.transactionUpdateFailed },
    { mutation: remove, title: uiText.transactionDeleteFailed },
  ].filter(({ mutation }) => mutation.isError);
  return failed.map(({ mutation, title }) => (
    <StatusMessage key={title} kind="failure" title={title} detail={errorMessage(mutation.error)} />
  ));
}

function Fields({ form }: { form: UseFormReturnType<EditValues> }) {
  return (
    <>
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
        <TextInput label="Amount" inputMode="decimal" required miw={140} {...form.getInputProps('amount')} />
      </Group>
    </>
  );
}

function Buttons({
  update,
  remove,
  ask,
}: {
  update: Update;
  remove: Remove;
  ask: (a: PendingAction) => void;
}) {
  const busy = update.isPending || remove.isPending;
  return (
    <Group justify="flex-end" gap="xs">
      <Button variant="default" onClick={() => ask('cancel')} disabled={busy}>
        Cancel
      </Button>
      <DeleteButton onClick={() => ask('delete')} disabled={busy}>
        {remove.isPending ? 'Deleting...' : 'Delete Transaction'}
      </DeleteButton>
      <Button type="submit" disabled={busy}>
        {update.isPending ? 'Saving...' : 'Save Changes'}
      </Button>
    </Group>
  );
}

/**
 * A posted transaction has been seen by its student: a Delete would erase what the class saw, so
 * the form steers the admin to Reverse (both rows stay, with a reason). Delete stays, as the spec has it.
 */
function ReverseInstead({ onReverse }: { onReverse: () => void }) {
  // No Alert title: Mantine draws it in the yellow itself, below AA on the light yellow (axe).
  return (
    <Alert color="yellow" variant="light" data-testid="reverse-instead">
      <Stack gap="xs" align="flex-start">
        <Text size="sm" fw={700}>
          {yearText.reverseInsteadTitle}
        </Text>
        <Text size="sm">{yearText.reverseInsteadNote}</Text>
        <Button size="compact-md" variant="default" onClick={onReverse}>
          {yearText.reverseInsteadButton}
        </Button>
      </Stack>
    </Alert>
  );
}

/** The panel scrolls into view with focus in its first field, each time another transaction opens. */
function usePanelFocus(transactionId: number) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    panel.current?.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
  }, [transactionId]);
  return panel;
}

/** The edit form of a transaction: description, date and amount; each button behind Confirm Action (spec §2). */
export function EditTransactionForm({
  transaction,
  onClose,
  onReverse,
}: {
  transaction: Transaction;
  onClose: () => void;
  /** Opens Reverse, which a posted transaction should get instead of Delete (issue 21). */
  onReverse?: () => void;
}) {
  const form = useForm<EditValues>({
    initialValues: {
      description: transaction.description,
      transactionDate: localDay(transaction.transactionDate),
      amount: transaction.amount.toFixed(2),
    },
  });
  const [pending, setPending] = useState<PendingAction>(null);
  const { update, remove, run } = useConfirmedAction(transaction, form.getValues, onClose);
  const panel = usePanelFocus(transaction.id);

  const requestSave = form.onSubmit((values) => {
    const errors = schemaErrors(updateTransactionBody, bodyOf(transaction, values));
    form.setErrors(errors);
    if (Object.keys(errors).length === 0) setPending('save');
  });

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
          <Failures update={update} remove={remove} />
          {transaction.status === 'posted' && onReverse && <ReverseInstead onReverse={onReverse} />}
          <Fields form={form} />
          <Buttons update={update} remove={remove} ask={setPending} />
        </Stack>
      </form>
      <ConfirmActionModal
        opened={pending !== null}
        message={pending ? confirmTexts[pending].message : ''}
        confirmLabel={pending ? confirmTexts[pending].label : undefined}
        danger={pending === 'delete'}
        onConfirm={() => {
          setPending(null);
          run(pending);
        }}
        onCancel={() => setPending(null)}
      />
    </Paper>
  );
}
