import { Card, Group, Text, ThemeIcon } from '@mantine/core';
import { IconPigMoney, IconWallet } from '@tabler/icons-react';
import { Link } from 'react-router';
import { participationScreenText, studentText, type Account } from '@bank/shared';
import { lastFour, money } from '../../lib/format';
import { heldCentsOf } from '../../lib/held';
import { paths } from '../../lib/paths';

/**
 * A Student's account at home: type, last four digits and balance; opens the account page. Its
 * name is its visible text, in reading order ("CHECKING **2345 For spending and moving money
 * Balance $788.13"). While a waiting request holds some of it, what may be spent and what is held
 * follow, and why, in a child's words (issue 33).
 */
export function AccountCard({ account }: { account: Account }) {
  const heldCents = heldCentsOf(account);
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
      {/* What the account is for, in a child's words (issue 33 item 9). */}
      <Text size="sm" c="dimmed">
        {studentText.accountKindLine[account.accountType]}
      </Text>
      <Text size="sm" c="dimmed" mt="sm">
        Balance
      </Text>
      <Text size="xl" fw={700} data-testid="account-balance">
        {money(account.balance)}
      </Text>
      {heldCents > 0 && (
        <Text size="sm" fw={600} data-testid="account-available">
          {participationScreenText.availableHeld(money(account.available), money(heldCents / 100))}
        </Text>
      )}
      {heldCents > 0 && (
        <Text size="sm" c="dimmed">
          {studentText.heldExplained(money(heldCents / 100))}
        </Text>
      )}
    </Card>
  );
}
