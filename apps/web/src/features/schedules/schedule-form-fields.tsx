import {
  Group,
  MultiSelect,
  NativeSelect,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  classroomText,
  economyScreens,
  limits,
  schoolYearScreens as t,
  type AccountType,
  type BankSettings,
  type BatchKind,
  type Branch,
  type Student,
} from '@bank/shared';
import { bankToday, dayOrdinal, nextWeekday } from '../../lib/bank-time';
import { lastFour } from '../../lib/format';
import type { ScheduleValues } from './schedule-form-model';

type Form = UseFormReturnType<ScheduleValues>;

/** Name, what it does (pay or bill), the amount and the optional memo. */
export function WhatFields({
  form,
  kinds,
  kindFixed,
}: {
  form: Form;
  kinds: BatchKind[];
  kindFixed: boolean;
}) {
  const labels = {
    deposit: [t.kindDeposit, t.kindDepositDescription],
    withdrawal: [t.kindWithdrawal, t.kindWithdrawalDescription],
  } as const;
  const values = form.getValues();
  // A payday (a deposit) may pay each Student their jobs' wages instead of one amount (issue 34).
  const wagesOffered = values.kind === 'deposit';
  const wages = wagesOffered && values.amountFrom === 'wage';
  return (
    <>
      <TextInput
        label={t.nameLabel}
        description={t.nameDescription}
        withAsterisk
        maxLength={limits.scheduleNameMaxLength}
        autoComplete="off"
        {...form.getInputProps('name')}
      />
      <Radio.Group label={t.kindLabel} {...form.getInputProps('kind')}>
        <Group mt="xs" align="flex-start">
          {kinds.map((kind) => (
            <Radio
              key={kind}
              value={kind}
              label={labels[kind][0]}
              description={labels[kind][1]}
              disabled={kindFixed}
              maw={300}
            />
          ))}
        </Group>
      </Radio.Group>
      {wagesOffered && (
        <Switch
          label={economyScreens.payWagesLabel}
          description={economyScreens.payWagesDescription}
          checked={wages}
          onChange={(e) => form.setFieldValue('amountFrom', e.currentTarget.checked ? 'wage' : 'fixed')}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {!wages && (
          <TextInput
            label={t.amountLabel}
            withAsterisk
            inputMode="decimal"
            autoComplete="off"
            leftSection="$"
            {...form.getInputProps('amount')}
          />
        )}
        <TextInput
          label={classroomText.memoLabel}
          description={classroomText.memoDescription}
          maxLength={limits.memoMaxLength}
          autoComplete="off"
          {...form.getInputProps('memo')}
        />
      </SimpleGrid>
    </>
  );
}

const accountLabel = (student: Student, accountId: string, type: AccountType, branch: string) =>
  `${student.name} · ${type} ${lastFour(accountId)} · ${branch}`;

/** Who is paid or billed: every Student of a branch (on one account type), or chosen accounts. */
export function WhoFields(props: {
  form: Form;
  settings: BankSettings;
  branches: Branch[];
  students: Student[];
}) {
  const { form, settings, branches, students } = props;
  const values = form.getValues();
  const branchName = new Map(branches.map((b) => [b.branchId, b.branchName]));
  const types = (['CHECKING', 'SAVINGS'] as const).filter((type) =>
    type === 'CHECKING' ? settings.checkingActive : settings.savingsActive,
  );
  const options = students.flatMap((s) =>
    s.accounts.map((a) => ({
      value: a.accountId,
      label: accountLabel(s, a.accountId, a.accountType, branchName.get(a.branchId) ?? ''),
    })),
  );
  return (
    <>
      <Radio.Group label={t.whoLabel} {...form.getInputProps('who')}>
        <Group mt="xs" align="flex-start">
          <Radio value="branch" label={t.whoBranch} description={t.whoBranchDescription} maw={300} />
          <Radio value="accounts" label={t.whoAccounts} description={t.whoAccountsDescription} maw={300} />
        </Group>
      </Radio.Group>
      {values.who === 'branch' ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NativeSelect
            label="Branch"
            withAsterisk
            data={[
              { value: '', label: 'Select a branch' },
              ...branches.map((b) => ({ value: String(b.branchId), label: b.branchName })),
            ]}
            {...form.getInputProps('branchId')}
          />
          <NativeSelect label={t.accountTypeLabel} data={[...types]} {...form.getInputProps('accountType')} />
        </SimpleGrid>
      ) : (
        <MultiSelect
          label={t.accountsLabel}
          placeholder={t.accountsPlaceholder}
          withAsterisk
          searchable
          hidePickedOptions
          nothingFoundMessage="No account matches"
          // Inside the form, so the list stays in the main landmark (axe: region), without an inner scroll box.
          comboboxProps={{ withinPortal: false }}
          withScrollArea={false}
          limit={12}
          data={options}
          {...form.getInputProps('accountIds')}
        />
      )}
    </>
  );
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** How often, on which day, and the first run; the day moves the first run to the next such day. */
export function WhenFields({ form, zone }: { form: Form; zone: string }) {
  const values = form.getValues();
  const weekly = values.every !== 'month';
  const today = bankToday(zone);
  const weekday = values.startDate ? new Date(`${values.startDate}T12:00:00Z`).getUTCDay() : '';
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: weekly ? 3 : 2 }} spacing="md">
        <NativeSelect
          label={t.everyLabel}
          data={[
            { value: 'week', label: t.everyWeek },
            { value: '2weeks', label: t.every2Weeks },
            { value: 'month', label: t.everyMonth },
          ]}
          {...form.getInputProps('every')}
        />
        {weekly && (
          <NativeSelect
            label={t.dayLabel}
            data={WEEKDAYS.map((day, i) => ({ value: String(i), label: day }))}
            value={String(weekday)}
            onChange={(event) =>
              form.setFieldValue('startDate', nextWeekday(today, Number(event.currentTarget.value)))
            }
          />
        )}
        <TextInput
          label={t.firstRunLabel}
          description={t.firstRunDescription(zone)}
          type="date"
          withAsterisk
          min={today}
          {...form.getInputProps('startDate')}
        />
      </SimpleGrid>
      {!weekly && values.startDate && (
        <Text size="sm" c="dimmed">
          {t.monthDayNote(dayOrdinal(values.startDate))}
        </Text>
      )}
    </Stack>
  );
}

/** What a bill does with a student who cannot pay all of it, in plain words. */
export function ShortfallField({ form }: { form: Form }) {
  return (
    <Radio.Group label={t.shortfallLabel} {...form.getInputProps('shortfall')}>
      <Stack mt="xs" gap="sm">
        <Radio value="skip" label={t.shortfallSkip} description={t.shortfallSkipDescription} />
        <Radio value="partial" label={t.shortfallPartial} description={t.shortfallPartialDescription} />
      </Stack>
    </Radio.Group>
  );
}
