import { Button, Group, NativeSelect, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm, type GetInputPropsReturnType } from '@mantine/form';
import { useRef, useState } from 'react';
import {
  adminGuidance,
  createUserBody,
  limits,
  messages,
  participationScreenText,
  ROLE_LABELS,
  updateUserBody,
  type Account,
  type Branch,
  type Role,
  type User,
} from '@bank/shared';
import { schemaErrors } from '../../lib/validation';
import {
  EditFormActions,
  failureStatus,
  focusAfterChange,
  FormPanel,
  NeedsBranchNote,
  serverFieldErrors,
  StatusLine,
  useConfirmAction,
  type Status,
} from './admin-parts';
import { adminText } from './admin-texts';
import { useCreateUser, useDeleteUser, useUpdateUser, type CreatedUser } from './api';
import { IssuedPasswordAlert, ResetPasswordSection } from '../../components/reset-password';

/** The role picker: USER is labelled "Student" and comes first, as the default (spec §1, §9). */
const ROLE_OPTIONS = (['USER', 'TELLER', 'ADMIN'] as const).map((role) => ({
  value: role,
  label: ROLE_LABELS[role],
}));

interface UserFields {
  name: string;
  userRole: Role;
  /** '' for no branch. */
  branchId: string;
}

const branchIdOf = (value: string) => (value === '' ? null : Number(value));

/**
 * The shared schema's messages by form field. The branch rule is checked here too: the schema
 * reports it only once the other fields are valid, and the form shows every message at once.
 */
function userErrors(
  schema: Parameters<typeof schemaErrors>[0],
  body: { userRole: Role } & ({ branchId: number | null } | { branch: number | null }),
): Record<string, string> {
  const { branch, ...errors } = schemaErrors(schema, body);
  const branchId = 'branchId' in body ? body.branchId : body.branch;
  const branchError = errors.branchId ?? branch;
  if (branchError) errors.branchId = branchError;
  else if (body.userRole === 'USER' && branchId === null) errors.branchId = messages.studentNeedsBranch;
  return errors;
}

interface RoleAndBranchProps {
  form: {
    getValues: () => UserFields;
    getInputProps: (path: 'userRole' | 'branchId') => GetInputPropsReturnType;
    setFieldValue: (path: 'userRole', value: Role) => void;
    clearFieldError: (path: 'branchId') => void;
  };
  branches: Branch[];
  disabled: boolean;
}

function RoleAndBranchFields({ form, branches, disabled }: RoleAndBranchProps) {
  const role = form.getValues().userRole;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
      <NativeSelect
        label="User Role"
        description="What the user may do in the bank."
        data={ROLE_OPTIONS}
        disabled={disabled}
        {...form.getInputProps('userRole')}
        onChange={(event) => {
          form.setFieldValue('userRole', event.currentTarget.value as Role);
          // The branch rule depends on the role.
          form.clearFieldError('branchId');
        }}
      />
      <NativeSelect
        label="Branch"
        description={role === 'USER' ? 'A Student belongs to a branch.' : 'Optional for staff.'}
        withAsterisk={role === 'USER'}
        data={[
          { value: '', label: role === 'USER' ? 'Select a branch' : 'No branch' },
          ...branches.map((b) => ({ value: String(b.branchId), label: b.branchName })),
        ]}
        disabled={disabled}
        {...form.getInputProps('branchId')}
      />
    </SimpleGrid>
  );
}

/** The one-time answer of a create: the temporary password, to hand to the new user. */
function CreatedUserStatus({ created }: { created: CreatedUser }) {
  return (
    <IssuedPasswordAlert
      title={messages.userCreated}
      password={created.temporaryPassword}
      note={adminText.temporaryPasswordNote}
      fallback={created.text}
      lead={
        <Text size="sm">
          User <b>{created.username}</b> can now sign in.
        </Text>
      }
    />
  );
}

type NewUserFields = UserFields & { username: string };
/** Edit User also says whether a Student is a class banker (issue 24). */
type EditUserFields = UserFields & { banker: boolean };

/** The Create User form's state, its check and its call behind Confirm Action. */
function useCreateUserForm(bankId: number, branches: Branch[]) {
  const create = useCreateUser(bankId);
  const [status, setStatus] = useState<Status | null>(null);
  const [created, setCreated] = useState<CreatedUser | null>(null);
  const { ask, modal } = useConfirmAction();
  const form = useForm<NewUserFields>({
    initialValues: { username: '', name: '', userRole: 'USER', branchId: '' },
    // Editing the form clears its status, and with it the temporary password (shown once).
    onValuesChange: () => {
      setStatus(null);
      setCreated(null);
    },
  });

  const submit = form.onSubmit((v) => {
    const body = {
      username: v.username.trim(),
      name: v.name.trim(),
      userRole: v.userRole,
      bankId,
      branchId: branchIdOf(v.branchId),
    };
    const errors = userErrors(createUserBody, body);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    const branch = branches.find((b) => b.branchId === body.branchId);
    ask({
      message: `Create the user ${body.username} (${body.name}) as ${ROLE_LABELS[body.userRole]}${
        branch ? ` of ${branch.branchName}` : ''
      }?`,
      confirmLabel: 'Create User',
      onConfirm: () =>
        create.mutate(body, {
          onSuccess: (result) => {
            form.reset();
            // The password's Copy button takes the focus (components/temporary-password.tsx).
            setCreated(result);
          },
          onError: (error) => {
            setStatus(failureStatus(adminText.createUserFailed, error));
            form.setErrors(
              serverFieldErrors(error, { username: 'username', name: 'name', branchId: 'branchId' }),
            );
          },
        }),
    });
  });
  return { form, submit, status, created, modal, busy: create.isPending };
}

function NewUserIdAndName({
  form,
  busy,
}: {
  form: ReturnType<typeof useForm<NewUserFields>>;
  busy: boolean;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
      <TextInput
        label="User Id"
        description="3 to 32 letters, digits, dots, underscores or hyphens; used to sign in."
        withAsterisk
        autoComplete="off"
        spellCheck={false}
        disabled={busy}
        {...form.getInputProps('username')}
      />
      <NameInput disabled={busy} {...form.getInputProps('name')} />
    </SimpleGrid>
  );
}

/** The Name field of both forms. */
function NameInput(props: GetInputPropsReturnType & { disabled: boolean }) {
  return (
    <TextInput
      label="Name"
      description="The person's full name, as on statements."
      withAsterisk
      autoComplete="off"
      maxLength={limits.nameMaxLength}
      {...props}
    />
  );
}

/** Create User: User Id, Name, role (default Student) and branch (spec §2, §4, §5). */
export function CreateUserForm({
  bankId,
  branches,
  onClose,
}: {
  bankId: number;
  branches: Branch[];
  onClose: () => void;
}) {
  const { form, submit, status, created, modal, busy } = useCreateUserForm(bankId, branches);
  return (
    <FormPanel title="Create User">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {created && <CreatedUserStatus created={created} />}
          <StatusLine status={status} />
          {branches.length === 0 && form.getValues().userRole === 'USER' && (
            <NeedsBranchNote bankId={bankId} />
          )}
          <NewUserIdAndName form={form} busy={busy} />
          <RoleAndBranchFields form={form} branches={branches} disabled={busy} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Close
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? messages.creatingUser : 'Create User'}
            </Button>
          </Group>
        </Stack>
      </form>
      {modal}
    </FormPanel>
  );
}

/** Why the server would refuse to delete the user now (issue 14): open accounts, or the last admin. */
export function userDeleteBlock(user: User, users: User[], accounts: Account[]): string | null {
  const open = accounts.filter((a) => a.username.toLowerCase() === user.username.toLowerCase()).length;
  if (open > 0) return adminGuidance.deleteBlockedUserAccounts(open);
  const admins = users.filter((u) => u.userRole === 'ADMIN').length;
  if (user.userRole === 'ADMIN' && admins <= 1) return adminGuidance.deleteBlockedLastAdmin;
  return null;
}

interface EditUserProps {
  bankId: number;
  user: User;
  branches: Branch[];
  /** Why a delete would be refused now, if it would. */
  deleteBlocked: string | null;
  onClose: () => void;
  onDeleted: (userId: string) => void;
}

/** The Edit User form's state; Update User and Delete User behind Confirm Action. */
function useEditUserForm({ bankId, user, onDeleted }: EditUserProps, onSaved: () => void) {
  const update = useUpdateUser(bankId);
  const remove = useDeleteUser(bankId);
  const [status, setStatus] = useState<Status | null>(null);
  const { ask, modal } = useConfirmAction();
  const form = useForm<EditUserFields>({
    initialValues: {
      name: user.name,
      userRole: user.userRole,
      branchId: user.branchId === null ? '' : String(user.branchId),
      banker: user.banker,
    },
    onValuesChange: () => setStatus(null),
  });

  const submit = form.onSubmit((v) => {
    const body = {
      userId: user.userId,
      name: v.name.trim(),
      userRole: v.userRole,
      branch: branchIdOf(v.branchId),
      // Only a Student can be a class banker: another role leaves it off.
      banker: v.userRole === 'USER' && v.banker,
    };
    const errors = userErrors(updateUserBody, body);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    ask({
      message: `Save the changes to the user ${user.userId}?`,
      confirmLabel: 'Update User',
      onConfirm: () => {
        setStatus(null);
        update.mutate(body, {
          onSuccess: () => {
            setStatus({ kind: 'success', title: adminText.userUpdated });
            onSaved();
          },
          onError: (error) => {
            setStatus(failureStatus(adminText.updateUserFailed, error));
            form.setErrors(serverFieldErrors(error, { name: 'name', branch: 'branchId', banker: 'banker' }));
          },
        });
      },
    });
  });

  const requestDelete = () =>
    ask({
      message: `Delete the user ${user.userId} (${user.name})? They will no longer be able to sign in.`,
      confirmLabel: 'Delete User',
      danger: true,
      onConfirm: () => {
        setStatus(null);
        remove.mutate(user.userId, {
          onSuccess: () => onDeleted(user.userId),
          onError: (error) => setStatus(failureStatus(adminText.deleteUserFailed, error)),
        });
      },
    });
  return { form, submit, requestDelete, status, modal, update, remove };
}

/** Edit User: name, role and branch (the User Id never changes); Delete User (spec §2, §4, §5). */
export function EditUserForm(props: EditUserProps) {
  const { user, branches, onClose, deleteBlocked } = props;
  const formRef = useRef<HTMLFormElement>(null);
  const { form, submit, requestDelete, status, modal, update, remove } = useEditUserForm(props, () =>
    focusAfterChange(formRef.current),
  );
  const busy = update.isPending || remove.isPending;
  return (
    <FormPanel title={`Edit User ${user.userId}`}>
      <form onSubmit={submit} noValidate ref={formRef}>
        <Stack gap="sm">
          <StatusLine status={status} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
            <TextInput
              label="User Id"
              description="A User Id never changes."
              value={user.userId}
              readOnly
              variant="filled"
            />
            <NameInput disabled={busy} {...form.getInputProps('name')} />
          </SimpleGrid>
          <RoleAndBranchFields form={form} branches={branches} disabled={busy} />
          {form.getValues().userRole === 'USER' && (
            <Switch
              label={participationScreenText.bankerSwitch}
              description={participationScreenText.bankerSwitchHint}
              disabled={busy}
              {...form.getInputProps('banker', { type: 'checkbox' })}
            />
          )}
          <EditFormActions
            busy={busy}
            onClose={onClose}
            onDelete={requestDelete}
            deleteLabel="Delete User"
            deleting={remove.isPending ? messages.deletingUser : null}
            deleteBlocked={deleteBlocked}
            submitLabel="Update User"
            submitting={update.isPending ? messages.updatingUser : null}
          />
        </Stack>
      </form>
      <ResetPasswordSection user={user} />
      {modal}
    </FormPanel>
  );
}
