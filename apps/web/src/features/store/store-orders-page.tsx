import { Paper, Stack } from '@mantine/core';
import { useState } from 'react';
import { storeScreenText as m, type StoreOrder } from '@bank/shared';
import { PageHeader } from '../../components/page-header';
import { LoadMore, QueryState } from '../../components/query-state';
import { ReasonDialog } from '../../components/reason-dialog';
import { failureStatus, StatusLine, type Status } from '../../components/status-message';
import { useRequiredSession } from '../../lib/current-user';
import { money } from '../../lib/format';
import { useBankOrders, useFulfilOrder, useRefundOrder } from './api';
import { OrdersTable } from './orders-table';

/**
 * `{bankId}/store/orders` (issue 34 item 3): the orders that wait for the teacher, oldest first,
 * Given once handed over (the held price is paid) or Refund with a reason (it is released); then
 * the decided ones. The menu's badge counts the waiting ones.
 */
export function StoreOrdersPage() {
  const { user } = useRequiredSession();
  const orders = useBankOrders(user.bankId);
  const fulfil = useFulfilOrder();
  const refund = useRefundOrder();
  const [status, setStatus] = useState<Status | null>(null);
  const [refunding, setRefunding] = useState<StoreOrder | null>(null);
  const give = (order: StoreOrder) => {
    setStatus(null);
    fulfil.mutate(order.orderId, {
      onSuccess: (o) => setStatus({ kind: 'success', title: m.given(o.studentName, o.itemName) }),
      onError: (error) => setStatus(failureStatus(m.giveFailed, error)),
    });
  };
  const confirmRefund = (reason: string) => {
    if (!refunding) return;
    refund.mutate(
      { orderId: refunding.orderId, reason },
      {
        onSuccess: (o) => {
          setRefunding(null);
          setStatus({ kind: 'success', title: m.refunded(o.studentName, o.itemName), detail: reason });
        },
      },
    );
  };
  const openRefund = (order: StoreOrder) => {
    setStatus(null);
    refund.reset();
    setRefunding(order);
  };
  return (
    <>
      <PageHeader title={m.ordersTitle} subtitle={m.ordersSubtitle} />
      <Stack>
        <StatusLine status={status} />
        <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
          <QueryState query={orders} what={m.ordersWhat}>
            {(list) => (
              <Stack gap="sm">
                <OrdersTable
                  orders={list}
                  actions={{ onGive: give, onRefund: openRefund, busy: fulfil.isPending || refund.isPending }}
                />
                <LoadMore pages={orders} what={m.ordersWhat} />
              </Stack>
            )}
          </QueryState>
        </Paper>
      </Stack>
      <ReasonDialog
        opened={refunding !== null}
        title={m.refundTitle}
        message={
          refunding ? m.refundMessage(refunding.studentName, refunding.itemName, money(refunding.price)) : ''
        }
        confirmLabel={m.refund}
        reasonHint={m.refundReasonHint}
        busy={refund.isPending}
        busyLabel={m.refunding}
        failure={refund.error ? failureStatus(m.refundFailed, refund.error) : null}
        onConfirm={confirmRefund}
        onCancel={() => setRefunding(null)}
      />
    </>
  );
}
