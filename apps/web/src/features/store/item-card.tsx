import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { storeScreenText as m, type StoreItem } from '@bank/shared';
import { money } from '../../lib/format';

/** How many are left: "Sold out", "3 left", or "Plenty left" when the stock is unlimited. */
export function stockText(item: Pick<StoreItem, 'stock'>): string {
  if (item.stock === null) return m.unlimitedStock;
  return item.stock === 0 ? m.soldOut : m.stockLeft(item.stock);
}

/** One item for sale: name, what it is, price, what is left, the limit, and Buy. */
export function ItemCard({ item, onBuy }: { item: StoreItem; onBuy: (item: StoreItem) => void }) {
  const soldOut = item.stock === 0;
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="md"
      data-testid="store-item"
      aria-labelledby={`item-${item.itemId}`}
    >
      <Stack gap={6} h="100%" justify="space-between">
        <Stack gap={4}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Title order={3} size="h5" id={`item-${item.itemId}`}>
              {item.name}
            </Title>
            <Text fw={700} size="lg" data-testid="item-price">
              {money(item.price)}
            </Text>
          </Group>
          {item.description && <Text size="sm">{item.description}</Text>}
          <Group gap="xs">
            {soldOut ? (
              <Badge color="red.9" variant="filled" tt="none" data-testid="item-stock">
                {m.soldOut}
              </Badge>
            ) : (
              <Text size="sm" c="dimmed" data-testid="item-stock">
                {stockText(item)}
              </Text>
            )}
            {item.perStudentLimit !== null && (
              <Text size="sm" c="dimmed">
                · {m.perStudentLimit(item.perStudentLimit)}
              </Text>
            )}
          </Group>
        </Stack>
        <Group justify="flex-end">
          <Button onClick={() => onBuy(item)} disabled={soldOut} aria-label={m.buyNamed(item.name)}>
            {m.buy}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
