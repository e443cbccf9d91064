import { schoolYearScreens as t, type ScheduleRun } from '@bank/shared';
import { lastFour, money } from '../../lib/format';

/** "24 payments, $120.00 in all; 2 left out; 1 paid only part", or why it did not run. */
export function runSummary(run: ScheduleRun): string {
  if (run.problem) return run.problem;
  return [
    t.payCount(run.count, money(run.total)),
    ...(run.leftOutCount > 0 ? [t.leftOutCount(run.leftOutCount)] : []),
    ...(run.cutCount > 0 ? [t.cutCount(run.cutCount)] : []),
  ].join('; ');
}

/** A run lists at most 1,000 of each (it counts them all): the lines, then how many it does not list. */
const withRest = (lines: string[], count: number) =>
  count > lines.length ? [...lines, t.andMore(count - lines.length)] : lines;

/** "Maya Chen (CHECKING **3456): Not enough money." — one line per student a run left out. */
export function leftOutLines(run: ScheduleRun): string[] {
  const lines = run.leftOut.map((l) => {
    const who = l.name ?? t.noAccountName;
    return `${l.accountId ? `${who} (${lastFour(l.accountId)})` : who}: ${l.reason}`;
  });
  return withRest(lines, run.leftOutCount);
}

/** "Maya Chen: paid $2.00 of $5.00" — one line per student a run took only part from. */
export function cutLines(run: ScheduleRun): string[] {
  const lines = run.cut.map((c) => t.cutLine(c.name ?? t.noAccountName, money(c.paid), money(c.asked)));
  return withRest(lines, run.cutCount);
}
