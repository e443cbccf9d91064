import { and, asc, eq, isNotNull, isNull, lte, notInArray, sql } from 'drizzle-orm';
import { fromCents, schoolYearText as m, type ScheduleRun } from '@bank/shared';
import type { Database, Executor, Tx } from '../../db/client.js';
import { scheduleRuns, schedules } from '../../db/schema.js';
import type { Actor } from '../actor.js';
import { loadBank } from '../bank/bank-settings.js';
import { runItems, type ItemJob, type ItemOutcome } from '../job-items/index.js';
import type { LedgerClock } from '../ledger/clock.js';
import { replaceAnswer, runIdempotent, type IdempotentResponse } from '../ledger/idempotency.js';
import { assertMayMoveMoney } from '../ledger/permissions.js';
import { findSchedule } from './find-schedule.js';
import { occurrenceDate, occurrenceInstant } from './occurrences.js';
import { runSchedule, type Occurrence } from './run-schedule.js';
import { finishRun, stepRun, stopPartWay } from './run-steps.js';
import { toRun, type RunRow, type ScheduleRow } from './schedule-view.js';
import { stopSchedule } from './stop-schedule.js';

export interface DueRun {
  scheduleId: number;
  bankId: number;
  name: string;
  /** The occurrence's date; null for an extra run (Run now) that the job finished. */
  occurrence: string | null;
  runAt: string;
  /**
   * Ran (its last step: a run pays in steps, run-steps.ts); had run already (its record is there: it is skipped); stopped, with the reason in
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
        // A schedule's occurrences run one after another: the next waits for the run in progress.
        sql`not exists (select 1 from ${scheduleRuns} r where r.schedule_id = ${schedules.id} and r.finished_at is null)`,
      ),
    )
    .orderBy(asc(schedules.nextRunAt), asc(schedules.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return schedule ?? null;
}

/**
 * A run in progress (its last step's process stopped, or it is a big run's next step), its row
 * taken with SKIP LOCKED: a process taking a step of it is left to it.
 */
async function runInProgress(tx: Tx, leaveOut: string[]): Promise<DueItem | null> {
  const [run] = await tx
    .select()
    .from(scheduleRuns)
    .where(
      and(
        isNull(scheduleRuns.finishedAt),
        leaveOut.length ? notInArray(scheduleRuns.scheduleId, leaveOut.map(Number)) : undefined,
      ),
    )
    .orderBy(asc(scheduleRuns.id))
    .limit(1)
    .for('update', { skipLocked: true });
  if (!run) return null;
  const [schedule] = await tx.select().from(schedules).where(eq(schedules.id, run.scheduleId));
  return { schedule: schedule!, run };
}

/** What the job works on: a run in progress (its next step), or a due schedule (its occurrence starts). */
interface DueItem {
  schedule: ScheduleRow;
  run: RunRow | null;
}

async function nextItem(tx: Tx, asOf: Date, leaveOut: string[]): Promise<DueItem | null> {
  const inProgress = await runInProgress(tx, leaveOut);
  if (inProgress) return inProgress;
  const schedule = await oldestDue(tx, asOf, leaveOut);
  return schedule ? { schedule, run: null } : null;
}

/** The schedule's waiting occurrence, as its run and its record name it. */
const occurrenceOf = (schedule: ScheduleRow): Occurrence => ({
  date: occurrenceDate(schedule, schedule.nextIndex),
  runAt: schedule.nextRunAt!,
  ranBy: null,
});

/**
 * Starts the occurrence (its first step) and moves the schedule on to the next, together or
 * neither: from here its run record holds the occurrence, and the job takes its further steps.
 */
async function runOccurrence(tx: Tx, clock: LedgerClock, schedule: ScheduleRow) {
  const bank = await loadBank(tx, schedule.bankId);
  const run = await runSchedule(tx, clock, schedule, occurrenceOf(schedule));
  await advance(tx, schedule, bank.timeZone);
  return run;
}

/**
 * What the job does: each due occurrence starts, each run in progress takes its next step (one
 * transaction each), or its schedule stops and says why.
 */
function dueSchedules(clock: LedgerClock): ItemJob<DueItem, RunRow | null> {
  return {
    job: 'schedules',
    next: (tx, leaveOut) => nextItem(tx, clock.now, leaveOut),
    keyOf: (item) => String(item.schedule.id),
    bankOf: (item) => item.schedule.bankId,
    work: (tx, { schedule, run }) =>
      run ? stepRun(tx, clock, schedule, run) : runOccurrence(tx, clock, schedule),
    failedReason: m.runFailed,
    stop: async (tx, { schedule, run }, failure) => {
      if (run) await stopPartWay(tx, clock.now, schedule, run, failure.reason);
      else await stopSchedule(tx, clock.now, schedule, occurrenceOf(schedule), failure.reason);
    },
  };
}

type DueOutcome = ItemOutcome<DueItem, RunRow | null>;

/** A step that left its run in progress: not reported (the run's last step is). */
const inProgress = (outcome: DueOutcome) =>
  outcome.kind === 'done' && outcome.result !== null && outcome.result.finishedAt === null;

function toDueRun(outcome: DueOutcome): DueRun {
  const { schedule, run: taken } = outcome.item;
  const run = outcome.kind === 'done' ? outcome.result : null;
  return {
    scheduleId: schedule.id,
    bankId: schedule.bankId,
    name: schedule.name,
    occurrence: taken ? taken.occurrenceDate : occurrenceDate(schedule, schedule.nextIndex),
    runAt: (taken ? taken.runAt : schedule.nextRunAt!).toISOString(),
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
        ? taken
          ? m.stoppedPartWay(outcome.failure.reason)
          : m.didNotRun(outcome.failure.reason)
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
  const outcomes = await runItems(db, dueSchedules(clock), options.asOf);
  return outcomes.filter((outcome) => !inProgress(outcome)).map(toDueRun);
}

/**
 * POST /teller/schedules/{scheduleId}/runNow: an extra run now by staff who may make its kind of
 * payment; the regular occurrences stay where they are. At most once per Idempotency-Key.
 */
export async function runNow(
  db: Executor,
  actor: Actor,
  scheduleId: number,
  clock: { now: Date; postingDelaySeconds: number },
  key: string | null,
): Promise<IdempotentResponse<ScheduleRun>> {
  const request = key ? { key, operation: 'schedule-run-now', payload: { scheduleId } } : null;
  // The run the transaction started (set inside it, so a retried transaction sets it again).
  const started: { run: RunRow | null } = { run: null };
  const answer = await runIdempotent(db, actor, request, 201, async (tx) => {
    const schedule = await findSchedule(tx, actor, scheduleId, { lock: 'share' });
    await assertMayMoveMoney(tx, actor, schedule.kind);
    started.run = await runSchedule(tx, clock, schedule, { date: null, runAt: clock.now, ranBy: actor });
    return toRun(started.run!, actor.username);
  });
  const first = started.run;
  if (answer.replayed || first === null || first.finishedAt !== null) return answer;
  // A bigger class: the rest of the run, a step per transaction; a repeat of the key gets the whole.
  const body = toRun(await finishRun(db, clock, first.id), actor.username);
  if (request) await replaceAnswer(db, actor, request.key, body);
  return { ...answer, body };
}
