import { Button, Group, NativeSelect, SimpleGrid, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import {
  ACCOUNT_TYPES,
  createAccountBody,
  messages,
  type Account,
  type AccountType,
  type BankSettings,
  type Branch,
  type User,
} from '@bank/shared';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { useRequiredSession } from '../../lib/current-user';
import { useBankSettings, useBranches } from '../../lib/queries';
import { schemaErrors } from '../../lib/validation';
import {
  failureStatus,
  focusAfterChange,
  FormNote,
  FormPanel,
  NeedsBranchNote,
  serverFieldErrors,
  StatusLine,
  useConfirmAction,
  type Status,
} from './admin-parts';
import { adminText } from './admin-texts';
import { useBankUsers, useCreateAccount, useDeleteAccount } from './api';
import { AccountsList } from './accounts-list';

/** The placeholder choice of the branch picker (spec §9: "blank"). */
const BLANK = 'blank';

interface AccountValues {
  branchId: string;
  userId: string;
  accountType: AccountType | '';
}

/** The account types the bank offers (bank settings), CHECKING first: it is the default (spec §9). */
export function offeredTypes(settings: BankSettings): AccountType[] {
  return ACCOUNT_TYPES.filter((t) => (t === 'CHECKING' ? settings.checkingActive : settings.savingsActive));
}

interface CreateAccountProps {
  bankId: number;
  branches: Branch[];
  users: User[];
  settings: BankSettings;
  onClose: () => void;
}

/** The Create Account form's state, its check and its call behind Confirm Action. */
function useCreateAccountForm({ bankId, branches, users, settings }: CreateAccountProps, onDone: () => void) {
  const create = useCreateAccount(bankId);
  const [status, setStatus] = useState<Status | null>(null);
  const { ask, modal } = useConfirmAction();
  const types = offeredTypes(settings);
  const form = useForm<AccountValues>({
    initialValues: { branchId: BLANK, userId: '', accountType: types[0] ?? '' },
    // Editing the form clears its status (spec §4).
    onValuesChange: () => setStatus(null),
  });
  const branch = branches.find((b) => String(b.branchId) === form.getValues().branchId);
  // Only Students of the chosen branch may own an account there (spec §5).
  const students = branch ? users.filter((u) => u.userRole === 'USER' && u.branchId === branch.branchId) : [];

  const created = (account: Account | undefined, branchName: string) => {
    form.reset();
    // "Account successfully created" when the answer has an id (spec §4).
    setStatus(
      account?.accountId
        ? {
            kind: 'success',
            title: messages.accountCreated,
            detail: `Account ${account.accountId} (${account.accountType}) for ${account.username} at ${branchName}.`,
          }
        : { kind: 'failure', title: messages.accountCreateFailed },
    );
    onDone();
  };

  const submit = form.onSubmit((v) => {
    const errors = schemaErrors(createAccountBody, v);
    // The schema reports the user only once the branch is valid; the form shows both at once.
    if (!errors.userId && !students.some((u) => u.userId === v.userId)) errors.userId = messages.userRequired;
    form.setErrors(errors);
    if (Object.keys(errors).length > 0 || !branch || v.accountType === '') return;
    const body = { branchId: branch.branchId, userId: v.userId, accountType: v.accountType };
    ask({
      message: `Open a ${body.accountType} account for ${body.userId} at ${branch.branchName}?`,
      confirmLabel: 'Create Account',
      onConfirm: () =>
        create.mutate(body, {
          onSuccess: (account) => created(account, branch.branchName),
          onError: (error) => {
            setStatus(failureStatus(messages.accountCreateFailed, error));
            form.setErrors(
              serverFieldErrors(error, {
                branchId: 'branchId',
                userId: 'userId',
                accountType: 'accountType',
              }),
            );
          },
        }),
    });
  });
  return { form, submit, status, modal, types, branch, students, busy: create.isPending };
}

type CreateAccountState = ReturnType<typeof useCreateAccountForm>;

function AccountSelects({ state, branches }: { state: CreateAccountState; branches: Branch[] }) {
  const { form, types, branch, students, busy } = state;
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm" verticalSpacing="sm">
      <NativeSelect
        label="Branch"
        description="Where the account is held."
        withAsterisk
        data={[
          { value: BLANK, label: 'Select a branch' },
          ...branches.map((b) => ({ value: String(b.branchId), label: b.branchName })),
        ]}
        disabled={busy}
        {...form.getInputProps('branchId')}
        onChange={(event) => {
          // Another branch has other Students: the user is chosen again.
          form.setValues({ branchId: event.currentTarget.value, userId: '' });
          form.clearFieldError('branchId');
          form.clearFieldError('userId');
        }}
      />
      <NativeSelect
        label="User"
        withAsterisk
        description={
          branch && students.length === 0 ? adminText.noStudentsInBranch : 'Students of the branch.'
        }
        data={[
          { value: '', label: branch ? 'Select a user' : 'Choose a branch first' },
          ...students.map((u) => ({ value: u.userId, label: `${u.userId} · ${u.name}` })),
        ]}
        disabled={busy || !branch}
        {...form.getInputProps('userId')}
      />
      <NativeSelect
        label="Account Type"
        description="The types the bank offers."
        data={types.length > 0 ? types : [{ value: '', label: 'None offered' }]}
        disabled={busy || types.length === 0}
        {...form.getInputProps('accountType')}
      />
    </SimpleGrid>
  );
}

function CreateAccountFields(props: CreateAccountProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const state = useCreateAccountForm(props, () => focusAfterChange(formRef.current));
  const { submit, status, modal, types, busy } = state;
  return (
    <form onSubmit={submit} noValidate ref={formRef}>
      <Stack gap="sm">
        <StatusLine status={status} />
        {props.branches.length === 0 && <NeedsBranchNote bankId={props.bankId} />}
        {types.length === 0 && <FormNote>{adminText.noAccountTypesOffered}</FormNote>}
        <AccountSelects state={state} branches={props.branches} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={props.onClose} disabled={busy}>
            Close
          </Button>
          <Button type="submit" disabled={busy || types.length === 0}>
            {busy ? adminText.creatingAccount : 'Create Account'}
          </Button>
        </Group>
      </Stack>
      {modal}
    </form>
  );
}

/** Create Account: branch, a Student of it, and a type the bank offers (spec §2, §4, §5). */
export function CreateAccountForm({
  bankId,
  branches,
  onClose,
}: {
  bankId: number;
  branches: Branch[];
  onClose: () => void;
}) {
  const users = useBankUsers(bankId);
  const settings = useBankSettings(bankId);
  return (
    <FormPanel title="Create Account">
      <QueryState query={users} what="the users">
        {(userList) => (
          <QueryState query={settings} what="the bank settings">
            {(bank) => (
              <CreateAccountFields
                bankId={bankId}
                branches={branches}
                users={userList}
                settings={bank}
                onClose={onClose}
              />
            )}
          </QueryState>
        )}
      </QueryState>
      {(!users.isSuccess || !settings.isSuccess) && (
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      )}
    </FormPanel>
  );
}

/** Delete (close) an account behind Confirm Action; the result is shown and announced, focus to the heading. */
function useAccountDelete(bankId: number, setStatus: (status: Status | null) => void) {
  const remove = useDeleteAccount(bankId);
  const { ask, modal } = useConfirmAction();
  const requestDelete = (account: Account) =>
    ask({
      message: `Delete (close) the ${account.accountType} account ${account.accountId} of ${account.username}? Only an account with a zero balance and nothing pending can be closed.`,
      confirmLabel: 'Delete Account',
      danger: true,
      onConfirm: () => {
        setStatus(null);
        remove.mutate(account.accountId, {
          onSuccess: () => {
            setStatus({ kind: 'success', title: adminText.accountDeleted(account.accountId) });
            focusAfterChange();
          },
          onError: (error) => {
            setStatus(failureStatus(adminText.deleteAccountFailed(account.accountId), error));
            focusAfterChange();
          },
        });
      },
    });
  return { requestDelete, modal, deleting: remove.isPending ? (remove.variables ?? null) : null };
}

/** `{bankId}/admin/accounts`: the bank's open accounts, Create Account and Delete (spec §2, §4, §5). */
export function ManageAccountsPage() {
  const { bankId } = useRequiredSession().user;
  const branches = useBranches(bankId);
  const [creating, setCreating] = useState(false);
  const [status, setStatus] = useState<Status | null>(null);
  const { requestDelete, modal, deleting } = useAccountDelete(bankId, setStatus);

  return (
    <>
      <PageHeader
        title="Manage Accounts"
        subtitle="Open and close the accounts of your bank's Students."
        actions={
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => {
              setStatus(null);
              setCreating(true);
            }}
            disabled={creating}
          >
            Create Account
          </Button>
        }
      />
      <QueryState query={branches} what="the branches">
        {(branchList) => (
          <>
            {creating && (
              <CreateAccountForm bankId={bankId} branches={branchList} onClose={() => setCreating(false)} />
            )}
            {status && (
              <Stack mb="md">
                <StatusLine status={status} />
              </Stack>
            )}
            <AccountsList
              bankId={bankId}
              branches={branchList}
              actions={{ onDelete: requestDelete, deleting }}
            />
          </>
        )}
      </QueryState>
      {modal}
    </>
  );
}
