import { Burger, Button, Group, Text } from '@mantine/core';
import { Suspense } from 'react';
import { Link } from 'react-router';
import type { User } from '@bank/shared';
import { Logo } from '../../components/logo';
import { useSession } from '../../lib/current-user';
import { paths } from '../../lib/paths';
import { useBankSettings } from '../../lib/queries';
import { NotificationBell, UserMenu } from './signed-in-frame';

export interface AppHeaderProps {
  navOpened: boolean;
  onToggleNav: () => void;
}

/** The bank's own name (issue 14), once its settings have loaded. */
function BankLogo({ user }: { user: User }) {
  const bank = useBankSettings(user.bankId);
  return <Logo name={bank.data?.bankName} />;
}

/** Logo, Pricing and Features (non-functional), Sign Up (no target) and Login; once signed in, a menu with Settings and Logout. */
export function AppHeader({ navOpened, onToggleNav }: AppHeaderProps) {
  const session = useSession();

  return (
    <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap" miw={0}>
        {session && (
          <Burger
            opened={navOpened}
            onClick={onToggleNav}
            hiddenFrom="sm"
            size="sm"
            w={44}
            h={44}
            aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
          />
        )}
        <Link to={paths.landing} className="header-home" style={{ color: 'inherit', textDecoration: 'none' }}>
          {session && !session.user.mustChangePassword ? <BankLogo user={session.user} /> : <Logo />}
        </Link>
        {!session && (
          <Group gap="lg" visibleFrom="sm" ml="lg">
            <Text c="dimmed" size="sm">
              Pricing
            </Text>
            <Text c="dimmed" size="sm">
              Features
            </Text>
          </Group>
        )}
      </Group>

      {session ? (
        // Its own chunk (only someone signed in has a menu): until it is there, its place is kept.
        <Suspense fallback={<div style={{ width: 44, height: 44 }} />}>
          <Group gap={4} wrap="nowrap">
            <NotificationBell user={session.user} />
            <UserMenu user={session.user} />
          </Group>
        </Suspense>
      ) : (
        <Group gap="xs" wrap="nowrap">
          <Button variant="default" type="button" size="sm" px="sm">
            Sign Up
          </Button>
          <Button component={Link} to={paths.login} size="sm" px="sm">
            Login
          </Button>
        </Group>
      )}
    </Group>
  );
}
