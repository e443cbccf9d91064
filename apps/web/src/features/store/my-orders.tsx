import { Button } from '@mantine/core';
import { storeScreenText as m, type Account, type StoreOrder } from '@bank/shared';
import { DataTable, type Column } from '../../components/data-table';
import { PagedSection } from '../../components/paged-section';
import { failureStatus, type Status } from '../../components/status-message';
import { useConfirmAction } from '../../components/use-confirm-action';
import { formatDateTime, lastFour, money } from '../../lib/format';
import { useOrdersOf } from '../../lib/store-queries';
import { useCancelOrder } from './api';
import { OrderStatus } from './order-status';

function accountOf(order: StoreOrder, accounts: Account[]): string {
  const account = accounts.find((a) => a.accountId === order.accountId);
  return `${account?.accountType ?? ''} ${lastFour(order.accountId)}`.trim();
}

function columns(
  accounts: Account[],
  onCancel: (order: StoreOrder) => void,
  busy: boolean,
): Column<StoreOrder>[] {
  return [
    { header: m.itemColumn, cell: (o) => o.itemName, wrap: 'anywhere' },
    { header: m.priceColumn, cell: (o) => money(o.price), align: 'right' },
    { header: m.statusColumn, cell: (o) => <OrderStatus order={o} /> },
    { header: m.orderedColumn, cell: (o) => formatDateTime(o.createdAt) },
    { header: m.accountColumn, cell: (o) => accountOf(o, accounts), wrap: 'nowrap' },
    {
      header: m.cancelColumn,
      action: true,
      // Only a waiting order may be taken back (the server refuses the others).
      cell: (o) =>
        o.status === 'waiting' ? (
          <Button
            size="compact-sm"
            variant="default"
            disabled={busy}
            onClick={() => onCancel(o)}
            aria-label={m.cancelOrderNamed(o.itemName)}
          >
            {m.cancelOrder}
          </Button>
        ) : null,
    },
  ];
}

/** The Student's orders, newest first, with what became of each; a waiting one can be cancelled. */
interface MyOrdersProps {
  username: string;
  accounts: Account[];
  /** What the last cancel did, shown above the list (the page's one status line: Ordered or Cancelled). */
  status: Status | null;
  setStatus: (status: Status | null) => void;
}

export function MyOrders({ username, accounts, status, setStatus }: MyOrdersProps) {
  const orders = useOrdersOf(username);
  const cancel = useCancelOrder();
  const { ask, modal } = useConfirmAction();
  const askCancel = (order: StoreOrder) =>
    ask({
      message: m.cancelConfirm(order.itemName, money(order.price)),
      confirmLabel: m.cancelConfirmButton,
      danger: true,
      onConfirm: () => {
        setStatus(null);
        cancel.mutate(order.orderId, {
          onSuccess: () => setStatus({ kind: 'success', title: m.orderCancelled }),
          onError: (error) => setStatus(failureStatus(m.cancelFailed, error)),
        });
      },
    });
  return (
    <>
      <PagedSection id="my-orders" title={m.myOrders} what={m.myOrdersWhat} status={status} pages={orders}>
        {(list) => (
          <DataTable
            label={m.myOrders}
            columns={columns(accounts, askCancel, cancel.isPending)}
            rows={list}
            rowKey={(o) => o.orderId}
            emptyText={m.noOrdersYet}
            minWidth={720}
            rowTestId="my-order"
          />
        )}
      </PagedSection>
      {modal}
    </>
  );
}
