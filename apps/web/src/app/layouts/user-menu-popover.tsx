import { Menu } from '@mantine/core';
import { IconLogout, IconSettings } from '@tabler/icons-react';
import { useEffect, useRef, type ReactElement, type Ref } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { useLogout } from '../session';

export interface UserMenuPopoverProps {
  /** The menu's button (user-menu.tsx), the same as before the menu loaded. */
  target: (ref: Ref<HTMLButtonElement>) => ReactElement;
  /** The button was pressed before the menu had loaded: it opens now, as that press would have. */
  open: boolean;
}

/**
 * The user menu's popover (Mantine's Menu, its Popover and floating-ui): loaded when the menu's
 * button is first pointed at, focused or pressed, and shown at the first press, not with the first
 * screen (issue 22).
 */
export function UserMenuPopover({ target, open }: UserMenuPopoverProps) {
  const logout = useLogout();
  const button = useRef<HTMLButtonElement>(null);
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    if (!open) return;
    // The pressed button was replaced by the menu's own: it takes the focus and the press.
    button.current?.focus();
    button.current?.click();
  }, [open]);
  return (
    // Not in a portal: the open menu stays inside the banner landmark.
    // No focus placeholder: a focusable "presentation" div is not a menu item (axe: aria-required-children).
    <Menu position="bottom-end" width={200} withinPortal={false} withInitialFocusPlaceholder={false}>
      <Menu.Target>{target(button)}</Menu.Target>
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
