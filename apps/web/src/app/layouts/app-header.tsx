import { Avatar, Burger, Button, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconLogout, IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ROLE_LABELS, type User } from '@bank/shared';
import { Logo } from '../../components/logo';
import { useSession } from '../../lib/current-user';
import { paths } from '../../lib/paths';
import { useBankSettings } from '../../lib/queries';
import { useLogout } from '../session';

export interface AppHeaderProps {
  navOpened: boolean;
  onToggleNav: () => void;
}

/** The signed-in user's menu: initial, name and role; Settings and Logout. */
function UserMenu({ user, onLogout }: { user: User; onLogout: () => void }) {
  return (
    // Not in a portal: the open menu stays inside the banner landmark.
    // No focus placeholder: a focusable "presentation" div is not a menu item (axe: aria-required-children).
    <Menu position="bottom-end" width={200} withinPortal={false} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton data-testid="header-menu" miw={44} mih={44}>
          <Group gap={8} wrap="nowrap">
            <Avatar size={30} radius="xl" color="blue" aria-hidden>
              {(user.displayName || user.name || user.username).slice(0, 1).toUpperCase()}
            </Avatar>
            <div style={{ lineHeight: 1.1 }}>
              <Text size="sm" fw={600} truncate maw={160} visibleFrom="xs">
                {user.displayName || user.name}
              </Text>
              <Text size="xs" c="dimmed" visibleFrom="xs">
                {ROLE_LABELS[user.userRole]}
              </Text>
            </div>
            <VisuallyHidden>Account menu</VisuallyHidden>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={paths.settings} leftSection={<IconSettings size={16} aria-hidden />}>
          Settings
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={onLogout}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The bank's own name (issue 14), once its settings have loaded. */
function BankLogo({ user }: { user: User }) {
  const bank = useBankSettings(user.bankId);
  return <Logo name={bank.data?.bankName} />;
}

/** Logo, Pricing and Features (non-functional), Sign Up (no target) and Login; once signed in, a menu with Settings and Logout. */
export function AppHeader({ navOpened, onToggleNav }: AppHeaderProps) {
  const session = useSession();
  const logout = useLogout();

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
        <UserMenu user={session.user} onLogout={() => void logout()} />
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
