import { Button, Group, Stack, Text } from '@mantine/core';
import { storeScreenText as m, type StoreOrder } from '@bank/shared';
import { DataTable, type Column } from '../../components/data-table';
import { formatDateTime, lastFour, money } from '../../lib/format';
import { OrderStatus } from './order-status';

export interface OrderActions {
  onGive: (order: StoreOrder) => void;
  onRefund: (order: StoreOrder) => void;
  busy: boolean;
}

/** Given and Refund while the order waits; after, who decided it. */
function Decide({ order, actions }: { order: StoreOrder; actions: OrderActions }) {
  if (order.status !== 'waiting') {
    return order.decidedBy ? (
      <Text size="sm" c="dimmed">
        {order.decidedBy}
      </Text>
    ) : null;
  }
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="compact-sm"
        onClick={() => actions.onGive(order)}
        disabled={actions.busy}
        aria-label={m.giveNamed(order.studentName, order.itemName)}
      >
        {m.give}
      </Button>
      <Button
        size="compact-sm"
        variant="default"
        onClick={() => actions.onRefund(order)}
        disabled={actions.busy}
        aria-label={m.refundNamed(order.studentName, order.itemName)}
      >
        {m.refund}
      </Button>
    </Group>
  );
}

function columns(actions: OrderActions): Column<StoreOrder>[] {
  return [
    { header: m.orderedColumn, cell: (o) => formatDateTime(o.createdAt), wrap: 'nowrap' },
    {
      header: m.studentColumn,
      cell: (o) => (
        <Stack gap={0}>
          <span>{o.studentName}</span>
          <Text span size="sm" c="dimmed">
            {o.username} · {lastFour(o.accountId)}
          </Text>
        </Stack>
      ),
    },
    { header: m.itemColumn, cell: (o) => o.itemName, wrap: 'anywhere' },
    { header: m.priceColumn, cell: (o) => money(o.price), align: 'right' },
    { header: m.statusColumn, cell: (o) => <OrderStatus order={o} /> },
    { header: m.decideColumn, action: true, cell: (o) => <Decide order={o} actions={actions} /> },
  ];
}

/** The bank's orders: the waiting ones first, oldest first, then those decided, newest first. */
export function OrdersTable({ orders, actions }: { orders: StoreOrder[]; actions: OrderActions }) {
  return (
    <DataTable
      label={m.ordersTitle}
      columns={columns(actions)}
      rows={orders}
      rowKey={(o) => o.orderId}
      emptyText={m.noOrders}
      minWidth={820}
      rowTestId="order-row"
      rowExtras={(o) => ({ data: { status: o.status } })}
    />
  );
}
