import { Alert, Badge, Box, Button, Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconGavel, IconShoppingBag, IconTransfer, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  auctionScreenText,
  participationScreenText,
  ROLE_LABELS,
  storeScreenText,
  type Account,
  type User,
} from '@bank/shared';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { useCurrentUser } from '../../lib/current-user';
import { paths } from '../../lib/paths';
import { heldCentsOf } from '../../lib/held';
import { useUserAccounts } from '../../lib/queries';
import { orderHeldCents, useOrdersOf } from '../../lib/store-queries';
import { uiText } from '../../lib/ui-text';
import { useBadgeCounts } from '../badge-counts';
import { useMenu, type MenuItem } from '../menu';
import { GoalsSection } from '../../features/accounts/goals-section';
import { AccountCard } from './account-card';
import { NextSteps } from './next-steps';
import { SetupChecklist } from './setup-checklist';

const isSavings = (account: Account) => account.accountType === 'SAVINGS';

/** On a phone the menu is behind a burger: here they are one tap from home. */
function StudentActions({ user, transfer }: { user: User; transfer: boolean }) {
  return (
    <Group gap="sm" mb="md">
      {transfer && (
        <Button
          component={Link}
          to={paths.flow(user.bankId, 'transfer')}
          leftSection={<IconTransfer size={18} aria-hidden />}
        >
          Transfer
        </Button>
      )}
      <Button
        component={Link}
        to={paths.store(user.bankId)}
        variant="default"
        leftSection={<IconShoppingBag size={18} aria-hidden />}
      >
        {storeScreenText.storeTitle}
      </Button>
      <Button
        component={Link}
        to={paths.auctions(user.bankId)}
        variant="default"
        leftSection={<IconGavel size={18} aria-hidden />}
      >
        {auctionScreenText.auctionsTitle}
      </Button>
      {user.banker && (
        <Button
          component={Link}
          to={paths.classBank(user.bankId)}
          variant="default"
          leftSection={<IconUsersGroup size={18} aria-hidden />}
        >
          {participationScreenText.classBankTitle}
        </Button>
      )}
    </Group>
  );
}

function StudentHome({ user }: { user: User }) {
  const accounts = useUserAccounts(user.username);
  // What the Student's store orders hold, told apart from a class banker's request (issue 34).
  const orders = useOrdersOf(user.username, accounts.data?.some((a) => heldCentsOf(a) > 0) ?? false);
  return (
    <QueryState query={accounts} what="your accounts">
      {(list) =>
        list.length === 0 ? (
          <>
            {/* A class banker with no account of their own still banks for the class. */}
            <StudentActions user={user} transfer={false} />
            {/* What to do, not only what is missing (issue 14). */}
            <Alert variant="light" color="blue" title={uiText.noAccounts}>
              {uiText.noAccountsStudent}
            </Alert>
          </>
        ) : (
          <>
            <StudentActions user={user} transfer={list.length > 1} />
            <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }}>
              {list.map((account) => (
                <AccountCard
                  key={account.accountId}
                  account={account}
                  orderHeld={orderHeldCents(orders.data, account.accountId)}
                />
              ))}
            </SimpleGrid>
            {list.some(isSavings) && (
              <Box mt="lg">
                <GoalsSection username={user.username} accounts={list.filter(isSavings)} owner />
              </Box>
            )}
          </>
        )
      }
    </QueryState>
  );
}

function Tile({ item, count }: { item: MenuItem & { tile: NonNullable<MenuItem['tile']> }; count?: number }) {
  const { to, label, icon: Icon, tile } = item;
  return (
    <Card component={Link} to={to} withBorder shadow="xs" padding="lg" radius="md" data-testid="action-tile">
      <Group wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size="xl" aria-hidden>
          <Icon size={24} />
        </ThemeIcon>
        <div>
          <Text fw={600}>
            {label}
            {count ? (
              <Badge component="span" ml={8} color="red.9" variant="filled" size="sm" tt="none">
                {participationScreenText.waitingCount(count)}
              </Badge>
            ) : null}
          </Text>
          <Text size="sm" c="dimmed">
            {tile.description}
          </Text>
        </div>
      </Group>
    </Card>
  );
}

/** Staff get a tile for each menu entry that has one (the destinations table), in tile order. */
function StaffHome({ user }: { user: User }) {
  const counts = useBadgeCounts(user);
  const tiles = useMenu(user)
    .items.filter((item): item is MenuItem & { tile: NonNullable<MenuItem['tile']> } => !!item.tile)
    .sort((a, b) => a.tile.rank - b.tile.rank);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }}>
      {tiles.map((item) => (
        <Tile key={item.to} item={item} count={item.badge && counts[item.badge]} />
      ))}
    </SimpleGrid>
  );
}

/** `home`: a Student's account cards; action tiles for staff (spec §2). */
export function HomePage() {
  const user = useCurrentUser();
  return (
    <>
      <PageHeader
        title={user.userRole === 'USER' ? 'Accounts' : 'Home'}
        subtitle={`Welcome, ${user.displayName || user.name} (${ROLE_LABELS[user.userRole]})`}
      />
      {user.userRole === 'ADMIN' && !user.mustChangePassword && (
        <>
          <SetupChecklist bankId={user.bankId} />
          <NextSteps bankId={user.bankId} />
        </>
      )}
      {user.userRole === 'USER' ? <StudentHome user={user} /> : <StaffHome user={user} />}
    </>
  );
}
