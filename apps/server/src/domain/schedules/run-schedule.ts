import type { Tx } from '../../db/client.js';
import { scheduleRuns } from '../../db/schema.js';
import type { Actor } from '../actor.js';
import type { LedgerClock } from '../ledger/clock.js';
import { candidatesOf } from './plan-run.js';
import { moverOf } from './run-record.js';
import { listWork, stepRun } from './run-steps.js';
import type { RunRow, ScheduleRow } from './schedule-view.js';

export interface Occurrence {
  /** The regular occurrence's local date (the run's unique key), or null for an extra Run now. */
  date: string | null;
  runAt: Date;
  /** Who pressed Run now; null when the schedule runs on its own (as its maker). */
  ranBy: Actor | null;
}

/**
 * Claims the occurrence: its run record, written first; null when that occurrence has run
 * already. A record with a `problem` is of a run that did not happen: finished as it is written.
 */
export async function claim(
  tx: Tx,
  schedule: ScheduleRow,
  occurrence: Occurrence,
  problem: string | null = null,
): Promise<RunRow | null> {
  const [row] = await tx
    .insert(scheduleRuns)
    .values({
      scheduleId: schedule.id,
      occurrenceDate: occurrence.date,
      runAt: occurrence.runAt,
      itemCount: 0,
      totalCents: 0,
      leftOut: [],
      cut: [],
      problem,
      ranBy: occurrence.ranBy?.id ?? null,
      finishedAt: problem === null ? null : occurrence.runAt,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/**
 * Starts one occurrence of a schedule in the caller's transaction, which holds the schedule's row:
 * claims it (its unique key), lists whom it covers (a branch too big is refused before anything is
 * locked), and takes its first step (run-steps.ts), which for a class of up to STUDENTS_PER_STEP
 * is the whole run. A bigger run goes on in steps of their own transactions, each committed as it
 * goes (finishRun, or the schedules job), so the class's transfers never wait for the whole run.
 * A run that may not happen (its maker may no longer make its payments, the branch is too big)
 * throws a refusal that says why. Returns null when the occurrence had run already.
 */
export async function runSchedule(
  tx: Tx,
  clock: LedgerClock,
  schedule: ScheduleRow,
  occurrence: Occurrence,
): Promise<RunRow | null> {
  const claimed = await claim(tx, schedule, occurrence);
  if (!claimed) return null;
  await moverOf(tx, schedule, claimed.ranBy);
  await listWork(tx, claimed.id, await candidatesOf(tx, schedule));
  return stepRun(tx, clock, schedule, claimed);
}
