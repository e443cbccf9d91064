import { Group, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  createAwardBody,
  economyLimits,
  economyScreens as t,
  type Award,
  type BatchKind,
} from '@bank/shared';
import { FormPanel } from '../../components/form-panel';
import { failureStatus, StatusLine, type Status } from '../../components/status-message';
import { useConfirmAction } from '../../components/use-confirm-action';
import { parseAmountInput } from '../../lib/format';
import { schemaErrors } from '../../lib/validation';
import { useCreateAward, useDeleteAward, useUpdateAward } from './api';
import { FormActions } from './form-actions';

interface AwardFormProps {
  award?: Award | undefined;
  onDone: (status: Status) => void;
  onClose: () => void;
}

/** The award form's values, checks and calls (create, update, delete behind Confirm Action). */
function useAwardForm({ award, onDone }: AwardFormProps) {
  const create = useCreateAward();
  const update = useUpdateAward();
  const remove = useDeleteAward();
  const { ask, modal } = useConfirmAction();
  const [name, setName] = useState(award?.name ?? '');
  const [kind, setKind] = useState<BatchKind>(award?.kind ?? 'deposit');
  const [amount, setAmount] = useState(award ? award.amount.toFixed(2) : '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<Status | null>(null);
  const busy = create.isPending || update.isPending || remove.isPending;
  const failed = (title: string) => (error: unknown) => setFailure(failureStatus(title, error));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const body = { name: name.trim(), kind, amount: parseAmountInput(amount) as number };
    const found = schemaErrors(createAwardBody, body);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const saved = (after: Award) => onDone({ kind: 'success', title: t.awardSaved(after.name) });
    if (award)
      update.mutate(
        { awardId: award.awardId, body },
        { onSuccess: saved, onError: failed(t.awardSaveFailed) },
      );
    else create.mutate(body, { onSuccess: saved, onError: failed(t.awardSaveFailed) });
  };

  const requestDelete = (current: Award) =>
    ask({
      message: t.confirmDeleteAward(current.name),
      confirmLabel: t.deleteAward,
      danger: true,
      onConfirm: () =>
        remove.mutate(current.awardId, {
          onSuccess: () => onDone({ kind: 'success', title: t.awardDeleted(current.name) }),
          onError: failed(t.awardDeleteFailed),
        }),
    });

  const values = { name, setName, kind, setKind, amount, setAmount };
  return { ...values, errors, failure, busy, submit, requestDelete, modal };
}

/** Create or edit an award button: its name, bonus or fine, and amount; delete it behind Confirm Action. */
export function AwardForm(props: AwardFormProps) {
  const { award, onClose } = props;
  const {
    name,
    setName,
    kind,
    setKind,
    amount,
    setAmount,
    errors,
    failure,
    busy,
    submit,
    requestDelete,
    modal,
  } = useAwardForm(props);
  return (
    <FormPanel title={award ? t.editAwardTitle(award.name) : t.createAwardTitle}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <StatusLine status={failure} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t.awardNameLabel}
              description={t.awardNameDescription}
              withAsterisk
              autoComplete="off"
              maxLength={economyLimits.awardNameMaxLength}
              value={name}
              error={errors.name}
              onChange={(e) => setName(e.currentTarget.value)}
            />
            <TextInput
              label={t.awardAmountLabel}
              withAsterisk
              inputMode="decimal"
              autoComplete="off"
              leftSection="$"
              value={amount}
              error={errors.amount}
              onChange={(e) => setAmount(e.currentTarget.value)}
            />
          </SimpleGrid>
          <Radio.Group label={t.awardKindLabel} value={kind} onChange={(v) => setKind(v as BatchKind)}>
            <Group mt="xs">
              <Radio value="deposit" label={t.awardBonus} />
              <Radio value="withdrawal" label={t.awardFine} />
            </Group>
          </Radio.Group>
          <FormActions
            deleteLabel={award ? t.deleteAward : null}
            onDelete={() => award && requestDelete(award)}
            busy={busy}
            onClose={onClose}
            submitLabel={award ? t.saveAward : t.createAward}
          />
        </Stack>
      </form>
      {modal}
    </FormPanel>
  );
}
