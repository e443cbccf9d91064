import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { fromCents, type Schedule, type SchedulePreview, type ScheduleRun } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { schedules } from '../../db/schema.js';
import { assertOwnBank } from '../access.js';
import type { Actor } from '../actor.js';
import type { KeyedPage, Page } from '../paging.js';
import { planRun, type PlanTerms, type RunPlan } from './plan-run.js';
import { findSchedule } from './find-schedule.js';
import { runsOfSchedule, viewSchedules } from './schedule-view.js';
import { schoolYearText as m } from '@bank/shared';
import { dollars } from '../audit/record-audit.js';

/** GET /teller/schedules/{bankId}: the bank's schedules, the next to run first, paused ones last. */
export async function listSchedules(db: Executor, actor: Actor, bankId: number): Promise<Schedule[]> {
  assertOwnBank(actor, bankId);
  const rows = await db
    .select()
    .from(schedules)
    .where(and(eq(schedules.bankId, bankId), isNull(schedules.deletedAt)))
    .orderBy(sql`${schedules.nextRunAt} asc nulls last`, sql`lower(${schedules.name})`, asc(schedules.id));
  return viewSchedules(db, rows);
}

/** GET /teller/schedules/{scheduleId}/runs: a page of runs, newest first (a deleted schedule's too). */
export async function listRuns(
  db: Executor,
  actor: Actor,
  scheduleId: number,
  page: KeyedPage,
): Promise<Page<ScheduleRun>> {
  const row = await findSchedule(db, actor, scheduleId, { deletedToo: true });
  return runsOfSchedule(db, row.id, page);
}

/**
 * GET /teller/schedules/{scheduleId}/preview: the next run worked out against the balances as they
 * are now, as a payday preview: each account's balance and new balance, and for each one left out
 * or cut, why. Writes nothing.
 */
export async function previewSchedule(
  db: Executor,
  actor: Actor,
  scheduleId: number,
): Promise<SchedulePreview> {
  const schedule = await findSchedule(db, actor, scheduleId);
  return previewOfPlan(schedule, await planRun(db, schedule), schedule.nextRunAt);
}

/** A run's plan as a payday preview: paid rows (a cut one says so), then the ones left out and why. */
export function previewOfPlan(terms: PlanTerms, plan: RunPlan, runAt: Date | null): SchedulePreview {
  const sign = terms.kind === 'deposit' ? 1 : -1;
  const cutOf = new Map(plan.cut.map((c) => [c.accountId, c]));
  const paid = plan.pay.map((p) => {
    const cut = cutOf.get(p.account.accountNumber);
    return {
      accountId: p.account.accountNumber,
      username: p.username,
      name: p.name,
      accountType: p.account.type,
      balance: fromCents(p.account.balanceCents),
      newBalance: fromCents(p.account.balanceCents + sign * p.amountCents),
      error: cut ? m.cutNote(dollars(cut.paidCents), dollars(cut.askedCents)) : null,
      reason: null,
    };
  });
  const leftOut = plan.leftOut.map((l) => ({
    accountId: l.accountId ?? '',
    username: l.username,
    name: l.name,
    accountType: null,
    balance: null,
    newBalance: null,
    error: l.reason,
    reason:
      l.reason === m.leftOutCannotPay || l.reason === m.leftOutEmpty
        ? ('INSUFFICIENT_FUNDS' as const)
        : ('NOT_FOUND' as const),
  }));
  return {
    ok: plan.leftOut.length === 0 && plan.cut.length === 0,
    count: plan.pay.length,
    total: fromCents(plan.pay.reduce((sum, p) => sum + p.amountCents, 0)),
    items: [...paid, ...leftOut],
    runAt: runAt?.toISOString() ?? null,
  };
}
