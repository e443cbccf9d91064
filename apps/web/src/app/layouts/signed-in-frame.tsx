import { lazy, useState } from 'react';
import type { User } from '@bank/shared';

type Frame = typeof import('./frame');

let frame: Frame | undefined;

/**
 * The frame of every screen behind sign-in, a chunk of its own (issue 13): the guarding layout,
 * the side navigation and the user menu. The router waits for it before it shows a signed-in
 * screen (the loading shell stays meanwhile), so that no screen appears without its navigation.
 */
export async function loadSignedInFrame() {
  frame ??= await import('./frame');
  return frame.ProtectedLayout;
}

const LazySideNav = lazy(async () => {
  await loadSignedInFrame();
  return { default: frame!.SideNav };
});
const LazyUserMenu = lazy(async () => {
  await loadSignedInFrame();
  return { default: frame!.UserMenu };
});
const LazyNotificationBell = lazy(async () => {
  await loadSignedInFrame();
  return { default: frame!.NotificationBell };
});

/**
 * The side navigation and the user menu, rendered in the same pass as the screen once the frame is
 * loaded (always so behind sign-in: the router loaded it first). A lazy component would suspend
 * once even then, and its reveal made React render the whole frame again, synchronously, right
 * after the first commit (issue 22: a long task on a phone). Before the frame is loaded (a
 * signed-in visit to the landing page) they come lazily, under the caller's Suspense boundary.
 */
export function SideNav({ user }: { user: User }) {
  const [Component] = useState(() => frame?.SideNav ?? LazySideNav);
  return <Component user={user} />;
}

export function UserMenu({ user }: { user: User }) {
  const [Component] = useState(() => frame?.UserMenu ?? LazyUserMenu);
  return <Component user={user} />;
}

/** The notification bell (issue 35), in the frame's chunk like the user menu. */
export function NotificationBell({ user }: { user: User }) {
  const [Component] = useState(() => frame?.NotificationBell ?? LazyNotificationBell);
  return <Component user={user} />;
}
