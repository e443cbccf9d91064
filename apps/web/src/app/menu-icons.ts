/**
 * The icons of the side navigation and the home tiles; a destination's menu entry names one of
 * these. Kept out of the destinations table: the router reads that table, and the sign-in page
 * (which the router comes with) shows no menu, so it downloads no icons (issue 13).
 */
export {
  IconArrowBarToDown,
  IconArrowBarUp,
  IconBuildingBank,
  IconBuildingStore,
  IconCalendarRepeat,
  IconCash,
  IconChecklist,
  IconCoins,
  IconFileText,
  IconHeadset,
  IconHistory,
  IconHome,
  IconId,
  IconSchool,
  IconSettings,
  IconShoppingBag,
  IconTag,
  IconTransfer,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';

// Issue 34, jobs and awards (a block of its own: the store's icons arrive beside it).
export { IconAward, IconBriefcase } from '@tabler/icons-react';

// Issue 34, auctions.
export { IconGavel } from '@tabler/icons-react';
