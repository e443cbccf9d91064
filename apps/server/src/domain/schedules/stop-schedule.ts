import { eq } from 'drizzle-orm';
import { schoolYearText as m } from '@bank/shared';
import type { Tx } from '../../db/client.js';
import { schedules } from '../../db/schema.js';
import { recordRun } from './run-record.js';
import { claim, type Occurrence } from './run-schedule.js';
import type { RunRow, ScheduleRow } from './schedule-view.js';

/**
 * A schedule whose run failed, or may not happen, stops on its own: it is paused with its reason
 * and the moment, which the Schedules screen shows ("Stopped: {reason}", with Resume) until staff
 * resume it; the occurrence gets its run record ("Did not run: {reason}") and the audit log its
 * line. It is not tried again until then: the same run would fail the same way every minute. In
 * the caller's transaction, after the run's own work rolled back.
 */
export async function stopSchedule(
  tx: Tx,
  at: Date,
  schedule: ScheduleRow,
  occurrence: Occurrence,
  reason: string,
): Promise<RunRow | null> {
  await tx
    .update(schedules)
    .set({ active: false, nextRunAt: null, pausedReason: reason, stoppedAt: at })
    .where(eq(schedules.id, schedule.id));
  const run = await claim(tx, schedule, occurrence, m.didNotRun(reason));
  await recordRun(
    tx,
    at,
    schedule,
    occurrence.ranBy?.id ?? null,
    m.auditScheduleStopped(schedule.name, reason),
    null,
  );
  // The teacher is told here: when notifications exist (API.md "Families and notifications"), the
  // schedule's maker's notification is written in this transaction, with the stop it reports.
  return run;
}
