import { Button, Paper, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { storeScreenText as m, type StoreItem } from '@bank/shared';
import { PageHeader } from '../../components/page-header';
import { allOf, QueryState } from '../../components/query-state';
import { failureStatus, StatusLine, type Status } from '../../components/status-message';
import { useConfirmAction } from '../../components/use-confirm-action';
import { useRequiredSession } from '../../lib/current-user';
import { useBranches } from '../../lib/queries';
import { useDeleteItem, useStoreItems } from './api';
import { ItemForm } from './item-form';
import { ItemsTable } from './items-table';

/** Which form is open: none, a new item, or the item being changed. */
type Editing = null | 'new' | StoreItem;

/** Delete behind Confirm Action; what happened goes to the page's status line. */
function useAskDelete(setStatus: (status: Status | null) => void) {
  const remove = useDeleteItem();
  const { ask, modal } = useConfirmAction();
  const askDelete = (item: StoreItem) =>
    ask({
      message: m.deleteItemConfirm(item.name),
      confirmLabel: m.deleteItem,
      danger: true,
      onConfirm: () => {
        setStatus(null);
        remove.mutate(item.itemId, {
          onSuccess: () => setStatus({ kind: 'success', title: m.itemDeleted(item.name) }),
          onError: (error) => setStatus(failureStatus(m.deleteFailed, error)),
        });
      },
    });
  return { askDelete, modal, deleting: remove.isPending };
}

/**
 * `{bankId}/store/items` (issue 34 item 3): the store's items, New Item, Edit and Delete. A teacher
 * sells to their own class; an admin to any class or the whole bank (the server's rule, mirrored).
 */
export function StoreItemsPage() {
  const { user } = useRequiredSession();
  const items = useStoreItems(user.bankId);
  const branches = useBranches(user.bankId);
  const [editing, setEditing] = useState<Editing>(null);
  const [status, setStatus] = useState<Status | null>(null);
  const { askDelete, modal, deleting } = useAskDelete(setStatus);
  const admin = user.userRole === 'ADMIN';
  const open = (next: Editing) => {
    setStatus(null);
    setEditing(next);
  };
  return (
    <>
      <PageHeader
        title={m.itemsTitle}
        subtitle={m.itemsSubtitle}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => open('new')}>
            {m.newItem}
          </Button>
        }
      />
      <Stack>
        <StatusLine status={status} />
        {editing && branches.data && (
          <ItemForm
            key={editing === 'new' ? 'new' : editing.itemId}
            user={user}
            item={editing === 'new' ? null : editing}
            branches={branches.data}
            onCancel={() => setEditing(null)}
            onDone={(saved, created) => {
              setEditing(null);
              setStatus({
                kind: 'success',
                title: created ? m.itemCreated(saved.name) : m.itemUpdated(saved.name),
              });
            }}
          />
        )}
        <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
          <QueryState query={allOf(items, branches)} what={m.itemsWhat}>
            {([list, branchList]) => (
              <ItemsTable
                items={list}
                branches={branchList}
                actions={{
                  mayChange: (i) => admin || (i.branchId !== null && i.branchId === user.branchId),
                  onEdit: open,
                  onDelete: askDelete,
                  busy: deleting,
                }}
              />
            )}
          </QueryState>
        </Paper>
      </Stack>
      {modal}
    </>
  );
}
