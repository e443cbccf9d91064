import { economyText, schoolYearScreens as t, type Schedule } from '@bank/shared';
import { bankDay, dayOrdinal, RUN_TIME, weekdayOf } from '../../lib/bank-time';
import { money } from '../../lib/format';

/** What the line needs to know besides the schedule: branch names and where accounts live. */
export interface LineContext {
  zone: string;
  branchName: (branchId: number) => string | undefined;
  /** The branch of each open account of the bank. */
  accountBranch: (accountId: string) => number | undefined;
}

/** "every Student of Room 12", "3 students of Room 12" (all in one branch) or "5 accounts". */
function whom(schedule: Schedule, ctx: LineContext): string {
  const { target } = schedule;
  if ('branchId' in target) {
    const everyone = t.toEveryStudentOf(ctx.branchName(target.branchId) ?? `branch ${target.branchId}`);
    return schedule.accountType === 'SAVINGS' ? everyone + t.savingsSuffix : everyone;
  }
  const branches = new Set(target.accountIds.map(ctx.accountBranch));
  const [only] = branches;
  const name = branches.size === 1 && only !== undefined ? ctx.branchName(only) : undefined;
  return name ? t.toStudentsOf(target.accountIds.length, name) : t.toAccounts(target.accountIds.length);
}

/** "every Friday 6:00", "every other Friday 6:00", "every month on the 31st 6:00". */
export function cadenceOf(every: Schedule['every'], startDate: string): string {
  const when =
    every === 'week'
      ? t.everyWeekOn(weekdayOf(startDate))
      : every === '2weeks'
        ? t.everyOtherWeekOn(weekdayOf(startDate))
        : t.everyMonthOn(dayOrdinal(startDate));
  return `${when} ${RUN_TIME}`;
}

/** "next Fri 12/04", "paused", or "stopped" (on its own: its run failed, or may not happen). */
function state(schedule: Schedule, zone: string): string {
  if (schedule.active && schedule.nextRun) return t.nextRun(bankDay(schedule.nextRun, zone));
  return schedule.pausedReason ? t.stopped : t.paused;
}

/**
 * A schedule as one line a teacher reads at a glance (issue 21):
 * "Class job pay · $5.00 to every Student of Room 12 · every Friday 6:00 · next Fri 12/04".
 */
export function scheduleLine(schedule: Schedule, ctx: LineContext): string {
  const direction = schedule.kind === 'deposit' ? 'to' : 'from';
  return [
    schedule.name,
    `${schedule.amount === null ? economyText.scheduleWagesDescription : money(schedule.amount)} ${direction} ${whom(schedule, ctx)}`,
    cadenceOf(schedule.every, schedule.startDate),
    state(schedule, ctx.zone),
  ].join(' · ');
}
