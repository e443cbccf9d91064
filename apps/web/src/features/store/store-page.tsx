import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { storeScreenText as m, type StoreItem, type StoreOrder } from '@bank/shared';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { StatusLine, type Status } from '../../components/status-message';
import { useRequiredSession } from '../../lib/current-user';
import { money } from '../../lib/format';
import { useUserAccounts } from '../../lib/queries';
import { useStoreItems } from './api';
import { BuyDialog } from './buy-dialog';
import { ItemCard } from './item-card';
import { MyOrders } from './my-orders';

function ForSale({ items, onBuy }: { items: StoreItem[]; onBuy: (item: StoreItem) => void }) {
  if (items.length === 0) return <Text c="dimmed">{m.nothingForSale}</Text>;
  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 1, xs: 2, lg: 3 }}
      spacing="sm"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label={m.forSaleHeading}
    >
      {items.map((item) => (
        <ItemCard key={item.itemId} item={item} onBuy={onBuy} />
      ))}
    </SimpleGrid>
  );
}

/**
 * `{bankId}/store` (issue 34 item 3): what a Student may buy, Buy with the account that pays (a
 * confirm step), and their orders. Ordering holds the price; the teacher gives the item or refunds.
 */
export function StorePage() {
  const { user } = useRequiredSession();
  const items = useStoreItems(user.bankId);
  const accounts = useUserAccounts(user.username);
  const [buying, setBuying] = useState<StoreItem | null>(null);
  // One status at a time, beside what it is about: the order placed (above the items) or cancelled (above the orders).
  const [status, setStatus] = useState<{ at: 'items' | 'orders'; status: Status } | null>(null);
  const bought = (order: StoreOrder) => {
    setBuying(null);
    const detail = m.orderedDetail(money(order.price));
    setStatus({ at: 'items', status: { kind: 'success', title: m.ordered(order.itemName), detail } });
  };
  const buy = (item: StoreItem) => {
    setStatus(null);
    setBuying(item);
  };
  const at = (where: 'items' | 'orders') => (status?.at === where ? status.status : null);
  return (
    <>
      <PageHeader title={m.storeTitle} subtitle={m.storeSubtitle} />
      <Stack>
        <StatusLine status={at('items')} />
        <Stack component="section" aria-labelledby="for-sale" gap="sm">
          <Title order={2} size="h4" id="for-sale">
            {m.forSaleHeading}
          </Title>
          <QueryState query={items} what={m.forSaleWhat}>
            {(list) => <ForSale items={list} onBuy={buy} />}
          </QueryState>
        </Stack>
        <MyOrders
          username={user.username}
          accounts={accounts.data ?? []}
          status={at('orders')}
          setStatus={(next) => setStatus(next && { at: 'orders', status: next })}
        />
      </Stack>
      <BuyDialog
        item={buying}
        accounts={accounts.data ?? []}
        onBought={bought}
        onClose={() => setBuying(null)}
      />
    </>
  );
}
