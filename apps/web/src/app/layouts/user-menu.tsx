import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconLogout, IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ROLE_LABELS, type User } from '@bank/shared';
import { paths } from '../../lib/paths';
import { useLogout } from '../session';

/**
 * The signed-in user's menu: initial, name and role; Settings and Logout. Its own chunk (loaded
 * once someone is signed in): the menu's popover is not part of the sign-in page (issue 13).
 */
export function UserMenu({ user }: { user: User }) {
  const logout = useLogout();
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
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void logout()}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
