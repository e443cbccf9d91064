import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import { fromCents, type ScheduleRun } from '@bank/shared';
import type { Database, Executor } from '../../db/client.js';
import { schedules } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import type { Actor } from '../actor.js';
import { loadBank } from '../bank/bank-settings.js';
import { runIdempotent, type IdempotentResponse } from '../ledger/idempotency.js';
import { assertMayMoveMoney } from '../ledger/permissions.js';
import { findSchedule } from './find-schedule.js';
import { occurrenceDate, occurrenceInstant } from './occurrences.js';
import { runSchedule } from './run-schedule.js';
import { toRun, type ScheduleRow } from './schedule-view.js';

export interface DueRun {
  scheduleId: number;
  bankId: number;
  name: string;
  occurrence: string;
  runAt: string;
  count: number;
  total: number;
  leftOut: number;
  cut: number;
  problem: string | null;
}

/** Moves a schedule on to its next occurrence (unless its run stopped it). */
async function advance(db: Executor, schedule: ScheduleRow, zone: string) {
  const nextIndex = schedule.nextIndex + 1;
  const cadence = { every: schedule.every, startDate: schedule.startDate };
  await db
    .update(schedules)
    .set({ nextIndex, nextRunAt: occurrenceInstant(cadence, nextIndex, zone) })
    .where(and(eq(schedules.id, schedule.id), eq(schedules.active, true)));
}

/**
 * Runs the oldest due occurrence of any schedule, in one transaction, or answers null when none is
 * due by `asOf`. The schedule's row is taken with SKIP LOCKED, so several processes work on
 * different schedules side by side and never on the same occurrence; the occurrence's unique key
 * (run-schedule.ts) would refuse a second run of it even so.
 */
async function runOldestDue(db: Database, asOf: Date, postingDelaySeconds: number): Promise<DueRun | null> {
  return inTransaction(db, async (tx) => {
    const [schedule] = await tx
      .select()
      .from(schedules)
      .where(and(isNotNull(schedules.nextRunAt), lte(schedules.nextRunAt, asOf)))
      .orderBy(asc(schedules.nextRunAt), asc(schedules.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!schedule) return null;
    const bank = await loadBank(tx, schedule.bankId);
    const date = occurrenceDate(schedule, schedule.nextIndex);
    const clock = { now: asOf, postingDelaySeconds };
    const run = await runSchedule(tx, clock, schedule, { date, runAt: schedule.nextRunAt!, ranBy: null });
    await advance(tx, schedule, bank.timeZone);
    return {
      scheduleId: schedule.id,
      bankId: schedule.bankId,
      name: schedule.name,
      occurrence: date,
      runAt: schedule.nextRunAt!.toISOString(),
      count: run?.itemCount ?? 0,
      total: fromCents(run?.totalCents ?? 0),
      leftOut: Array.isArray(run?.leftOut) ? run.leftOut.length : 0,
      cut: Array.isArray(run?.cut) ? run.cut.length : 0,
      problem: run?.problem ?? (run ? null : 'already ran'),
    };
  });
}

/**
 * Runs every occurrence due by `asOf`, oldest first, each exactly once (the schedules job, every
 * minute and at start; `npm run bank -- run-schedules`). Occurrences missed while no server ran
 * are caught up here, one after another.
 */
export async function runDueSchedules(
  db: Database,
  options: { asOf: Date; postingDelaySeconds: number },
): Promise<DueRun[]> {
  const runs: DueRun[] = [];
  for (;;) {
    const run = await runOldestDue(db, options.asOf, options.postingDelaySeconds);
    if (!run) return runs;
    runs.push(run);
  }
}

/**
 * POST /teller/schedules/{scheduleId}/runNow: an extra run now by staff who may make its kind of
 * payment; the regular occurrences stay where they are. At most once per Idempotency-Key.
 */
export function runNow(
  db: Executor,
  actor: Actor,
  scheduleId: number,
  clock: { now: Date; postingDelaySeconds: number },
  key: string | null,
): Promise<IdempotentResponse<ScheduleRun>> {
  const request = key ? { key, operation: 'schedule-run-now', payload: { scheduleId } } : null;
  return runIdempotent(db, actor, request, 201, async (tx) => {
    const schedule = await findSchedule(tx, actor, scheduleId, { lock: 'share' });
    await assertMayMoveMoney(tx, actor, schedule.kind);
    const run = await runSchedule(tx, clock, schedule, { date: null, runAt: clock.now, ranBy: actor });
    return toRun(run!, actor.username);
  });
}
