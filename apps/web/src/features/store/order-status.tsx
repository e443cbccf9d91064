import { Text } from '@mantine/core';
import { storeScreenText as m, type StoreOrder } from '@bank/shared';

/** What became of an order: "Waiting", "Given", "Refunded: {reason}", ... (waiting in bold). */
export function OrderStatus({ order }: { order: StoreOrder }) {
  return (
    <Text size="sm" fw={order.status === 'waiting' ? 600 : undefined} data-testid="order-status" span>
      {m.statusWithReason(order.status, order.reason)}
    </Text>
  );
}
