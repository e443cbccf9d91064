import { AppShell, Divider, NavLink, ScrollArea, Skeleton, Text, VisuallyHidden } from '@mantine/core';
import {
  IconBuildingBank,
  IconBuildingStore,
  IconCash,
  IconFileText,
  IconHeadset,
  IconHistory,
  IconHome,
  IconId,
  IconLogout,
  IconPigMoney,
  IconSettings,
  IconTransfer,
  IconUsers,
  IconWallet,
  IconArrowBarToDown,
  IconArrowBarUp,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { mayMoveMoney } from '@bank/shared';
import { errorMessage } from '../../lib/api-client';
import type { Session } from '../../lib/auth-store';
import { lastFour, money } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useBankSettings, useUserAccounts } from '../../lib/queries';
import { useLogout } from '../session';

function NavItem({
  to,
  label,
  description,
  icon,
  indent = false,
}: {
  to: string;
  label: string;
  description?: string;
  icon: ReactNode;
  indent?: boolean;
}) {
  const { pathname } = useLocation();
  const active = pathname === to;
  return (
    <NavLink
      component={Link}
      to={to}
      label={label}
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
    <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mt="md" mb={4} component="h2">
      {children}
    </Text>
  );
}

const icon = (Icon: typeof IconHome) => <Icon size={18} stroke={1.6} aria-hidden />;

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
  if (accounts.isError) {
    return (
      <Text size="xs" c="red" px="sm" role="alert">
        {errorMessage(accounts.error)}
      </Text>
    );
  }
  return (
    <>
      {accounts.data.map((account) => (
        <NavItem
          key={account.accountId}
          to={paths.account(account.accountId)}
          label={`${account.accountType} ${lastFour(account.accountId)}`}
          description={money(account.balance)}
          indent
          icon={icon(account.accountType === 'SAVINGS' ? IconPigMoney : IconWallet)}
        />
      ))}
    </>
  );
}

/** The side navigation by role (spec §2 Navigation). */
export function SideNav({ session }: { session: Session }) {
  const { user } = session;
  const role = user.userRole;
  const { bankId } = user;
  const isUser = role === 'USER';
  const isAdmin = role === 'ADMIN';
  // Only a teller's links depend on the bank settings; the server enforces them for everyone.
  const settings = useBankSettings(user.bankId, role === 'TELLER');
  const logout = useLogout();
  const may = (flow: 'deposit' | 'withdrawal' | 'transfer') => mayMoveMoney(role, settings.data, flow);

  return (
    <>
      <AppShell.Section grow component={ScrollArea} type="auto">
        <div>
          {isUser ? (
            <>
              <NavItem to={paths.home} label="Accounts" icon={icon(IconHome)} />
              <StudentAccountLinks username={user.username} />
            </>
          ) : (
            <NavItem to={paths.home} label="Home" icon={icon(IconHome)} />
          )}

          <SectionLabel>Manage</SectionLabel>
          {role === 'TELLER' && settings.isPending && <Skeleton h={28} mx="sm" my={4} aria-hidden />}
          {role === 'TELLER' && settings.isError && (
            <Text size="xs" c="red" px="sm" role="alert">
              {errorMessage(settings.error)}
            </Text>
          )}
          {may('deposit') && (
            <NavItem to={paths.flow(bankId, 'deposit')} label="Deposit" icon={icon(IconArrowBarToDown)} />
          )}
          {may('withdrawal') && (
            <NavItem to={paths.flow(bankId, 'withdrawal')} label="Withdrawal" icon={icon(IconArrowBarUp)} />
          )}
          {may('transfer') && (
            <NavItem to={paths.flow(bankId, 'transfer')} label="Transfer" icon={icon(IconTransfer)} />
          )}
          {isAdmin && (
            <>
              <NavItem to={paths.adminUsers(bankId)} label="Users" icon={icon(IconUsers)} />
              <NavItem to={paths.adminBranches(bankId)} label="Branches" icon={icon(IconBuildingStore)} />
              <NavItem to={paths.adminAccounts(bankId)} label="Accounts" icon={icon(IconCash)} />
              <NavItem to={paths.adminActivity(bankId)} label="Activity" icon={icon(IconHistory)} />
            </>
          )}

          <SectionLabel>Settings</SectionLabel>
          {isUser && (
            <>
              <NavItem to={paths.accountInfo} label="Account Information" icon={icon(IconId)} />
              <NavItem to={paths.statements} label="Statements" icon={icon(IconFileText)} />
            </>
          )}
          {isAdmin && (
            <NavItem to={paths.adminBank(bankId)} label="Bank Settings" icon={icon(IconBuildingBank)} />
          )}
          <NavItem
            to={paths.settings}
            label={isAdmin ? 'User Settings' : 'Settings'}
            icon={icon(IconSettings)}
          />
          <NavItem to={paths.support(bankId)} label="Support" icon={icon(IconHeadset)} />
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
