import type { ParsedScheduleBody, SchedulePreview } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import type { Actor } from '../actor.js';
import { loadBank } from '../bank/bank-settings.js';
import { assertMayMoveMoney } from '../ledger/permissions.js';
import { termsOf } from './describe.js';
import { checkTarget } from './find-schedule.js';
import { previewOfPlan } from './list-schedules.js';
import { firstIndexAfter, occurrenceInstant } from './occurrences.js';
import { planRun } from './plan-run.js';

/**
 * POST /teller/schedules/preview: what a schedule with these terms would do at its next run, before
 * it is saved (the form's preview, for a new schedule or an edit), worked out by the same plan as a
 * run. Who may make the schedule may preview it; the target is checked as a save would check it.
 * A start date already past is not refused here: an edited schedule keeps its old one, and its
 * next run is the first occurrence after now either way. Writes nothing.
 */
export async function previewTerms(
  db: Executor,
  actor: Actor,
  body: ParsedScheduleBody,
  now: Date,
): Promise<SchedulePreview> {
  await assertMayMoveMoney(db, actor, body.kind);
  const bank = await loadBank(db, actor.bankId);
  await checkTarget(db, bank, body.target, body.accountType);
  const terms = {
    bankId: actor.bankId,
    kind: body.kind,
    amountCents: body.amountFrom === 'wage' ? null : body.amount!,
    amountFrom: body.amountFrom,
    accountType: body.accountType,
    shortfall: body.shortfall,
    targetBranchId: null,
    targetAccounts: null,
    ...termsOf({ target: body.target }),
  };
  const cadence = { every: body.every, startDate: body.startDate };
  const runAt = occurrenceInstant(cadence, firstIndexAfter(cadence, bank.timeZone, now), bank.timeZone);
  return previewOfPlan(terms, await planRun(db, terms), runAt);
}
