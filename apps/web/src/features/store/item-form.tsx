import { Button, Group, NativeSelect, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  createItemBody,
  limits,
  storeScreenText as m,
  updateItemBody,
  type Branch,
  type StoreItem,
  type User,
} from '@bank/shared';
import { FormPanel } from '../../components/form-panel';
import { failureStatus, StatusLine } from '../../components/status-message';
import { parseAmountInput } from '../../lib/format';
import { forWhomOptions, type ForWhomOption } from '../../lib/for-whom';
import { focusFirstInvalid } from '../../lib/page-focus';
import { schemaErrors } from '../../lib/validation';
import { useCreateItem, useUpdateItem } from './api';

interface ItemValues {
  name: string;
  description: string;
  price: string;
  stock: string;
  perStudentLimit: string;
  /** '' = the whole bank (an admin's choice). */
  branchId: string;
  active: boolean;
}

/** An empty box is "none" (unlimited stock, no limit); anything else goes to the schema as typed. */
const countOf = (text: string): number | null | string => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
};

/** The body the API takes; a teacher's item is always their own class's (the server's rule). */
function bodyOf(v: ItemValues, admin: boolean) {
  return {
    name: v.name.trim(),
    description: v.description.trim(),
    price: parseAmountInput(v.price) as number,
    stock: countOf(v.stock) as number | null,
    perStudentLimit: countOf(v.perStudentLimit) as number | null,
    active: v.active,
    ...(admin ? { branchId: v.branchId === '' ? null : Number(v.branchId) } : {}),
  };
}

const initialValues = (item: StoreItem | null, user: User): ItemValues => ({
  name: item?.name ?? '',
  description: item?.description ?? '',
  price: item ? item.price.toFixed(2) : '',
  stock: item?.stock?.toString() ?? '',
  perStudentLimit: item?.perStudentLimit?.toString() ?? '',
  branchId: String(item ? (item.branchId ?? '') : (user.branchId ?? '')),
  active: item?.active ?? true,
});

interface ItemFormProps {
  user: User;
  /** The item to change; null adds one. */
  item: StoreItem | null;
  branches: Branch[];
  onDone: (saved: StoreItem, created: boolean) => void;
  onCancel: () => void;
}

/** For whom: an admin picks the whole bank or a class; a teacher sells to their own class only. */

/** The form's values, its check against the API's own schema, and the create or update call. */
function useItemForm({ user, item, onDone }: Pick<ItemFormProps, 'user' | 'item' | 'onDone'>) {
  const admin = user.userRole === 'ADMIN';
  const create = useCreateItem();
  const update = useUpdateItem();
  const form = useForm<ItemValues>({ initialValues: initialValues(item, user) });
  const submit = form.onSubmit((v) => {
    const body = bodyOf(v, admin);
    const errors = schemaErrors(item ? updateItemBody : createItemBody, body);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return focusFirstInvalid();
    if (item) update.mutate({ itemId: item.itemId, body }, { onSuccess: (saved) => onDone(saved, false) });
    else create.mutate(body, { onSuccess: (saved) => onDone(saved, true) });
  });
  return { form, submit, saving: create.isPending || update.isPending, error: create.error ?? update.error };
}

type ItemFormState = ReturnType<typeof useItemForm>;

/** How many, how many each, for whom, on sale. */
function StockFields({
  state,
  options,
  admin,
}: {
  state: ItemFormState;
  options: ForWhomOption[];
  admin: boolean;
}) {
  const { form, saving } = state;
  return (
    <>
      <TextInput
        label={m.stockLabel}
        description={m.stockHint}
        inputMode="numeric"
        autoComplete="off"
        disabled={saving}
        {...form.getInputProps('stock')}
      />
      <TextInput
        label={m.limitLabel}
        description={m.limitHint}
        inputMode="numeric"
        autoComplete="off"
        disabled={saving}
        {...form.getInputProps('perStudentLimit')}
      />
      <NativeSelect
        label={m.forWhomLabel}
        data={options}
        disabled={saving || !admin}
        {...form.getInputProps('branchId')}
      />
      <Switch
        label={m.activeLabel}
        description={m.activeHint}
        mt={{ sm: 'lg' }}
        disabled={saving}
        {...form.getInputProps('active', { type: 'checkbox' })}
      />
    </>
  );
}

/** New item or Edit: name, description, price, stock (or unlimited), limit, for whom, on sale. */
export function ItemForm({ user, item, branches, onDone, onCancel }: ItemFormProps) {
  const state = useItemForm({ user, item, onDone });
  const { form, submit, saving, error } = state;
  return (
    <FormPanel title={item ? m.editItemTitle(item.name) : m.newItemTitle}>
      <form onSubmit={submit} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={m.nameLabel}
            withAsterisk
            autoComplete="off"
            maxLength={limits.itemNameMaxLength}
            disabled={saving}
            {...form.getInputProps('name')}
          />
          <TextInput
            label={m.priceInputLabel}
            withAsterisk
            inputMode="decimal"
            autoComplete="off"
            leftSection="$"
            disabled={saving}
            {...form.getInputProps('price')}
          />
          <Textarea
            label={m.descriptionLabel}
            autosize
            minRows={2}
            maxLength={limits.itemDescriptionMaxLength}
            disabled={saving}
            style={{ gridColumn: '1 / -1' }}
            {...form.getInputProps('description')}
          />
          <StockFields
            state={state}
            options={forWhomOptions(user, branches, m.wholeBank)}
            admin={user.userRole === 'ADMIN'}
          />
        </SimpleGrid>
        {error ? <StatusLine status={failureStatus(m.itemSaveFailed, error)} /> : null}
        <Group justify="flex-end" gap="xs" mt="md">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            {m.cancelEdit}
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? m.savingItem : m.saveItem}
          </Button>
        </Group>
      </form>
    </FormPanel>
  );
}
