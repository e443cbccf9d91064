import { schoolYearText as m, type ParsedScheduleBody, type Schedule } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { schedules } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import type { Actor } from '../actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { loadBank } from '../bank/bank-settings.js';
import { badRequest } from '../errors.js';
import { assertMayMoveMoney } from '../ledger/permissions.js';
import { describeTerms, termsOf } from './describe.js';
import { checkTarget } from './find-schedule.js';
import { firstIndexAfter, localDate, occurrenceInstant } from './occurrences.js';
import { viewSchedules } from './schedule-view.js';

/** A start date before today in the bank's zone is a 400: a schedule does not pay for the past. */
export function assertNotPast(startDate: string, zone: string, now: Date): void {
  if (startDate < localDate(now, zone))
    throw badRequest(m.scheduleStartDatePast, { startDate: m.scheduleStartDatePast });
}

/**
 * POST /teller/schedules: staff who may make its kind of payment (a teller by the bank's
 * permission) set up a payday or bill of their bank; it first runs at the first occurrence after
 * now, 06:00 in the bank's zone, on or after the start date.
 */
export async function createSchedule(
  db: Executor,
  actor: Actor,
  body: ParsedScheduleBody,
  now: Date,
): Promise<Schedule> {
  return inTransaction(db, async (tx) => {
    await assertMayMoveMoney(tx, actor, body.kind);
    const bank = await loadBank(tx, actor.bankId);
    assertNotPast(body.startDate, bank.timeZone, now);
    await checkTarget(tx, bank, body.target, body.accountType);
    const cadence = { every: body.every, startDate: body.startDate };
    const nextIndex = firstIndexAfter(cadence, bank.timeZone, now);
    const [row] = await tx
      .insert(schedules)
      .values({
        bankId: actor.bankId,
        kind: body.kind,
        name: body.name,
        amountCents: body.amountFrom === 'wage' ? null : body.amount!,
        amountFrom: body.amountFrom,
        memo: body.memo,
        every: body.every,
        startDate: body.startDate,
        accountType: body.accountType,
        shortfall: body.shortfall,
        ...termsOf({ target: body.target }),
        nextIndex,
        nextRunAt: occurrenceInstant(cadence, nextIndex, bank.timeZone),
        createdBy: actor.id,
        createdAt: now,
      })
      .returning();
    await recordAudit(tx, {
      bankId: actor.bankId,
      actorUserId: actor.id,
      action: 'schedule.create',
      at: now,
      summary: m.auditScheduleCreated(row!.name, describeTerms(row!)),
      scheduleId: row!.id,
    });
    const [view] = await viewSchedules(tx, [row!]);
    return view!;
  });
}
