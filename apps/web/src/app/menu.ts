import { mayMoveMoney, type User } from '@bank/shared';
import { useBankSettings } from '../lib/queries';
import { destinations, type Destination, type MenuEntry } from './destinations';
import * as menuIcons from './menu-icons';

/** A menu entry as one user sees it: label and link resolved. */
export interface MenuItem {
  to: string;
  label: string;
  icon: (typeof menuIcons)[MenuEntry['icon']];
  section: MenuEntry['section'];
  tile: MenuEntry['tile'];
  badge: MenuEntry['badge'];
}

type WithMenu = Destination & { menu: MenuEntry };

function shownTo(destination: WithMenu, user: User, settings: Parameters<typeof mayMoveMoney>[1]) {
  const roles = destination.menu.shownTo ?? destination.roles;
  if (roles && !roles.includes(user.userRole)) return false;
  if (destination.menu.shownWhen && !destination.menu.shownWhen(user)) return false;
  const { action, anyOf } = destination.menu;
  if (anyOf && !anyOf.some((a) => mayMoveMoney(user.userRole, settings, a))) return false;
  return !action || mayMoveMoney(user.userRole, settings, action);
}

/**
 * The menu entries a user may follow, in side-navigation order. Only a teller's entries depend on
 * the bank settings (loaded here for a teller only); the server enforces the same rule.
 */
export function useMenu(user: User) {
  // Until a temporary password is replaced the server answers nothing else (403): ask for nothing.
  const settings = useBankSettings(user.bankId, user.userRole === 'TELLER' && !user.mustChangePassword);
  const items: MenuItem[] = destinations
    .filter((d): d is WithMenu => d.menu !== undefined)
    .filter((d) => shownTo(d, user, settings.data))
    .map(({ path, menu }) => ({
      to: `/${path.replace(':bankId', String(user.bankId))}`,
      label: typeof menu.label === 'function' ? menu.label(user.userRole) : menu.label,
      icon: menuIcons[menu.icon],
      section: menu.section,
      tile: menu.tile,
      badge: menu.badge,
    }));
  return { items, settings };
}
