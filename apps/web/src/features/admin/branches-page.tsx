import { Button, Group, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBuildingPlus } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import {
  adminGuidance,
  createBranchBody,
  limits,
  messages,
  updateBranchBody,
  type Branch,
  type User,
} from '@bank/shared';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { ApiError } from '../../lib/api-client';
import { useRequiredSession } from '../../lib/current-user';
import { useBranches } from '../../lib/queries';
import { schemaErrors } from '../../lib/validation';
import {
  editColumn,
  EditFormActions,
  failureStatus,
  focusAfterChange,
  FormPanel,
  serverFieldErrors,
  StatusLine,
  useConfirmAction,
  type Status,
} from './admin-parts';
import { adminText } from './admin-texts';
import { useBankUsers, useCreateBranch, useDeleteBranch, useUpdateBranch } from './api';
import { DataTable, type Column } from '../../components/data-table';

/** Create Branch: a name, not blank (spec §4, §5). */
export function CreateBranchForm({ bankId, onClose }: { bankId: number; onClose: () => void }) {
  const create = useCreateBranch(bankId);
  const formId = useId();
  const [status, setStatus] = useState<Status | null>(null);
  const { ask, modal } = useConfirmAction();
  const form = useForm({
    initialValues: { branchName: '' },
    // Editing the form clears its status (spec §4).
    onValuesChange: () => setStatus(null),
  });

  const submit = form.onSubmit(({ branchName }) => {
    const errors = schemaErrors(createBranchBody, { branchName, bankId });
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    const name = branchName.trim();
    ask({
      message: `Create the branch "${name}"?`,
      confirmLabel: 'Create Branch',
      onConfirm: () =>
        create.mutate(name, {
          // "Branch successfully created" when the answer has an id (spec §4).
          onSuccess: (branch) => {
            form.reset();
            setStatus(
              branch?.branchId !== undefined
                ? {
                    kind: 'success',
                    title: messages.branchCreated,
                    detail: `"${branch.branchName}" has Branch Id ${branch.branchId}.`,
                  }
                : { kind: 'failure', title: messages.branchExists },
            );
            focusAfterChange(document.getElementById(formId));
          },
          onError: (error) => {
            const exists = error instanceof ApiError && error.status === 409;
            setStatus(failureStatus(exists ? messages.branchExists : adminText.createBranchFailed, error));
            form.setErrors(serverFieldErrors(error, { branchName: 'branchName' }));
          },
        }),
    });
  });

  const busy = create.isPending;
  return (
    <FormPanel title="Create Branch">
      <form onSubmit={submit} noValidate id={formId}>
        <Stack gap="sm">
          <StatusLine status={status} />
          <TextInput
            label="Branch Name"
            withAsterisk
            autoComplete="off"
            maxLength={limits.branchNameMaxLength}
            disabled={busy}
            {...form.getInputProps('branchName')}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Close
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? messages.creatingBranch : 'Create Branch'}
            </Button>
          </Group>
        </Stack>
      </form>
      {modal}
    </FormPanel>
  );
}

/** Why the server would refuse to delete the branch now (issue 14): its accounts or its users. */
export function branchDeleteBlock(branch: Branch, users: User[]): string | null {
  const members = users.filter((u) => u.branchId === branch.branchId).length;
  if (branch.numOfAccounts === 0 && members === 0) return null;
  return adminGuidance.deleteBlockedBranch(branch.numOfAccounts, members);
}

interface EditBranchProps {
  bankId: number;
  branch: Branch;
  /** Why a delete would be refused now, if it would. */
  deleteBlocked: string | null;
  onClose: () => void;
  onDeleted: (branch: Branch) => void;
}

/** The Edit Branch form's state; Update Branch and Delete Branch behind Confirm Action. */
function useEditBranchForm({ bankId, branch, onDeleted }: EditBranchProps, onSaved: () => void) {
  const update = useUpdateBranch(bankId);
  const remove = useDeleteBranch(bankId);
  const [status, setStatus] = useState<Status | null>(null);
  const { ask, modal } = useConfirmAction();
  const form = useForm({
    initialValues: { branchName: branch.branchName },
    onValuesChange: () => setStatus(null),
  });

  const save = (name: string) => {
    setStatus(null);
    update.mutate(
      { branchId: branch.branchId, branchName: name },
      {
        // A success is a success (the spec's recorded fault of flagging it as failed is not copied).
        onSuccess: () => {
          setStatus({ kind: 'success', title: messages.branchUpdated });
          onSaved();
        },
        onError: (error) => {
          setStatus(failureStatus(adminText.updateBranchFailed, error));
          form.setErrors(serverFieldErrors(error, { branchName: 'branchName' }));
        },
      },
    );
  };

  const submit = form.onSubmit(({ branchName }) => {
    const errors = schemaErrors(updateBranchBody, { branchId: branch.branchId, branchName });
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    const name = branchName.trim();
    ask({
      message: `Rename the branch "${branch.branchName}" to "${name}"?`,
      confirmLabel: 'Update Branch',
      onConfirm: () => save(name),
    });
  });

  const requestDelete = () =>
    ask({
      message: `Delete the branch "${branch.branchName}"? A branch that still has accounts or users cannot be deleted.`,
      confirmLabel: 'Delete Branch',
      danger: true,
      onConfirm: () => {
        setStatus(null);
        remove.mutate(branch.branchId, {
          onSuccess: () => onDeleted(branch),
          onError: (error) => setStatus(failureStatus(adminText.deleteBranchFailed, error)),
        });
      },
    });
  return { form, submit, requestDelete, status, modal, update, remove };
}

/** Edit Branch: rename it, or delete it while nothing uses it. */
export function EditBranchForm(props: EditBranchProps) {
  const { branch, onClose, deleteBlocked } = props;
  const formRef = useRef<HTMLFormElement>(null);
  const { form, submit, requestDelete, status, modal, update, remove } = useEditBranchForm(props, () =>
    focusAfterChange(formRef.current),
  );
  const busy = update.isPending || remove.isPending;
  return (
    <FormPanel title={`Edit Branch ${branch.branchName}`}>
      <form onSubmit={submit} noValidate ref={formRef}>
        <Stack gap="sm">
          <StatusLine status={status} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
            <TextInput label="Branch Id" value={String(branch.branchId)} readOnly variant="filled" />
            <TextInput
              label="Branch Name"
              withAsterisk
              autoComplete="off"
              maxLength={limits.branchNameMaxLength}
              disabled={busy}
              {...form.getInputProps('branchName')}
            />
          </SimpleGrid>
          <EditFormActions
            busy={busy}
            onClose={onClose}
            onDelete={requestDelete}
            deleteLabel="Delete Branch"
            deleting={remove.isPending ? adminText.deletingBranch : null}
            deleteBlocked={deleteBlocked}
            submitLabel="Update Branch"
            submitting={update.isPending ? adminText.updatingBranch : null}
          />
        </Stack>
      </form>
      {modal}
    </FormPanel>
  );
}

function branchColumns(onEdit: (branch: Branch) => void): Column<Branch>[] {
  return [
    editColumn((b) => `Edit branch ${b.branchName}`, onEdit),
    { header: 'Branch Id', cell: (b) => b.branchId },
    { header: 'Branch Name', cell: (b) => b.branchName },
    { header: 'Number of Accounts', align: 'right', cell: (b) => b.numOfAccounts },
  ];
}

/** `{bankId}/admin/branches`: the bank's branches with Create and Edit forms (spec §2, §4, §5). */
export function ManageBranchesPage() {
  const { bankId } = useRequiredSession().user;
  const branches = useBranches(bankId);
  // A branch with users cannot be deleted (issue 14: the Delete says so before it is tried).
  const users = useBankUsers(bankId);
  const [creating, setCreating] = useState(false);
  // The branch as opened; the list's copy (renamed, say) wins while it is there. A deleted branch
  // leaves the list before the form hears of it, so the form keeps its copy until then.
  const [opened, setOpened] = useState<Branch | null>(null);
  const [status, setStatus] = useState<Status | null>(null);
  const editing = opened && (branches.data?.find((b) => b.branchId === opened.branchId) ?? opened);

  return (
    <>
      <PageHeader
        title="Manage Branches"
        subtitle="Create, rename and delete the branches of your bank."
        actions={
          <Button
            leftSection={<IconBuildingPlus size={18} aria-hidden />}
            onClick={() => {
              setStatus(null);
              setCreating(true);
            }}
            disabled={creating}
          >
            Create Branch
          </Button>
        }
      />
      {creating && <CreateBranchForm bankId={bankId} onClose={() => setCreating(false)} />}
      {editing && (
        <EditBranchForm
          key={editing.branchId}
          bankId={bankId}
          branch={editing}
          deleteBlocked={branchDeleteBlock(editing, users.data ?? [])}
          onClose={() => setOpened(null)}
          onDeleted={(deleted) => {
            setOpened(null);
            setStatus({ kind: 'success', title: adminText.branchDeleted(deleted.branchName) });
            focusAfterChange();
          }}
        />
      )}
      {status && (
        <Stack mb="md">
          <StatusLine status={status} />
        </Stack>
      )}
      <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
        <QueryState query={branches} what="the branches">
          {(list) => (
            <DataTable
              label="Branches"
              columns={branchColumns((b) => {
                setStatus(null);
                setOpened(b);
              })}
              rows={list}
              rowKey={(b) => b.branchId}
              emptyText={adminText.noBranches}
              minWidth={520}
              rowTestId="branch-row"
            />
          )}
        </QueryState>
      </Paper>
    </>
  );
}
