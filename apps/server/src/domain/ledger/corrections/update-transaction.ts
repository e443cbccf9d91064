import { eq } from 'drizzle-orm';
import { codePoints, isAllowedAmountCents, limits, messages, type Transaction } from '@bank/shared';
import type { Executor } from '../../../db/client.js';
import { transactions } from '../../../db/schema.js';
import type { Actor } from '../../actor.js';
import { badRequest, forbidden } from '../../errors.js';
import { inTransaction } from '../../../db/transaction.js';
import { invariant } from '../invariant.js';
import { assertAccountsConsistent } from '../invariants.js';
import { addDelta, applyBalanceChanges } from '../locked-accounts.js';
import { assertNotReversed, lockForChange, shiftRunningBalances, writeAudit } from './change-transaction.js';
import { signedCents, toTransaction, type TransactionRow } from '../to-transaction.js';

export interface TransactionChange {
  id: number;
  description: string;
  /** `YYYY-MM-DD` (keeps the time of day, in UTC) or an ISO date-time (no zone means UTC). */
  transactionDate: string;
  amountCents: number;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const HAS_ZONE = /(Z|[+-]\d{2}(:?\d{2})?)$/i;

/** The new transactionDate of an edit. The edit form sends only the date part, so that keeps the time. */
export function resolveTransactionDate(input: string, current: Date): Date {
  const invalid = () =>
    badRequest(messages.transactionDateInvalid, { transactionDate: messages.transactionDateInvalid });
  const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(input);
  if (!day) throw invalid();
  const [year, month, date] = [Number(day[1]), Number(day[2]), Number(day[3])];
  const calendar = new Date(Date.UTC(year, month - 1, date));
  if (year < 1900 || calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== date) throw invalid();
  const text = DATE_ONLY.test(input)
    ? `${input}T${current.toISOString().slice(11)}`
    : HAS_ZONE.test(input)
      ? input
      : `${input}Z`;
  const parsed = new Date(text);
  if (Number.isNaN(parsed.getTime())) throw invalid();
  return parsed;
}

/**
 * An admin edits a transaction of their bank: description (this leg only), amount and date
 * (for a transfer, both legs the same way). Balances move by the difference; any balance that
 * would go negative is a 409 and nothing is written. Running balances of the account's later
 * posted rows move with it. Each changed leg gets an audit record.
 */
export async function updateTransaction(
  db: Executor,
  clock: { now: Date },
  actor: Actor,
  change: TransactionChange,
): Promise<Transaction> {
  if (actor.role !== 'ADMIN') throw forbidden();
  const description = change.description.trim();
  if (!description)
    throw badRequest(messages.descriptionRequired, { description: messages.descriptionRequired });
  if (codePoints(description) > limits.descriptionMaxLength)
    throw badRequest(messages.descriptionTooLong, { description: messages.descriptionTooLong });
  if (!isAllowedAmountCents(change.amountCents))
    throw badRequest(messages.amountInvalid, { amount: messages.amountInvalid });
  return inTransaction(db, async (tx) => {
    const { target, legs, locked } = await lockForChange(tx, actor, change.id);
    assertNotReversed(legs);
    const transactionDate = resolveTransactionDate(change.transactionDate, target.transactionDate);
    const deltaOf = (leg: TransactionRow) =>
      signedCents({ type: leg.type, amountCents: change.amountCents }) - signedCents(leg);
    const deltas = new Map<string, number>();
    for (const leg of legs) addDelta(deltas, leg.accountNumber, deltaOf(leg));
    await applyBalanceChanges(tx, locked, deltas);
    let result: TransactionRow | undefined;
    for (const leg of legs) {
      const isTarget = leg.id === target.id;
      await shiftRunningBalances(tx, leg, deltaOf(leg), true);
      const [after] = await tx
        .update(transactions)
        .set({ amountCents: change.amountCents, transactionDate, ...(isTarget ? { description } : {}) })
        .where(eq(transactions.id, leg.id))
        .returning();
      invariant(after, `transaction ${leg.id} vanished while locked`);
      const changed =
        isTarget ||
        after.amountCents !== leg.amountCents ||
        after.transactionDate.getTime() !== leg.transactionDate.getTime();
      if (changed) await writeAudit(tx, actor, clock.now, 'update', leg, after);
      if (isTarget) result = after;
    }
    invariant(result, 'the edited transaction is among its legs');
    await assertAccountsConsistent(tx, [...deltas.keys()]);
    return toTransaction(result);
  });
}
