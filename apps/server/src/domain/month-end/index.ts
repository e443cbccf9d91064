/**
 * Month-end: closing each month that has ended in its bank's time zone, for every account. The run credits savings
 * interest (domain/interest) and issues statements (domain/statements), account-month by
 * account-month, each under the account's month-end lock (db/locks.ts); the months and the
 * posted history both read are in domain/months.
 */
export { runMonthEnd, type MonthEndOptions, type MonthEndResult } from './run-month-end.js';
export { settleInterestBeforeClosing } from './settle-before-closing.js';
export { lockAccountForMonthEnd } from '../../db/locks.js';
