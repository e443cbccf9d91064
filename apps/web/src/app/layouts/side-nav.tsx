import { AppShell, Badge, Divider, NavLink, ScrollArea, Skeleton, Text, VisuallyHidden } from '@mantine/core';
import { IconLogout, IconPigMoney, IconWallet } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { participationScreenText, type User } from '@bank/shared';
import { errorMessage } from '../../lib/api-client';
import { lastFour, money } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useUserAccounts } from '../../lib/queries';
import { useBadgeCounts, type BadgeCounts } from '../badge-counts';
import { useMenu, type MenuItem } from '../menu';
import { useLogout } from '../session';

interface NavItemProps {
  to: string;
  label: string;
  description?: string;
  icon: ReactNode;
  indent?: boolean;
  /** A count beside the label (waiting requests or orders); none when 0. */
  count?: number | undefined;
}

/** The count beside a label is for the eye; the link's text says it ("Approvals (2 waiting)"). */
function CountBadge({ count }: { count: number }) {
  return (
    <Badge component="span" color="red.9" variant="filled" size="sm" circle={count < 10} aria-hidden>
      {count}
    </Badge>
  );
}

function NavItem({ to, label, description, icon, indent = false, count }: NavItemProps) {
  const { pathname } = useLocation();
  const active = pathname === to;
  return (
    <NavLink
      component={Link}
      to={to}
      label={
        count ? (
          <>
            {label}
            {/* Hidden text, not an aria-label: the name then holds the visible text (WCAG 2.5.3). */}{' '}
            <VisuallyHidden component="span">({participationScreenText.waitingCount(count)})</VisuallyHidden>
          </>
        ) : (
          label
        )
      }
      rightSection={count ? <CountBadge count={count} /> : undefined}
      description={description}
      leftSection={icon}
      active={active}
      aria-current={active ? 'page' : undefined}
      pl={indent ? 36 : undefined}
      // Mantine fades an active link's description to 0.9, below the AA contrast on the active background.
      styles={{ description: { opacity: 1 } }}
    />
  );
}

function SectionLabel({ children }: { children: string }) {
  return (
    // Plain text, not a heading: the page's h1 is the first heading a screen reader meets.
    <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mt="md" mb={4}>
      {children}
    </Text>
  );
}

const icon = (Icon: MenuItem['icon']) => <Icon size={18} stroke={1.6} aria-hidden />;

function LoadFailedLine({ error }: { error: unknown }) {
  return (
    <Text size="xs" c="red" px="sm" role="alert">
      {errorMessage(error)}
    </Text>
  );
}

function StudentAccountLinks({ username }: { username: string }) {
  const accounts = useUserAccounts(username);
  if (accounts.isPending) {
    return (
      <>
        <Skeleton h={28} mx="sm" my={4} aria-hidden />
        <VisuallyHidden role="status">Loading accounts</VisuallyHidden>
      </>
    );
  }
  if (accounts.isError) return <LoadFailedLine error={accounts.error} />;
  return accounts.data.map((account) => (
    <NavItem
      key={account.accountId}
      to={paths.account(account.accountId)}
      label={`${account.accountType} ${lastFour(account.accountId)}`}
      description={money(account.balance)}
      indent
      icon={icon(account.accountType === 'SAVINGS' ? IconPigMoney : IconWallet)}
    />
  ));
}

const items = (list: MenuItem[], section: MenuItem['section'], counts: BadgeCounts) =>
  list
    .filter((item) => item.section === section)
    .map((item) => (
      <NavItem
        key={item.to}
        to={item.to}
        label={item.label}
        icon={icon(item.icon)}
        count={item.badge && counts[item.badge]}
      />
    ));

/** The side navigation by role (spec §2 Navigation), from the destinations table. */
export function SideNav({ user }: { user: User }) {
  const { items: menu, settings } = useMenu(user);
  const counts = useBadgeCounts(user);
  const logout = useLogout();
  const teller = user.userRole === 'TELLER';
  return (
    <>
      <AppShell.Section grow component={ScrollArea} type="auto">
        <div>
          {items(menu, 'top', counts)}
          {user.userRole === 'USER' && !user.mustChangePassword && (
            <StudentAccountLinks username={user.username} />
          )}
          <SectionLabel>Manage</SectionLabel>
          {teller && settings.isPending && <Skeleton h={28} mx="sm" my={4} aria-hidden />}
          {teller && settings.isError && <LoadFailedLine error={settings.error} />}
          {items(menu, 'manage', counts)}
          <SectionLabel>Settings</SectionLabel>
          {items(menu, 'settings', counts)}
        </div>
      </AppShell.Section>
      <AppShell.Section>
        <Divider my="xs" />
        <NavLink
          component="button"
          label="Logout"
          leftSection={icon(IconLogout)}
          onClick={() => void logout()}
        />
      </AppShell.Section>
    </>
  );
}
