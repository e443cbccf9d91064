import { Card, Group, Text, ThemeIcon } from '@mantine/core';
import { IconPigMoney, IconWallet } from '@tabler/icons-react';
import { Link } from 'react-router';
import { studentText, type Account } from '@bank/shared';
import { lastFour, money } from '../../lib/format';
import { heldWords } from '../../lib/held';
import { paths } from '../../lib/paths';

/**
 * A Student's account at home: type, last four digits and balance; opens the account page. Its
 * name is its visible text, in reading order ("CHECKING **2345 For spending and moving money
 * Balance $788.13"). While a waiting request holds some of it, what may be spent and what is held
 * follow, and why, in a child's words (issue 33); what the Student's store orders hold is said to
 * be held for their order (`orderHeld`, in cents; issue 34).
 */
export function AccountCard({ account, orderHeld = 0 }: { account: Account; orderHeld?: number }) {
  const held = heldWords(account, orderHeld);
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
      {held && (
        <Text size="sm" fw={600} data-testid="account-available">
          {held.line}
        </Text>
      )}
      {held?.why.map((why) => (
        <Text key={why} size="sm" c="dimmed">
          {why}
        </Text>
      ))}
    </Card>
  );
}
