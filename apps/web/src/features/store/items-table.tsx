import { Button, Group, Stack, Text } from '@mantine/core';
import { storeScreenText as m, type Branch, type StoreItem } from '@bank/shared';
import { DataTable, type Column } from '../../components/data-table';
import { DeleteButton } from '../../components/delete-button';
import { money } from '../../lib/format';

export interface ItemActions {
  /** Whether this teacher runs the item's store (an admin: every item; a teacher: their class's). */
  mayChange: (item: StoreItem) => boolean;
  onEdit: (item: StoreItem) => void;
  onDelete: (item: StoreItem) => void;
  busy: boolean;
}

function columns(branches: Branch[], actions: ItemActions): Column<StoreItem>[] {
  const forWhom = (item: StoreItem) =>
    item.branchId === null
      ? m.wholeBank
      : (branches.find((b) => b.branchId === item.branchId)?.branchName ?? String(item.branchId));
  return [
    {
      header: m.nameColumn,
      cell: (i) => (
        <Stack gap={0}>
          <Text span size="sm" fw={600}>
            {i.name}
          </Text>
          {i.description && (
            <Text span size="sm" c="dimmed">
              {i.description}
            </Text>
          )}
        </Stack>
      ),
      wrap: 'anywhere',
    },
    { header: m.priceColumn, cell: (i) => money(i.price), align: 'right' },
    {
      header: m.stockColumn,
      cell: (i) => (i.stock === null ? m.unlimited : String(i.stock)),
      align: 'right',
    },
    { header: m.limitColumn, cell: (i) => i.perStudentLimit ?? m.noLimit, align: 'right' },
    { header: m.forColumn, cell: forWhom },
    { header: m.onSaleColumn, cell: (i) => (i.active ? m.onSale : m.paused) },
    {
      header: m.actionsColumn,
      action: true,
      cell: (i) =>
        actions.mayChange(i) ? (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="compact-sm"
              variant="default"
              onClick={() => actions.onEdit(i)}
              disabled={actions.busy}
              aria-label={m.editItemNamed(i.name)}
            >
              {m.editItem}
            </Button>
            <DeleteButton
              size="compact-sm"
              onClick={() => actions.onDelete(i)}
              disabled={actions.busy}
              aria-label={m.deleteItemNamed(i.name)}
            >
              {m.deleteItem}
            </DeleteButton>
          </Group>
        ) : null,
    },
  ];
}

/** The bank's items by name: price, stock, limit, for whom, on sale or paused; Edit and Delete. */
export function ItemsTable({
  items,
  branches,
  actions,
}: {
  items: StoreItem[];
  branches: Branch[];
  actions: ItemActions;
}) {
  return (
    <DataTable
      label={m.itemsTitle}
      columns={columns(branches, actions)}
      rows={items}
      rowKey={(i) => i.itemId}
      emptyText={m.noItemsYet}
      minWidth={860}
      rowTestId="item-row"
    />
  );
}
