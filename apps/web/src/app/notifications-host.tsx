import { Notifications } from '@mantine/notifications';

/** Where notifications show: a chunk of its own (app/providers.tsx loads it after the first screen). */
export function NotificationsHost() {
  return <Notifications position="top-right" />;
}
