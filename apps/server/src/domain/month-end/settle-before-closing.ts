import type { Tx } from '../../db/database.js';
import { lockAccountForMonthEnd } from '../../db/locks.js';
import { creditInterest } from '../interest/index.js';
import { monthOf } from '../months/period.js';
import { interestWork } from './run-month-end.js';

/**
 * Before an account closes at `now`: credits the interest of every month that ended while it
 * was open and that month-end has not closed yet (the job runs hourly, and not while the server
 * is down). Month-end leaves closed accounts alone, so without this a savings account emptied
 * and closed in those minutes would never get that month's interest. Takes the account's
 * month-end lock for the rest of the transaction (lock order: db/locks.ts), so no month-end
 * run credits it meanwhile. Returns how many months were credited.
 */
export async function settleInterestBeforeClosing(tx: Tx, accountNumber: string, now: Date): Promise<number> {
  await lockAccountForMonthEnd(tx, accountNumber);
  let credited = 0;
  for (const item of await interestWork(tx, now, accountNumber)) {
    const period = monthOf(item.periodStart, item.timeZone);
    if ((await creditInterest(tx, accountNumber, period)) === 'credited') credited++;
  }
  return credited;
}
