import { Button, Group, NativeSelect, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  auctionLimits,
  auctionScreenText as m,
  createAuctionBody,
  updateAuctionBody,
  type Auction,
  type Branch,
  type User,
} from '@bank/shared';
import { FormPanel } from '../../components/form-panel';
import { failureStatus, StatusLine } from '../../components/status-message';
import { addDays, bankDateAndTime, bankInstant, bankToday } from '../../lib/bank-time';
import { parseAmountInput } from '../../lib/format';
import { forWhomOptions } from '../../lib/for-whom';
import { focusFirstInvalid } from '../../lib/page-focus';
import { schemaErrors } from '../../lib/validation';
import { useCreateAuction, useUpdateAuction } from './api';

interface AuctionValues {
  name: string;
  description: string;
  startingBid: string;
  minIncrement: string;
  /** The day and time it ends, as the bank's clocks show them. */
  endDate: string;
  endTime: string;
  /** '' = the whole bank (an admin's choice). */
  branchId: string;
}

/** A new auction ends tomorrow at 15:00, bank time, unless the teacher says otherwise. */
const DEFAULT_END_TIME = '15:00';

function initialValues(auction: Auction | null, user: User, zone: string): AuctionValues {
  const end = auction
    ? bankDateAndTime(auction.endsAt, zone)
    : { date: addDays(bankToday(zone), 1), time: DEFAULT_END_TIME };
  return {
    name: auction?.name ?? '',
    description: auction?.description ?? '',
    startingBid: auction ? auction.startingBid.toFixed(2) : '',
    minIncrement: auction
      ? auction.minIncrement.toFixed(2)
      : (auctionLimits.defaultIncrementCents / 100).toFixed(2),
    endDate: end.date,
    endTime: end.time,
    branchId: String(auction ? (auction.branchId ?? '') : (user.branchId ?? '')),
  };
}

/** The body the API takes; a teacher's auction is always their own class's (the server's rule). */
function bodyOf(v: AuctionValues, admin: boolean, zone: string) {
  return {
    name: v.name.trim(),
    description: v.description.trim(),
    startingBid: parseAmountInput(v.startingBid) as number,
    minIncrement: parseAmountInput(v.minIncrement) as number,
    endsAt: bankInstant(v.endDate, v.endTime, zone) ?? '',
    ...(admin ? { branchId: v.branchId === '' ? null : Number(v.branchId) } : {}),
  };
}

/** The schema's errors, with the end's said on the box that is empty (it checks one instant). */
function errorsOf(v: AuctionValues, body: ReturnType<typeof bodyOf>, editing: boolean) {
  const errors = schemaErrors(editing ? updateAuctionBody : createAuctionBody, body);
  const endError = errors.endsAt;
  delete errors.endsAt;
  if (!v.endDate) errors.endDate = m.endDateRequired;
  else if (!v.endTime) errors.endTime = m.endTimeRequired;
  else if (endError) errors.endDate = endError;
  return errors;
}

interface AuctionFormProps {
  user: User;
  /** The bank's time zone: the end is typed and shown as its clocks show it. */
  zone: string;
  /** The auction to change (only while nobody has bid); null starts one. */
  auction: Auction | null;
  branches: Branch[];
  onDone: (saved: Auction, created: boolean) => void;
  onCancel: () => void;
}

function useAuctionForm({
  user,
  zone,
  auction,
  onDone,
}: Pick<AuctionFormProps, 'user' | 'zone' | 'auction' | 'onDone'>) {
  const admin = user.userRole === 'ADMIN';
  const create = useCreateAuction();
  const update = useUpdateAuction();
  const form = useForm<AuctionValues>({ initialValues: initialValues(auction, user, zone) });
  const submit = form.onSubmit((v) => {
    const body = bodyOf(v, admin, zone);
    const errors = errorsOf(v, body, auction !== null);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return focusFirstInvalid();
    if (auction)
      update.mutate({ auctionId: auction.auctionId, body }, { onSuccess: (saved) => onDone(saved, false) });
    else create.mutate(body, { onSuccess: (saved) => onDone(saved, true) });
  });
  return { form, submit, saving: create.isPending || update.isPending, error: create.error ?? update.error };
}

type AuctionFormState = ReturnType<typeof useAuctionForm>;

/** The starting bid, the least raise, and when it ends (the bank's day and time). */
function BidAndEndFields({ state, zone }: { state: AuctionFormState; zone: string }) {
  const { form, saving } = state;
  return (
    <>
      <TextInput
        label={m.startingBidLabel}
        withAsterisk
        inputMode="decimal"
        autoComplete="off"
        leftSection="$"
        disabled={saving}
        {...form.getInputProps('startingBid')}
      />
      <TextInput
        label={m.minIncrementLabel}
        description={m.minIncrementHint}
        inputMode="decimal"
        autoComplete="off"
        leftSection="$"
        disabled={saving}
        {...form.getInputProps('minIncrement')}
      />
      <TextInput
        label={m.endDateLabel}
        description={m.endsHint(zone)}
        type="date"
        withAsterisk
        disabled={saving}
        {...form.getInputProps('endDate')}
      />
      <TextInput
        label={m.endTimeLabel}
        type="time"
        withAsterisk
        disabled={saving}
        mt={{ sm: 'auto' }}
        {...form.getInputProps('endTime')}
      />
    </>
  );
}

/** New auction or Edit: name, description, starting bid, least raise, when it ends, for whom. */
export function AuctionForm({ user, zone, auction, branches, onDone, onCancel }: AuctionFormProps) {
  const state = useAuctionForm({ user, zone, auction, onDone });
  const { form, submit, saving, error } = state;
  const admin = user.userRole === 'ADMIN';
  return (
    <FormPanel title={auction ? m.editAuctionTitle(auction.name) : m.newAuctionTitle}>
      <form onSubmit={submit} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={m.nameLabel}
            withAsterisk
            autoComplete="off"
            maxLength={auctionLimits.nameMaxLength}
            disabled={saving}
            {...form.getInputProps('name')}
          />
          <NativeSelect
            label={m.forWhomLabel}
            data={forWhomOptions(user, branches, m.wholeBank)}
            disabled={saving || !admin}
            {...form.getInputProps('branchId')}
          />
          {/* A fixed height: autosize measures the page, which jsdom cannot (the tests). */}
          <Textarea
            label={m.descriptionLabel}
            rows={3}
            maxLength={auctionLimits.descriptionMaxLength}
            disabled={saving}
            style={{ gridColumn: '1 / -1' }}
            {...form.getInputProps('description')}
          />
          <BidAndEndFields state={state} zone={zone} />
        </SimpleGrid>
        {error ? <StatusLine status={failureStatus(m.saveFailed, error)} /> : null}
        <Group justify="flex-end" gap="xs" mt="md">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            {m.cancelEdit}
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? m.savingAuction : m.saveAuction}
          </Button>
        </Group>
      </form>
    </FormPanel>
  );
}
