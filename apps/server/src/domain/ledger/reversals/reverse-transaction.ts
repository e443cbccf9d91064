import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { schoolYearText as m, type ReverseResult, type TransactionType } from '@bank/shared';
import type { Executor, Tx } from '../../../db/client.js';
import { transactions } from '../../../db/schema.js';
import { inTransaction } from '../../../db/transaction.js';
import { isStaff, type Actor } from '../../actor.js';
import { assertClassRight } from '../../bank/class-rights.js';
import { dollars, recordAudit } from '../../audit/record-audit.js';
import { conflict, forbidden } from '../../errors.js';
import type { LedgerClock } from '../clock.js';
import { lockForChange } from '../corrections/change-transaction.js';
import { invariant } from '../invariant.js';
import { assertAccountsConsistent } from '../invariants.js';
import type { LockedAccounts } from '../locked-accounts.js';
import { toTransaction, type TransactionRow } from '../to-transaction.js';
import { writeLegs } from '../write-legs.js';

const opposite = (type: TransactionType): TransactionType => (type === 'credit' ? 'debit' : 'credit');

/** A reversal is final and a transaction is reversed once: anything else is a 409. */
export function assertReversible(legs: TransactionRow[]): void {
  if (legs.some((leg) => leg.reversalOf !== null))
    throw conflict(m.reversalNotReversible, 'REVERSAL_NOT_REVERSIBLE');
  if (legs.some((leg) => leg.reversedBy !== null)) throw conflict(m.alreadyReversed, 'ALREADY_REVERSED');
}

/**
 * Writes the opposite of each leg on accounts the caller has locked (pending, like any movement),
 * with the reason as memo, and points each original at its reversal. A balance that would go below
 * zero is the ledger's 409 "Insufficient funds", and the caller's transaction writes nothing.
 */
export async function writeReversals(
  tx: Tx,
  clock: LedgerClock,
  actor: Actor,
  locked: LockedAccounts,
  legs: TransactionRow[],
  options: { reason: string; batchId: string | null; transferId: string | null },
): Promise<TransactionRow[]> {
  const rows = await writeLegs(
    tx,
    clock,
    locked,
    legs.map((leg) => ({
      accountNumber: leg.accountNumber,
      type: opposite(leg.type),
      description: m.reversalDescription(leg.description),
      amountCents: leg.amountCents,
      transferId: options.transferId,
      memo: options.reason,
      batchId: options.batchId,
      createdBy: actor.id,
      reversalOf: leg.id,
    })),
  );
  for (const reversal of rows) {
    const [original] = await tx
      .update(transactions)
      .set({ reversedBy: reversal.id })
      .where(eq(transactions.id, reversal.reversalOf!))
      .returning({ id: transactions.id });
    invariant(original, `the original of reversal ${reversal.id} is gone`);
  }
  await assertAccountsConsistent(tx, [...new Set(legs.map((leg) => leg.accountNumber))]);
  return rows;
}

/** The branch of each account the legs are on (locked, so of this bank): whose class they touch. */
export function branchesOf(legs: TransactionRow[], locked: LockedAccounts): number[] {
  return legs.flatMap((leg) => {
    const account = locked.get(leg.accountNumber);
    return account ? [account.branchId] : [];
  });
}

/**
 * POST /admin/transactions/{transactionId}/reverse: an admin undoes a posted or pending
 * transaction of their bank by writing its opposite (a transfer: both legs, as a transfer back),
 * never by erasing it. Both stay on the account and its statements, the reason beside the reversal.
 * POST /teller/transactions/{transactionId}/reverse: the same, by a teacher for their own class
 * when the bank allows it (every account it touches of their branch), or by an admin.
 */
export async function reverseTransaction(
  db: Executor,
  clock: LedgerClock,
  actor: Actor,
  id: number,
  reason: string,
): Promise<ReverseResult> {
  if (!isStaff(actor)) throw forbidden();
  return inTransaction(db, async (tx) => {
    const { target, legs, locked } = await lockForChange(tx, actor, id);
    await assertClassRight(tx, actor, 'reverse', branchesOf(legs, locked));
    assertReversible(legs);
    const transferId = target.transferId ? randomUUID() : null;
    const rows = await writeReversals(tx, clock, actor, locked, legs, { reason, batchId: null, transferId });
    await recordAudit(tx, {
      bankId: actor.bankId,
      actorUserId: actor.id,
      action: 'reverse',
      at: clock.now,
      summary: m.auditReversed(target.id, target.description, dollars(target.amountCents), reason),
      transactionId: target.id,
    });
    // The reversal of the named transaction first, then its twin's.
    rows.sort((a, b) => Number(b.reversalOf === target.id) - Number(a.reversalOf === target.id));
    return { reversalOf: target.id, transactions: rows.map(toTransaction) };
  });
}
