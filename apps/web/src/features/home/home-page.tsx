import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import {
  IconArrowBarToDown,
  IconArrowBarUp,
  IconBuildingBank,
  IconHistory,
  IconBuildingStore,
  IconCash,
  IconHeadset,
  IconPigMoney,
  IconSettings,
  IconTransfer,
  IconUsers,
  IconWallet,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { mayMoveMoney, ROLE_LABELS, type Account } from '@bank/shared';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { useRequiredSession, type Session } from '../../lib/auth-store';
import { lastFour, money } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useBankSettings, useUserAccounts } from '../../lib/queries';
import { uiText } from '../../lib/ui-text';

function AccountCard({ account }: { account: Account }) {
  const Icon = account.accountType === 'SAVINGS' ? IconPigMoney : IconWallet;
  return (
    <Card
      component={Link}
      to={paths.account(account.accountId)}
      withBorder
      shadow="xs"
      padding="lg"
      radius="md"
      aria-label={`${account.accountType} ${lastFour(account.accountId)}, balance ${money(account.balance)}`}
      data-testid="account-card"
    >
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={600}>{account.accountType}</Text>
        <ThemeIcon variant="light" size="lg" aria-hidden>
          <Icon size={20} />
        </ThemeIcon>
      </Group>
      <Text size="sm" c="dimmed">
        {lastFour(account.accountId)}
      </Text>
      <Text size="xl" fw={700} mt="sm" data-testid="account-balance">
        {money(account.balance)}
      </Text>
      <Text size="xs" c="dimmed">
        Balance
      </Text>
    </Card>
  );
}

function StudentHome({ session }: { session: Session }) {
  const accounts = useUserAccounts(session.user.username);
  return (
    <QueryState query={accounts} what="your accounts">
      {(list) =>
        list.length === 0 ? (
          <Text c="dimmed">{uiText.noAccounts}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }}>
            {list.map((account) => (
              <AccountCard key={account.accountId} account={account} />
            ))}
          </SimpleGrid>
        )
      }
    </QueryState>
  );
}

interface Tile {
  to: string;
  label: string;
  description: string;
  icon: typeof IconCash;
}

function StaffHome({ session }: { session: Session }) {
  const { userRole: role, bankId } = session.user;
  const settings = useBankSettings(bankId, role === 'TELLER');
  const tiles: Tile[] = [];
  if (mayMoveMoney(role, settings.data, 'deposit')) {
    tiles.push({
      to: paths.flow(bankId, 'deposit'),
      label: 'Deposit',
      description: 'Pay money into an account',
      icon: IconArrowBarToDown,
    });
  }
  if (mayMoveMoney(role, settings.data, 'withdrawal')) {
    tiles.push({
      to: paths.flow(bankId, 'withdrawal'),
      label: 'Withdrawal',
      description: 'Pay money out of an account',
      icon: IconArrowBarUp,
    });
  }
  if (mayMoveMoney(role, settings.data, 'transfer')) {
    tiles.push({
      to: paths.flow(bankId, 'transfer'),
      label: 'Transfer',
      description: 'Move money between accounts',
      icon: IconTransfer,
    });
  }
  if (role === 'ADMIN') {
    tiles.push(
      { to: paths.adminUsers(bankId), label: 'Users', description: 'Create and edit users', icon: IconUsers },
      {
        to: paths.adminBranches(bankId),
        label: 'Branches',
        description: 'Create and edit branches',
        icon: IconBuildingStore,
      },
      {
        to: paths.adminAccounts(bankId),
        label: 'Accounts',
        description: 'Open and close accounts',
        icon: IconCash,
      },
      {
        to: paths.adminBank(bankId),
        label: 'Bank Settings',
        description: 'Account types, rates and teller permissions',
        icon: IconBuildingBank,
      },
      {
        to: paths.adminActivity(bankId),
        label: 'Activity',
        description: 'Who changed or deleted which transaction',
        icon: IconHistory,
      },
    );
  }
  tiles.push(
    {
      to: paths.support(bankId),
      label: 'Support',
      description: 'Open and follow support tickets',
      icon: IconHeadset,
    },
    {
      to: paths.settings,
      label: role === 'ADMIN' ? 'User Settings' : 'Settings',
      description: 'Display name and password',
      icon: IconSettings,
    },
  );

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }}>
      {tiles.map(({ to, label, description, icon: Icon }) => (
        <Card
          key={to}
          component={Link}
          to={to}
          withBorder
          shadow="xs"
          padding="lg"
          radius="md"
          data-testid="action-tile"
        >
          <Group wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" size="xl" aria-hidden>
              <Icon size={24} />
            </ThemeIcon>
            <div>
              <Text fw={600}>{label}</Text>
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            </div>
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** `home`: a Student's account cards; action tiles for staff (spec §2). */
export function HomePage() {
  const session = useRequiredSession();
  const { user } = session;
  return (
    <>
      <PageHeader
        title={user.userRole === 'USER' ? 'Accounts' : 'Home'}
        subtitle={`Welcome, ${user.displayName || user.name} (${ROLE_LABELS[user.userRole]})`}
      />
      {user.userRole === 'USER' ? <StudentHome session={session} /> : <StaffHome session={session} />}
    </>
  );
}
