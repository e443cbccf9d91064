import { Card, Group, Text, ThemeIcon } from '@mantine/core';
import { IconPigMoney, IconWallet } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Account } from '@bank/shared';
import { lastFour, money } from '../../lib/format';
import { paths } from '../../lib/paths';

/**
 * A Student's account at home: type, last four digits and balance; opens the account page. Its
 * name is its visible text, in reading order ("CHECKING **2345 Balance $788.13").
 */
export function AccountCard({ account }: { account: Account }) {
  const Icon = account.accountType === 'SAVINGS' ? IconPigMoney : IconWallet;
  return (
    <Card
      component={Link}
      to={paths.account(account.accountId)}
      withBorder
      shadow="xs"
      padding="lg"
      radius="md"
      data-testid="account-card"
    >
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={600}>
          {account.accountType}{' '}
          <Text span c="dimmed" fw={400}>
            {lastFour(account.accountId)}
          </Text>
        </Text>
        <ThemeIcon variant="light" size="lg" aria-hidden>
          <Icon size={20} />
        </ThemeIcon>
      </Group>
      <Text size="sm" c="dimmed" mt="sm">
        Balance
      </Text>
      <Text size="xl" fw={700} data-testid="account-balance">
        {money(account.balance)}
      </Text>
    </Card>
  );
}
