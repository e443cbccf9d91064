/**
 * The frame of every screen behind sign-in (issue 13): the guarding layout, the side navigation
 * and the user menu, one dynamic import (signed-in-frame.tsx) and one download with what they
 * alone use (vite.config.ts, issue 22).
 */
export { ProtectedLayout } from './protected-layout';
export { SideNav } from './side-nav';
export { UserMenu } from './user-menu';
export { NotificationBell } from './notification-bell';
