import type { User } from '@bank/shared';
import { useWaitingCount } from '../lib/participation-queries';
import { useWaitingOrdersCount } from '../lib/store-queries';
import type { MenuEntry } from './destinations';

/** What a menu entry's badge counts (destinations.tsx `badge`). */
export type BadgeName = NonNullable<MenuEntry['badge']>;

/** The count of each badge; undefined while loading (or for a user who has none). */
export type BadgeCounts = Partial<Record<BadgeName, number>>;

/**
 * Every badge's count, from one place for the side navigation and the home tiles: a new badge is
 * its name in destinations.tsx and its count here. Each asks only for staff (the hooks say so).
 */
export function useBadgeCounts(user: User): BadgeCounts {
  return {
    waitingRequests: useWaitingCount(user),
    waitingOrders: useWaitingOrdersCount(user),
  };
}
