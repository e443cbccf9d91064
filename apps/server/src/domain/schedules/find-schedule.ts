import { and, eq, inArray, isNull } from 'drizzle-orm';
import { messages, schoolYearText as m, type AccountType, type ScheduleTarget } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { accounts, banks, branches, schedules } from '../../db/schema.js';
import type { Actor } from '../actor.js';
import { isAccountTypeOffered } from '../accounts/create-account.js';
import { AppError, conflict, notFound } from '../errors.js';
import { assertBranchFits } from './plan-run.js';
import type { ScheduleRow } from './schedule-view.js';

/**
 * A schedule of the actor's bank (else 404, like any other bank's record), optionally locked for
 * the rest of the transaction; a deleted one only when its history is asked for.
 */
export async function findSchedule(
  db: Executor,
  actor: Actor,
  scheduleId: number,
  options: { lock?: 'update' | 'share'; deletedToo?: boolean } = {},
): Promise<ScheduleRow> {
  const query = db
    .select()
    .from(schedules)
    .where(
      and(
        eq(schedules.id, scheduleId),
        eq(schedules.bankId, actor.bankId),
        options.deletedToo ? undefined : isNull(schedules.deletedAt),
      ),
    );
  const [row] = await (options.lock ? query.for(options.lock) : query);
  if (!row) throw notFound();
  return row;
}

const notFoundAt = (fields: Record<string, string>) =>
  new AppError(404, 'NOT_FOUND', messages.notFound, fields, { reason: 'NOT_FOUND' });

/**
 * A target must name the bank's own: a branch of it, or open accounts of it (each named 404 as
 * `target.accountIds.N`, like a payday's items). A branch target pays on an account type the bank
 * offers.
 */
export async function checkTarget(
  db: Executor,
  bank: typeof banks.$inferSelect,
  target: ScheduleTarget,
  accountType: AccountType,
): Promise<void> {
  if ('branchId' in target) {
    const [branch] = await db
      .select({ id: branches.id })
      .from(branches)
      .where(and(eq(branches.id, target.branchId), eq(branches.bankId, bank.id)));
    if (!branch) throw notFoundAt({ 'target.branchId': m.scheduleBranchNotFound });
    if (!isAccountTypeOffered(bank, accountType))
      throw conflict(messages.accountTypeNotOffered, 'ACCOUNT_TYPE_NOT_OFFERED');
    await assertBranchFits(db, bank.id, target.branchId);
    return;
  }
  const open = await db
    .select({ number: accounts.accountNumber })
    .from(accounts)
    .where(
      and(
        inArray(accounts.accountNumber, target.accountIds),
        eq(accounts.bankId, bank.id),
        isNull(accounts.closedAt),
      ),
    );
  const known = new Set(open.map((a) => a.number));
  const fields = Object.fromEntries(
    target.accountIds.flatMap((id, i) =>
      known.has(id) ? [] : [[`target.accountIds.${i}`, m.scheduleAccountNotFound]],
    ),
  );
  if (Object.keys(fields).length > 0) throw notFoundAt(fields);
}
