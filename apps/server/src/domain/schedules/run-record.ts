import { and, eq, isNull } from 'drizzle-orm';
import { mayMoveMoney, schoolYearText as m } from '@bank/shared';
import type { Tx } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { conflict } from '../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import { loadBank } from '../bank/bank-settings.js';
import type { ScheduleRow } from './schedule-view.js';

/**
 * Who moves the money of a run: whoever pressed Run now (`ranBy`), else the schedule's maker,
 * while they are a current member of staff of the bank whom the bank lets make this kind of
 * payment. Otherwise the run may not happen: a refusal that says why, which stops the schedule
 * (run-due.ts). Asked again at every step of a run.
 */
export async function moverOf(tx: Tx, schedule: ScheduleRow, ranBy: number | null): Promise<{ id: number }> {
  if (ranBy !== null) return { id: ranBy };
  const [maker] = await tx
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(and(eq(users.id, schedule.createdBy), eq(users.bankId, schedule.bankId), isNull(users.deletedAt)));
  if (!maker || maker.role === 'USER') throw conflict(m.creatorGone);
  const settings = maker.role === 'TELLER' ? await loadBank(tx, schedule.bankId) : undefined;
  if (!mayMoveMoney(maker.role, settings, schedule.kind)) throw conflict(m.runRefused(maker.username));
  return { id: maker.id };
}

/** The audit line of a run (or of a run that did not happen), by whoever pressed Run now if anyone. */
export function recordRun(
  tx: Tx,
  at: Date,
  schedule: ScheduleRow,
  ranBy: number | null,
  summary: string,
  batchId: string | null,
) {
  return recordAudit(tx, {
    bankId: schedule.bankId,
    actorUserId: ranBy,
    action: 'schedule.run',
    at,
    summary,
    scheduleId: schedule.id,
    batchId,
  });
}
