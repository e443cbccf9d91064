import { and, asc, eq, isNotNull, lte, notInArray } from 'drizzle-orm';
import { fromCents, schoolYearText as m, type ScheduleRun } from '@bank/shared';
import type { Database, Executor, Tx } from '../../db/client.js';
import { schedules } from '../../db/schema.js';
import type { Actor } from '../actor.js';
import { loadBank } from '../bank/bank-settings.js';
import { runItems, type ItemJob, type ItemOutcome } from '../job-items/index.js';
import type { LedgerClock } from '../ledger/clock.js';
import { runIdempotent, type IdempotentResponse } from '../ledger/idempotency.js';
import { assertMayMoveMoney } from '../ledger/permissions.js';
import { findSchedule } from './find-schedule.js';
import { occurrenceDate, occurrenceInstant } from './occurrences.js';
import { runSchedule, type Occurrence } from './run-schedule.js';
import { toRun, type RunRow, type ScheduleRow } from './schedule-view.js';
import { stopSchedule } from './stop-schedule.js';

export interface DueRun {
  scheduleId: number;
  bankId: number;
  name: string;
  occurrence: string;
  runAt: string;
  /**
   * Ran; had run already (its record is there: it is skipped); stopped, with the reason in
   * `problem`; or left for the next pass (the database's passing trouble).
   */
  outcome: 'ran' | 'skipped' | 'stopped' | 'deferred';
  count: number;
  total: number;
  /** How many paydays it wrote (a branch bigger than a payday takes several). */
  paydays: number;
  leftOut: number;
  cut: number;
  problem: string | null;
}

/** Moves a schedule on to its next occurrence. */
async function advance(db: Executor, schedule: ScheduleRow, zone: string) {
  const nextIndex = schedule.nextIndex + 1;
  const cadence = { every: schedule.every, startDate: schedule.startDate };
  await db
    .update(schedules)
    .set({ nextIndex, nextRunAt: occurrenceInstant(cadence, nextIndex, zone) })
    .where(eq(schedules.id, schedule.id));
}

/**
 * The oldest due occurrence of any schedule, its row taken with SKIP LOCKED, so several processes
 * work on different schedules side by side and never on the same occurrence (its unique key,
 * run-schedule.ts, would refuse a second run of it even so).
 */
async function oldestDue(tx: Tx, asOf: Date, leaveOut: string[]): Promise<ScheduleRow | null> {
  const [schedule] = await tx
    .select()
    .from(schedules)
    .where(
      and(
        isNotNull(schedules.nextRunAt),
        lte(schedules.nextRunAt, asOf),
        leaveOut.length ? notInArray(schedules.id, leaveOut.map(Number)) : undefined,
      ),
    )
    .orderBy(asc(schedules.nextRunAt), asc(schedules.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return schedule ?? null;
}

/** The schedule's waiting occurrence, as its run and its record name it. */
const occurrenceOf = (schedule: ScheduleRow): Occurrence => ({
  date: occurrenceDate(schedule, schedule.nextIndex),
  runAt: schedule.nextRunAt!,
  ranBy: null,
});

/** Runs the occurrence and moves the schedule on to the next: together, or neither. */
async function runOccurrence(tx: Tx, clock: LedgerClock, schedule: ScheduleRow) {
  const bank = await loadBank(tx, schedule.bankId);
  const run = await runSchedule(tx, clock, schedule, occurrenceOf(schedule));
  await advance(tx, schedule, bank.timeZone);
  return run;
}

/** What the job does with due schedules: each occurrence runs, or its schedule stops and says why. */
function dueSchedules(clock: LedgerClock): ItemJob<ScheduleRow, RunRow | null> {
  return {
    job: 'schedules',
    next: (tx, leaveOut) => oldestDue(tx, clock.now, leaveOut),
    keyOf: (schedule) => String(schedule.id),
    bankOf: (schedule) => schedule.bankId,
    work: (tx, schedule) => runOccurrence(tx, clock, schedule),
    failedReason: m.runFailed,
    stop: async (tx, schedule, failure) => {
      await stopSchedule(tx, clock.now, schedule, occurrenceOf(schedule), failure.reason);
    },
  };
}

function toDueRun(outcome: ItemOutcome<ScheduleRow, RunRow | null>): DueRun {
  const schedule = outcome.item;
  const run = outcome.kind === 'done' ? outcome.result : null;
  return {
    scheduleId: schedule.id,
    bankId: schedule.bankId,
    name: schedule.name,
    occurrence: occurrenceDate(schedule, schedule.nextIndex),
    runAt: schedule.nextRunAt!.toISOString(),
    outcome:
      outcome.kind === 'done'
        ? run
          ? 'ran'
          : 'skipped'
        : outcome.kind === 'failed'
          ? 'stopped'
          : 'deferred',
    count: run?.itemCount ?? 0,
    total: fromCents(run?.totalCents ?? 0),
    paydays: run?.batchIds.length ?? 0,
    leftOut: run?.leftOutCount ?? 0,
    cut: run?.cutCount ?? 0,
    problem:
      outcome.kind === 'failed'
        ? m.didNotRun(outcome.failure.reason)
        : outcome.kind === 'deferred'
          ? 'Left for the next pass: the database did not answer.'
          : run
            ? null
            : 'already ran',
  };
}

/**
 * Runs every occurrence due by `asOf`, oldest first, each exactly once (the schedules job, every
 * minute and at start; `npm run bank -- run-schedules`). Occurrences missed while no server ran
 * are caught up here, one after another. Each is isolated (domain/job-items): one that fails
 * stops its schedule, with its reason, and every other schedule of every bank still runs.
 */
export async function runDueSchedules(
  db: Database,
  options: { asOf: Date; postingDelaySeconds: number },
): Promise<DueRun[]> {
  const clock = { now: options.asOf, postingDelaySeconds: options.postingDelaySeconds };
  return (await runItems(db, dueSchedules(clock), options.asOf)).map(toDueRun);
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
