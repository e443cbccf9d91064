import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { limits, mayMoveMoney, messages, schoolYearText as m } from '@bank/shared';
import type { Tx } from '../../db/client.js';
import { batches, scheduleRuns, users } from '../../db/schema.js';
import { conflict } from '../errors.js';
import type { Actor } from '../actor.js';
import { dollars, recordAudit } from '../audit/record-audit.js';
import { loadBank } from '../bank/bank-settings.js';
import type { LedgerClock } from '../ledger/clock.js';
import { invariant } from '../ledger/invariant.js';
import { writeLegs } from '../ledger/write-legs.js';
import { planRun, type PlannedPayment, type RunPlan } from './plan-run.js';
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
 * run may not happen: a refusal that says why, which stops the schedule (run-due.ts).
 */
async function moverOf(tx: Tx, schedule: ScheduleRow, ranBy: Actor | null): Promise<{ id: number }> {
  if (ranBy) return { id: ranBy.id };
  const [maker] = await tx
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(and(eq(users.id, schedule.createdBy), eq(users.bankId, schedule.bankId), isNull(users.deletedAt)));
  if (!maker || maker.role === 'USER') throw conflict(m.creatorGone);
  const settings = maker.role === 'TELLER' ? await loadBank(tx, schedule.bankId) : undefined;
  if (!mayMoveMoney(maker.role, settings, schedule.kind)) throw conflict(m.runRefused(maker.username));
  return { id: maker.id };
}

/** `items` in parts of at most `size`, in order. */
function inParts<T>(items: T[], size: number): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < items.length; i += size) parts.push(items.slice(i, i + size));
  return parts;
}

/** Writes one payday of the run (its memo: the schedule's, else its name). */
async function payPart(
  tx: Tx,
  clock: LedgerClock,
  schedule: ScheduleRow,
  part: PlannedPayment[],
  moverId: number,
): Promise<string> {
  const batchId = randomUUID();
  const memo = schedule.memo ?? schedule.name;
  await tx.insert(batches).values({
    id: batchId,
    bankId: schedule.bankId,
    kind: schedule.kind,
    memo,
    itemCount: part.length,
    totalCents: part.reduce((sum, p) => sum + p.amountCents, 0),
    createdBy: moverId,
    createdAt: clock.now,
  });
  const isDeposit = schedule.kind === 'deposit';
  const locked = new Map(part.map((p) => [p.account.accountNumber, p.account]));
  await writeLegs(
    tx,
    clock,
    locked,
    part.map((p) => ({
      accountNumber: p.account.accountNumber,
      type: isDeposit ? 'credit' : 'debit',
      description: isDeposit ? messages.tellerDepositDescription : messages.tellerWithdrawalDescription,
      amountCents: p.amountCents,
      memo,
      batchId,
      createdBy: moverId,
    })),
  );
  return batchId;
}

/**
 * Writes the plan's payments as paydays of at most a payday's limit each (a branch may be bigger
 * than one payday, batches_count_range): one for most classes, several of one run for a big one.
 */
async function payPlan(tx: Tx, clock: LedgerClock, schedule: ScheduleRow, plan: RunPlan, moverId: number) {
  const batchIds: string[] = [];
  for (const part of inParts(plan.pay, limits.batchMaxItems))
    batchIds.push(await payPart(tx, clock, schedule, part, moverId));
  return { batchIds, total: plan.pay.reduce((sum, p) => sum + p.amountCents, 0) };
}

/** Claims the occurrence: its run record, written first; null when that occurrence has run already. */
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
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/**
 * Runs one occurrence of a schedule in the caller's transaction, which holds the schedule's row:
 * claims it (its unique key), locks the accounts, pays or bills whom it can (as several paydays
 * when they are more than one payday may hold), records who was left out or cut and why, and
 * writes the audit record. The run, its paydays and its record commit together or not at all. A
 * run that may not happen (its maker may no longer make its payments, the branch is too big)
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
  const mover = await moverOf(tx, schedule, occurrence.ranBy);
  const plan = await planRun(tx, schedule, tx);
  const paid = await payPlan(tx, clock, schedule, plan, mover.id);
  const listed = limits.scheduleRunListedMax;
  const [run] = await tx
    .update(scheduleRuns)
    .set({
      batchId: paid.batchIds[0] ?? null,
      batchIds: paid.batchIds,
      itemCount: plan.pay.length,
      totalCents: paid.total,
      leftOut: plan.leftOut.slice(0, listed),
      leftOutCount: plan.leftOut.length,
      cut: plan.cut.slice(0, listed),
      cutCount: plan.cut.length,
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
  await recordRun(tx, clock.now, schedule, occurrence, summary, run.batchId);
  return run;
}

/** The audit line of a run (or of a run that did not happen). */
export function recordRun(
  tx: Tx,
  at: Date,
  schedule: ScheduleRow,
  occurrence: Occurrence,
  summary: string,
  batchId: string | null,
) {
  return recordAudit(tx, {
    bankId: schedule.bankId,
    actorUserId: occurrence.ranBy?.id ?? null,
    action: 'schedule.run',
    at,
    summary,
    scheduleId: schedule.id,
    batchId,
  });
}
