import { Avatar, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { forwardRef, useState, type ComponentPropsWithoutRef } from 'react';
import { ROLE_LABELS, type User } from '@bank/shared';

type Popover = typeof import('./user-menu-popover');

let popover: Popover | undefined;
const loadPopover = async () => (popover ??= await import('./user-menu-popover'));

/** The menu's button: initial, name and role. */
const MenuButton = forwardRef<HTMLButtonElement, { user: User } & ComponentPropsWithoutRef<'button'>>(
  function MenuButton({ user, ...props }, ref) {
    return (
      <UnstyledButton ref={ref} data-testid="header-menu" miw={44} mih={44} {...props}>
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
    );
  },
);

/**
 * The signed-in user's menu: initial, name and role; Settings and Logout. Its own chunk (loaded
 * once someone is signed in): the menu's popover is not part of the sign-in page (issue 13). The
 * popover itself (user-menu-popover.tsx) downloads when the button is first pointed at or focused,
 * and shows at the first press: a Student's first screen shows the button without downloading it
 * (issue 22). Until then the button says what it opens as the menu's own does (aria-haspopup,
 * aria-expanded).
 */
export function UserMenu({ user }: { user: User }) {
  const [loaded, setLoaded] = useState(() => popover);
  const [pressed, setPressed] = useState(false);
  if (loaded) {
    return <loaded.UserMenuPopover target={(ref) => <MenuButton ref={ref} user={user} />} open={pressed} />;
  }
  // Pointing at or focusing the button only downloads the popover; the press shows it. Swapping the
  // button between a press and its release would lose the click.
  const prefetch = () => void loadPopover().catch(() => undefined);
  return (
    <MenuButton
      user={user}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={() =>
        void loadPopover().then(
          (module) => {
            setPressed(true);
            setLoaded(module);
          },
          () => undefined,
        )
      }
    />
  );
}
