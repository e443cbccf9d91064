import {
  Button,
  Fieldset,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useState, type ReactNode } from 'react';
import {
  CLASS_RIGHTS,
  classRightSetting,
  limits,
  participationScreenText,
  teacherText,
  type ClassRight,
  schoolYearScreens as yearText,
  updateBankBody,
  type BankSettings,
  type UpdateBankBody,
} from '@bank/shared';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { useRequiredSession } from '../../lib/current-user';
import { parseAmountInput } from '../../lib/format';
import { useBankSettings } from '../../lib/queries';
import { schemaErrors } from '../../lib/validation';
import {
  failureStatus,
  focusAfterChange,
  serverFieldErrors,
  StatusLine,
  useConfirmAction,
  type Status,
} from './admin-parts';
import { adminText } from './admin-texts';
import { BankerLimitField, bankerLimitText } from './banker-limit';
import { useUpdateBank } from './api';

type Flag =
  | 'checkingActive'
  | 'savingsActive'
  | 'tellerDepositPermission'
  | 'tellerWithdrawalPermission'
  | 'tellerTransferPermission'
  | ClassRightFlag;

type ClassRightFlag = (typeof classRightSetting)[ClassRight];

const FLAG_LABELS: Record<Flag, string> = {
  checkingActive: 'Checking Accounts',
  savingsActive: 'Savings Accounts',
  tellerDepositPermission: 'Teller Deposits',
  tellerWithdrawalPermission: 'Teller Withdrawals',
  tellerTransferPermission: 'Teller Transfers',
  ...(Object.fromEntries(
    CLASS_RIGHTS.map((right) => [classRightSetting[right], teacherText.rightSetting[right]]),
  ) as Record<ClassRightFlag, string>),
};

/** What teachers may do for their own class (issue 33), in the rights' order. */
const CLASS_RIGHT_FLAGS = CLASS_RIGHTS.map((right) => classRightSetting[right]);

const ACCOUNT_FLAGS = ['checkingActive', 'savingsActive'] as const;
const TELLER_FLAGS = [
  'tellerDepositPermission',
  'tellerWithdrawalPermission',
  'tellerTransferPermission',
] as const;

const flagText = (flag: Flag, on: boolean) =>
  flag === 'checkingActive' || flag === 'savingsActive'
    ? on
      ? 'Offered'
      : 'Not offered'
    : (CLASS_RIGHT_FLAGS as Flag[]).includes(flag)
      ? on
        ? teacherText.rightOnText
        : teacherText.rightOffText
      : on
        ? 'Allowed'
        : 'Not allowed';

/** "2.50%": the savings rate is a percent (spec §3, §9). */
export const percent = (rate: number) => `${rate.toFixed(2)}%`;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={{ base: 150, sm: 220 }}>{label}</Table.Th>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{children}</Table.Td>
    </Table.Tr>
  );
}

/** The settings, read-only; the savings rate only while savings are offered (spec §9). */
function SettingsView({ settings }: { settings: BankSettings }) {
  return (
    <Table variant="vertical" layout="fixed" withTableBorder data-testid="bank-settings">
      <Table.Tbody>
        <Row label="Bank Name">{settings.bankName}</Row>
        {ACCOUNT_FLAGS.map((flag) => (
          <Row key={flag} label={FLAG_LABELS[flag]}>
            {flagText(flag, settings[flag])}
          </Row>
        ))}
        {settings.savingsActive && <Row label="Savings Rate">{percent(settings.savingsRate)}</Row>}
        {[...TELLER_FLAGS, ...CLASS_RIGHT_FLAGS].map((flag) => (
          <Row key={flag} label={FLAG_LABELS[flag]}>
            {flagText(flag, settings[flag])}
          </Row>
        ))}
        <Row label={yearText.timeZoneLabel}>{settings.timeZone}</Row>
        <Row label={participationScreenText.bankerLimitRow}>{bankerLimitText(settings.bankerLimit)}</Row>
      </Table.Tbody>
    </Table>
  );
}

type BankValues = Omit<BankSettings, 'bankId' | 'savingsRate' | 'bankerLimit'> & {
  savingsRate: string;
  bankerLimit: string;
};

/**
 * The zones this browser knows (IANA names, as the server checks them), with UTC and the bank's
 * own always there: a zone newer than the browser must still show as chosen.
 */
function timeZoneOptions(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', current, ...known])].sort((a, b) =>
    a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b),
  );
}

/** The bank's time zone: a searchable list ("new y" finds America/New_York). */
function TimeZoneField(
  props: { current: string; disabled: boolean } & ReturnType<UseFormReturnType<BankValues>['getInputProps']>,
) {
  const { current, ...input } = props;
  return (
    <Select
      label={yearText.timeZoneLabel}
      description={yearText.timeZoneDescription}
      placeholder={yearText.timeZonePlaceholder}
      searchable
      allowDeselect={false}
      nothingFoundMessage="No time zone matches"
      // Inside the form, so the list stays in the main landmark (axe: region), without an inner scroll box.
      comboboxProps={{ withinPortal: false }}
      withScrollArea={false}
      limit={12}
      maw={360}
      data={timeZoneOptions(current)}
      // Words in any order ("york new"); the first `limit` matches only, as Mantine's own filter
      // does: otherwise all 400 zones would sit in the page (hidden) while the list is closed.
      filter={({ options, search, limit }) => {
        const words = search.toLowerCase().replace(/_/g, ' ').split(/\s+/).filter(Boolean);
        return (options as { value: string; label: string }[])
          .filter((o) => {
            const name = o.label.toLowerCase().replace(/_/g, ' ');
            return words.every((w) => name.includes(w));
          })
          .slice(0, limit);
      }}
      {...input}
    />
  );
}

interface SettingsFormProps {
  settings: BankSettings;
  saving: boolean;
  onSave: (body: UpdateBankBody, form: { setErrors: (errors: Record<string, string>) => void }) => void;
  onCancel: () => void;
  onEdit: () => void;
}

/** The settings form's values; the submit checks them and asks before saving. */
function useSettingsForm({ settings, onSave, onEdit }: SettingsFormProps) {
  const { ask, modal } = useConfirmAction();
  const form = useForm<BankValues>({
    initialValues: {
      bankName: settings.bankName,
      checkingActive: settings.checkingActive,
      savingsActive: settings.savingsActive,
      savingsRate: settings.savingsRate.toFixed(2),
      tellerDepositPermission: settings.tellerDepositPermission,
      tellerWithdrawalPermission: settings.tellerWithdrawalPermission,
      tellerTransferPermission: settings.tellerTransferPermission,
      tellerCanReverse: settings.tellerCanReverse,
      tellerCanResetPasswords: settings.tellerCanResetPasswords,
      tellerCanManageBankers: settings.tellerCanManageBankers,
      timeZone: settings.timeZone,
      bankerLimit: settings.bankerLimit.toFixed(2),
    },
    onValuesChange: onEdit,
  });

  const submit = form.onSubmit((v) => {
    // Every field is sent (PUT replaces the settings); a hidden rate keeps its saved value.
    const body = {
      ...v,
      bankId: settings.bankId,
      bankerLimit: parseAmountInput(v.bankerLimit),
      bankName: v.bankName.trim(),
      savingsRate: v.savingsActive ? parseAmountInput(v.savingsRate) : settings.savingsRate,
    };
    const errors = schemaErrors(updateBankBody, body);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    ask({
      message: 'Save the changes to the bank settings? They apply to everyone in the bank at once.',
      confirmLabel: 'Save Changes',
      onConfirm: () => onSave(body as UpdateBankBody, form),
    });
  });
  return { form, submit, modal };
}

function SettingsForm(props: SettingsFormProps) {
  const { saving, onCancel } = props;
  const { form, submit, modal } = useSettingsForm(props);
  const values = form.getValues();
  const flagSwitch = (flag: Flag) => (
    <Switch
      key={flag}
      label={FLAG_LABELS[flag]}
      description={flagText(flag, values[flag])}
      disabled={saving}
      {...form.getInputProps(flag, { type: 'checkbox' })}
    />
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Bank Name"
          withAsterisk
          maxLength={limits.bankNameMaxLength}
          disabled={saving}
          {...form.getInputProps('bankName')}
        />
        <Fieldset legend="Account types" variant="unstyled">
          <Stack gap="sm">
            {ACCOUNT_FLAGS.map(flagSwitch)}
            {values.savingsActive && (
              <TextInput
                label="Savings Rate"
                description="Yearly interest on savings, in percent (0 to 100, at most 2 decimals)."
                inputMode="decimal"
                autoComplete="off"
                rightSection="%"
                maw={260}
                disabled={saving}
                {...form.getInputProps('savingsRate')}
              />
            )}
          </Stack>
        </Fieldset>
        <Fieldset legend="Teller permissions" variant="unstyled">
          <Stack gap="sm">{TELLER_FLAGS.map(flagSwitch)}</Stack>
        </Fieldset>
        <Fieldset legend={teacherText.rightsLegend} variant="unstyled">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {teacherText.rightsHint}
            </Text>
            {CLASS_RIGHT_FLAGS.map(flagSwitch)}
          </Stack>
        </Fieldset>
        <TimeZoneField
          current={props.settings.timeZone}
          disabled={saving}
          {...form.getInputProps('timeZone')}
        />
        <BankerLimitField disabled={saving} {...form.getInputProps('bankerLimit')} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? adminText.savingChanges : 'Save Changes'}
          </Button>
        </Group>
      </Stack>
      {modal}
    </form>
  );
}

function Reloading() {
  return (
    <Group gap="xs" role="status">
      <Loader size="xs" aria-hidden />
      <Text size="sm" c="dimmed">
        {adminText.reloading}
      </Text>
    </Group>
  );
}

/** The server's field names are the form's. */
const FIELDS_BY_NAME = {
  bankName: 'bankName',
  savingsRate: 'savingsRate',
  timeZone: 'timeZone',
  bankerLimit: 'bankerLimit',
} as const;

/** `{bankId}/admin/bank`: read-only until Edit Mode; Save Changes sends every field (spec §2, §4). */
export function BankSettingsPage() {
  const { bankId } = useRequiredSession().user;
  const settings = useBankSettings(bankId);
  const update = useUpdateBank(bankId);
  const [editMode, setEditMode] = useState(false);
  const [status, setStatus] = useState<Status | null>(null);

  const setMode = (on: boolean) => {
    setStatus(null);
    setEditMode(on);
    // Cancelling edit mode reloads the settings (spec §4).
    if (!on) void settings.refetch();
  };

  const save: Parameters<typeof SettingsForm>[0]['onSave'] = (body, form) => {
    setStatus(null);
    update.mutate(body, {
      onSuccess: () => {
        setEditMode(false);
        setStatus({ kind: 'success', title: adminText.bankSaved });
        // The form is gone: the page's heading, above the success text, has the focus.
        focusAfterChange();
      },
      onError: (error) => {
        setStatus(failureStatus(adminText.bankSaveFailed, error));
        form.setErrors(serverFieldErrors(error, FIELDS_BY_NAME));
      },
    });
  };

  return (
    <>
      <PageHeader
        title="Bank Settings"
        subtitle="Account types, the savings rate and what tellers may do."
        actions={
          <Switch
            label="Edit Mode"
            size="md"
            checked={editMode}
            onChange={(event) => setMode(event.currentTarget.checked)}
            disabled={!settings.data || update.isPending}
          />
        }
      />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" maw={720}>
        <Stack gap="md">
          <StatusLine status={status} />
          {!editMode && settings.isFetching && settings.data && <Reloading />}
          <QueryState query={settings} what="the bank settings">
            {(data) =>
              editMode ? (
                <SettingsForm
                  settings={data}
                  saving={update.isPending}
                  onSave={save}
                  onCancel={() => setMode(false)}
                  onEdit={() => setStatus(null)}
                />
              ) : (
                <SettingsView settings={data} />
              )
            }
          </QueryState>
        </Stack>
      </Paper>
    </>
  );
}
