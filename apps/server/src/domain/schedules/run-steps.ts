import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { limits, messages, schoolYearText as m } from '@bank/shared';
import { queryRows, type Executor, type Tx } from '../../db/client.js';
import { jsonbParam } from '../../db/set-params.js';
import { batches, scheduleRuns, scheduleRunStudents, schedules } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { dollars } from '../audit/record-audit.js';
import type { LedgerClock } from '../ledger/clock.js';
import { invariant } from '../ledger/invariant.js';
import { writeLegs } from '../ledger/write-legs.js';
import { judgeCandidates, type Candidate, type PlannedPayment } from './plan-run.js';
import { moverOf, recordRun } from './run-record.js';
import type { RunRow, ScheduleRow, StoredLeftOut } from './schedule-view.js';

/**
 * How many Students one step of a run pays (or bills): the accounts a step locks, for as long as
 * the step's one short transaction takes. A transfer of the class waits for one step at most,
 * never for the whole run.
 */
export const STUDENTS_PER_STEP = 50;

/**
 * Writes whom a claimed run covers, in the plan's order, as its list of work (one statement
 * however many). The steps take it from the front.
 */
export async function listWork(tx: Tx, runId: number, candidates: Candidate[]): Promise<void> {
  if (candidates.length === 0) return;
  const rows = candidates.map((c, position) => ({
    position,
    user_id: c.userId,
    account_number: c.accountId,
    username: c.username,
    name: c.name,
  }));
  await tx.execute(
    sql`insert into ${scheduleRunStudents} (run_id, position, user_id, account_number, username, name)
        select ${runId}, x.position, x.user_id, x.account_number, x.username, x.name
        from jsonb_to_recordset(${jsonbParam(rows)})
             as x (position integer, user_id integer, account_number char(10), username text, name text)`,
  );
}

/**
 * Takes the next step's candidates off the front of the run's list, in order. They are deleted in
 * the step's transaction, with their payments: both commit, or neither, so nobody is paid twice
 * and nobody is lost when a process stops mid-run.
 */
async function takeStep(tx: Tx, runId: number, limit: number): Promise<Candidate[]> {
  const rows = await queryRows<Candidate & { position: number }>(
    tx,
    sql`delete from ${scheduleRunStudents}
        where run_id = ${runId} and position in (
          select position from ${scheduleRunStudents} where run_id = ${runId} order by position limit ${limit})
        returning position, user_id as "userId", account_number as "accountId", username, name`,
  );
  return rows.sort((a, b) => a.position - b.position).map(({ position: _position, ...c }) => c);
}

async function workLeft(tx: Tx, runId: number): Promise<boolean> {
  const rows = await tx
    .select({ runId: scheduleRunStudents.runId })
    .from(scheduleRunStudents)
    .where(eq(scheduleRunStudents.runId, runId))
    .limit(1);
  return rows.length > 0;
}

const sumOf = (payments: PlannedPayment[]) => payments.reduce((sum, p) => sum + p.amountCents, 0);

/** Writes payments of the run as legs of the payday `batchId`, on accounts the step has locked. */
async function writePayments(
  tx: Tx,
  clock: LedgerClock,
  schedule: ScheduleRow,
  batchId: string,
  payments: PlannedPayment[],
  moverId: number,
): Promise<void> {
  const isDeposit = schedule.kind === 'deposit';
  const locked = new Map(payments.map((p) => [p.account.accountNumber, p.account]));
  await writeLegs(
    tx,
    clock,
    locked,
    payments.map((p) => ({
      accountNumber: p.account.accountNumber,
      type: isDeposit ? 'credit' : 'debit',
      description: isDeposit ? messages.tellerDepositDescription : messages.tellerWithdrawalDescription,
      amountCents: p.amountCents,
      memo: schedule.memo ?? schedule.name,
      batchId,
      createdBy: moverId,
    })),
  );
}

/**
 * Adds payments to the run's last payday while it has room (a payday holds at most
 * `batchMaxItems`, batches_count_range); returns those it had no room for.
 */
async function addToLastPayday(
  tx: Tx,
  clock: LedgerClock,
  schedule: ScheduleRow,
  run: RunRow,
  payments: PlannedPayment[],
  moverId: number,
): Promise<PlannedPayment[]> {
  const last = run.batchIds.at(-1);
  if (!last || payments.length === 0) return payments;
  const [batch] = await tx.select({ itemCount: batches.itemCount }).from(batches).where(eq(batches.id, last));
  invariant(batch, `the run's payday ${last} is missing`);
  const fits = payments.slice(0, limits.batchMaxItems - batch.itemCount);
  if (fits.length > 0) {
    await writePayments(tx, clock, schedule, last, fits, moverId);
    await tx
      .update(batches)
      .set({
        itemCount: sql`${batches.itemCount} + ${fits.length}`,
        totalCents: sql`${batches.totalCents} + ${sumOf(fits)}`,
      })
      .where(eq(batches.id, last));
  }
  return payments.slice(fits.length);
}

/** Writes a new payday of the run (its memo: the schedule's, else its name) with these payments. */
async function newPayday(
  tx: Tx,
  clock: LedgerClock,
  schedule: ScheduleRow,
  payments: PlannedPayment[],
  moverId: number,
): Promise<string> {
  const batchId = randomUUID();
  await tx.insert(batches).values({
    id: batchId,
    bankId: schedule.bankId,
    kind: schedule.kind,
    memo: schedule.memo ?? schedule.name,
    itemCount: payments.length,
    totalCents: sumOf(payments),
    createdBy: moverId,
    createdAt: clock.now,
  });
  await writePayments(tx, clock, schedule, batchId, payments, moverId);
  return batchId;
}

/**
 * Writes a step's payments into the run's paydays: the last one while it has room, then new ones
 * of at most a payday's limit each (a branch may be bigger than one payday: ADR 0106). Returns
 * every payday of the run.
 */
async function payStep(
  tx: Tx,
  clock: LedgerClock,
  schedule: ScheduleRow,
  run: RunRow,
  payments: PlannedPayment[],
  moverId: number,
): Promise<string[]> {
  const batchIds = [...run.batchIds];
  const rest = await addToLastPayday(tx, clock, schedule, run, payments, moverId);
  for (let i = 0; i < rest.length; i += limits.batchMaxItems)
    batchIds.push(await newPayday(tx, clock, schedule, rest.slice(i, i + limits.batchMaxItems), moverId));
  return batchIds;
}

/** The audit line of a run that has finished. */
function recordFinished(tx: Tx, at: Date, schedule: ScheduleRow, run: RunRow) {
  const summary = m.auditScheduleRan(
    schedule.name,
    run.itemCount,
    dollars(run.totalCents),
    run.leftOutCount,
    run.cutCount,
    run.occurrenceDate === null,
  );
  return recordRun(tx, at, schedule, run.ranBy, summary, run.batchId);
}

/**
 * One step of a run, in the caller's transaction, which holds the run's row: takes the next
 * STUDENTS_PER_STEP of its list, locks their accounts (the ledger's order), pays or bills whom it
 * can, and adds them to the run's record (its count and total, who was left out or cut and why).
 * The step that empties the list finishes the run: its time, and its audit line. A step that
 * throws rolls back whole; the run stays as the last step left it.
 */
export async function stepRun(
  tx: Tx,
  clock: LedgerClock,
  schedule: ScheduleRow,
  run: RunRow,
): Promise<RunRow> {
  const candidates = await takeStep(tx, run.id, STUDENTS_PER_STEP);
  const mover = await moverOf(tx, schedule, run.ranBy);
  const plan = await judgeCandidates(tx, schedule, candidates, tx);
  const batchIds = await payStep(tx, clock, schedule, run, plan.pay, mover.id);
  const listed = limits.scheduleRunListedMax;
  const finished = !(await workLeft(tx, run.id));
  const [next] = await tx
    .update(scheduleRuns)
    .set({
      batchId: batchIds[0] ?? null,
      batchIds,
      itemCount: run.itemCount + plan.pay.length,
      totalCents: run.totalCents + sumOf(plan.pay),
      leftOut: [...(run.leftOut as StoredLeftOut[]), ...plan.leftOut].slice(0, listed),
      leftOutCount: run.leftOutCount + plan.leftOut.length,
      cut: [...(run.cut as unknown[]), ...plan.cut].slice(0, listed),
      cutCount: run.cutCount + plan.cut.length,
      finishedAt: finished ? clock.now : null,
    })
    .where(eq(scheduleRuns.id, run.id))
    .returning();
  invariant(next, 'a run being paid vanished');
  if (finished) await recordFinished(tx, clock.now, schedule, next);
  return next;
}

/**
 * A run whose step failed (not the database's passing trouble) stops where it is: what it paid
 * stands, whom it had not reached are listed as left out, its record says why, and its schedule
 * stops with the reason (as a run that could not start does, stop-schedule.ts). In the caller's
 * transaction, after the step rolled back.
 */
export async function stopPartWay(
  tx: Tx,
  at: Date,
  schedule: ScheduleRow,
  run: RunRow,
  reason: string,
): Promise<void> {
  await tx
    .update(schedules)
    .set({ active: false, nextRunAt: null, pausedReason: reason, stoppedAt: at })
    .where(eq(schedules.id, schedule.id));
  const rest = await takeStep(tx, run.id, limits.scheduleRunMaxPayments);
  const notReached = rest.map(({ userId: _userId, ...who }) => ({ ...who, reason: m.leftOutRunStopped }));
  await tx
    .update(scheduleRuns)
    .set({
      leftOut: [...(run.leftOut as StoredLeftOut[]), ...notReached].slice(0, limits.scheduleRunListedMax),
      leftOutCount: run.leftOutCount + notReached.length,
      problem: m.stoppedPartWay(reason),
      finishedAt: at,
    })
    .where(eq(scheduleRuns.id, run.id));
  await recordRun(tx, at, schedule, run.ranBy, m.auditScheduleStopped(schedule.name, reason), run.batchId);
}

/** The run's row, locked for a step (waiting for a step another process is taking), and its schedule. */
async function lockRun(tx: Tx, runId: number) {
  const [run] = await tx.select().from(scheduleRuns).where(eq(scheduleRuns.id, runId)).for('update');
  invariant(run, `run ${runId} vanished`);
  const [schedule] = await tx.select().from(schedules).where(eq(schedules.id, run.scheduleId));
  invariant(schedule, `the schedule of run ${runId} vanished`);
  return { run, schedule };
}

/**
 * Pays the rest of a claimed run, a step per transaction, until it has finished (a Run now waits
 * for its run so; the job takes up a run whose process stopped). Another process may take steps
 * of the same run meanwhile: each step holds the run's row, and takes what is left.
 */
export async function finishRun(db: Executor, clock: LedgerClock, runId: number): Promise<RunRow> {
  const steps = Math.ceil(limits.scheduleRunMaxPayments / STUDENTS_PER_STEP) + 1;
  for (let i = 0; i < steps; i++) {
    const run = await inTransaction(db, async (tx) => {
      const locked = await lockRun(tx, runId);
      return locked.run.finishedAt ? locked.run : stepRun(tx, clock, locked.schedule, locked.run);
    });
    if (run.finishedAt) return run;
  }
  throw new Error(`run ${runId} did not finish in ${steps} steps`);
}
