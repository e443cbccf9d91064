import { eq } from 'drizzle-orm';
import {
  amountTermsProblem,
  schoolYearText as m,
  type ParsedScheduleChange,
  type Schedule,
  type ScheduleTarget,
} from '@bank/shared';
import type { Executor, Tx } from '../../db/client.js';
import { schedules } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import type { Actor } from '../actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { loadBank } from '../bank/bank-settings.js';
import { badRequest } from '../errors.js';
import { assertMayMoveMoney } from '../ledger/permissions.js';
import { assertNotPast } from './create-schedule.js';
import { describeTerms, termsOf } from './describe.js';
import { checkTarget, findSchedule } from './find-schedule.js';
import { firstIndexAfter, occurrenceInstant } from './occurrences.js';
import { viewSchedules, type ScheduleRow } from './schedule-view.js';

const targetOf = (row: ScheduleRow): ScheduleTarget =>
  row.targetBranchId !== null ? { branchId: row.targetBranchId } : { accountIds: row.targetAccounts ?? [] };

/**
 * When the changed schedule runs next: paused, never; resumed or with a new cadence, at the first
 * occurrence after now (what was missed while paused is not paid); otherwise as before.
 */
function nextRunOf(before: ScheduleRow, after: ScheduleRow, zone: string, now: Date) {
  // A stopped schedule stays stopped, with its reason, while staff change it; resuming clears it.
  if (!after.active) return before.active ? { nextRunAt: null, pausedReason: null, stoppedAt: null } : {};
  const cadence = { every: after.every, startDate: after.startDate };
  if (before.active && before.every === after.every && before.startDate === after.startDate) return {};
  const nextIndex = firstIndexAfter(cadence, zone, now);
  return {
    nextIndex,
    nextRunAt: occurrenceInstant(cadence, nextIndex, zone),
    pausedReason: null,
    stoppedAt: null,
  };
}

function auditLines(before: ScheduleRow, after: ScheduleRow, termsChanged: boolean) {
  const lines: { action: 'schedule.update' | 'schedule.pause' | 'schedule.resume'; summary: string }[] = [];
  if (termsChanged)
    lines.push({
      action: 'schedule.update',
      summary: m.auditScheduleUpdated(after.name, describeTerms(after)),
    });
  if (before.active && !after.active)
    lines.push({ action: 'schedule.pause', summary: m.auditSchedulePaused(after.name) });
  if (!before.active && after.active)
    lines.push({
      action: 'schedule.resume',
      summary: m.auditScheduleResumed(after.name, after.nextRunAt?.toISOString() ?? ''),
    });
  return lines;
}

async function writeChange(
  tx: Tx,
  actor: Actor,
  before: ScheduleRow,
  change: ParsedScheduleChange,
  now: Date,
) {
  const bank = await loadBank(tx, actor.bankId);
  if (change.startDate !== undefined && change.startDate !== before.startDate)
    assertNotPast(change.startDate, bank.timeZone, now);
  const changed = termsOf(change);
  // Wages name no amount of their own, whether the change or the saved schedule pays them (as on create).
  const paysWages = (change.amountFrom ?? before.amountFrom) === 'wage';
  const terms = paysWages && change.amount !== undefined ? { ...changed, amountCents: null } : changed;
  const merged: ScheduleRow = { ...before, ...terms, active: change.active ?? before.active };
  // The amount terms as they would be after the change, by the rule a new schedule's are checked by.
  const problem = amountTermsProblem({ ...merged, hasAmount: merged.amountCents !== null });
  if (problem) throw badRequest(problem.message, { [problem.field]: problem.message });
  if (change.target !== undefined || change.accountType !== undefined)
    await checkTarget(tx, bank, targetOf(merged), merged.accountType);
  const [after] = await tx
    .update(schedules)
    .set({ ...terms, active: merged.active, ...nextRunOf(before, merged, bank.timeZone, now) })
    .where(eq(schedules.id, before.id))
    .returning();
  for (const line of auditLines(before, after!, Object.keys(terms).length > 0)) {
    await recordAudit(tx, {
      bankId: actor.bankId,
      actorUserId: actor.id,
      at: now,
      scheduleId: before.id,
      ...line,
    });
  }
  return after!;
}

/**
 * PUT /teller/schedules/{scheduleId}: staff who may make its kind of payment change its terms, or
 * pause (`active: false`) and resume it. Only future runs change; its runs so far stay as they were.
 */
export async function updateSchedule(
  db: Executor,
  actor: Actor,
  scheduleId: number,
  change: ParsedScheduleChange,
  now: Date,
): Promise<Schedule> {
  return inTransaction(db, async (tx) => {
    const before = await findSchedule(tx, actor, scheduleId, { lock: 'update' });
    await assertMayMoveMoney(tx, actor, before.kind);
    const after = await writeChange(tx, actor, before, change, now);
    const [view] = await viewSchedules(tx, [after]);
    return view!;
  });
}

/** DELETE /teller/schedules/{scheduleId}: no more runs; the schedule and its runs stay for the record. */
export async function deleteSchedule(
  db: Executor,
  actor: Actor,
  scheduleId: number,
  now: Date,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const row = await findSchedule(tx, actor, scheduleId, { lock: 'update' });
    await assertMayMoveMoney(tx, actor, row.kind);
    await tx
      .update(schedules)
      .set({ deletedAt: now, active: false, nextRunAt: null })
      .where(eq(schedules.id, row.id));
    await recordAudit(tx, {
      bankId: actor.bankId,
      actorUserId: actor.id,
      action: 'schedule.delete',
      at: now,
      summary: m.auditScheduleDeleted(row.name),
      scheduleId: row.id,
    });
  });
}
