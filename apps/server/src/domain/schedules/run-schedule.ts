import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { mayMoveMoney, messages, schoolYearText as m } from '@bank/shared';
import type { Tx } from '../../db/client.js';
import { batches, scheduleRuns, schedules, users } from '../../db/schema.js';
import type { Actor } from '../actor.js';
import { dollars, recordAudit } from '../audit/record-audit.js';
import { loadBank } from '../bank/bank-settings.js';
import type { LedgerClock } from '../ledger/clock.js';
import { invariant } from '../ledger/invariant.js';
import { writeLegs } from '../ledger/write-legs.js';
import { planRun, type RunPlan } from './plan-run.js';
import type { RunRow, ScheduleRow } from './schedule-view.js';

export interface Occurrence {
  /** The regular occurrence's local date (the run's unique key), or null for an extra Run now. */
  date: string | null;
  runAt: Date;
  /** Who pressed Run now; null when the schedule runs on its own (as its maker). */
  ranBy: Actor | null;
}

/**
 * Who moves the money of a run: whoever pressed Run now, else the schedule's maker, while they are
 * a current member of staff of the bank whom the bank lets make this kind of payment. Otherwise the
 * reason the run does not happen.
 */
async function moverOf(tx: Tx, schedule: ScheduleRow, ranBy: Actor | null): Promise<{ id: number } | string> {
  if (ranBy) return { id: ranBy.id };
  const [maker] = await tx
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(and(eq(users.id, schedule.createdBy), eq(users.bankId, schedule.bankId), isNull(users.deletedAt)));
  if (!maker || maker.role === 'USER') return m.creatorGone;
  const settings = maker.role === 'TELLER' ? await loadBank(tx, schedule.bankId) : undefined;
  return mayMoveMoney(maker.role, settings, schedule.kind) ? { id: maker.id } : m.runRefused(maker.username);
}

/** Writes the plan's payments as one payday (its memo: the schedule's, else its name). */
async function payPlan(tx: Tx, clock: LedgerClock, schedule: ScheduleRow, plan: RunPlan, moverId: number) {
  if (plan.pay.length === 0) return null;
  const batchId = randomUUID();
  const memo = schedule.memo ?? schedule.name;
  const total = plan.pay.reduce((sum, p) => sum + p.amountCents, 0);
  await tx.insert(batches).values({
    id: batchId,
    bankId: schedule.bankId,
    kind: schedule.kind,
    memo,
    itemCount: plan.pay.length,
    totalCents: total,
    createdBy: moverId,
    createdAt: clock.now,
  });
  const isDeposit = schedule.kind === 'deposit';
  const locked = new Map(plan.pay.map((p) => [p.account.accountNumber, p.account]));
  await writeLegs(
    tx,
    clock,
    locked,
    plan.pay.map((p) => ({
      accountNumber: p.account.accountNumber,
      type: isDeposit ? 'credit' : 'debit',
      description: isDeposit ? messages.tellerDepositDescription : messages.tellerWithdrawalDescription,
      amountCents: p.amountCents,
      memo,
      batchId,
      createdBy: moverId,
    })),
  );
  return { batchId, total };
}

/** Claims the occurrence: its run record, written first; null when that occurrence has run already. */
async function claim(tx: Tx, schedule: ScheduleRow, occurrence: Occurrence): Promise<RunRow | null> {
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
      ranBy: occurrence.ranBy?.id ?? null,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/**
 * Runs one occurrence of a schedule in the caller's transaction, which holds the schedule's row:
 * claims it (its unique key), locks the accounts, pays or bills whom it can, records who was left
 * out or cut and why, and writes the audit record. The run, its payday and its record commit
 * together or not at all. A schedule whose maker may no longer make its payments records that it
 * did not run, and stops. Returns null when the occurrence had run already.
 */
export async function runSchedule(
  tx: Tx,
  clock: LedgerClock,
  schedule: ScheduleRow,
  occurrence: Occurrence,
): Promise<RunRow | null> {
  const claimed = await claim(tx, schedule, occurrence);
  if (!claimed) return null;
  const mover = await moverOf(tx, schedule, occurrence.ranBy);
  if (typeof mover === 'string') {
    await tx
      .update(schedules)
      .set({ active: false, nextRunAt: null, pausedReason: mover })
      .where(eq(schedules.id, schedule.id));
    const [stopped] = await tx
      .update(scheduleRuns)
      .set({ problem: mover })
      .where(eq(scheduleRuns.id, claimed.id))
      .returning();
    await audit(tx, clock, schedule, occurrence, m.auditScheduleStopped(schedule.name, mover), null);
    return stopped!;
  }
  const plan = await planRun(tx, schedule, tx);
  const paid = await payPlan(tx, clock, schedule, plan, mover.id);
  const [run] = await tx
    .update(scheduleRuns)
    .set({
      batchId: paid?.batchId ?? null,
      itemCount: plan.pay.length,
      totalCents: paid?.total ?? 0,
      leftOut: plan.leftOut,
      cut: plan.cut,
    })
    .where(eq(scheduleRuns.id, claimed.id))
    .returning();
  invariant(run, 'a claimed run vanished');
  const summary = m.auditScheduleRan(
    schedule.name,
    run.itemCount,
    dollars(run.totalCents),
    plan.leftOut.length,
    plan.cut.length,
    occurrence.date === null,
  );
  await audit(tx, clock, schedule, occurrence, summary, run.batchId);
  return run;
}

function audit(
  tx: Tx,
  clock: LedgerClock,
  schedule: ScheduleRow,
  occurrence: Occurrence,
  summary: string,
  batchId: string | null,
) {
  return recordAudit(tx, {
    bankId: schedule.bankId,
    actorUserId: occurrence.ranBy?.id ?? null,
    action: 'schedule.run',
    at: clock.now,
    summary,
    scheduleId: schedule.id,
    batchId,
  });
}
