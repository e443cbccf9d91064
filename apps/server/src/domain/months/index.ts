/**
 * The bank's months, as month-end, interest and statements all read them: each month's period
 * and the posted history of an account in it. Below all three, so that none imports another for them.
 */
export {
  dayIndexIn,
  lastEndedMonth,
  lastInstantOf,
  monthBefore,
  monthContaining,
  monthOf,
  monthPeriod,
  type MonthPeriod,
} from './period.js';
export {
  lastPostedBalance,
  postedBalanceBefore,
  postedEntriesBetween,
  type PostedEntry,
} from './posted-history.js';
