import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { transactions } from '../../../db/schema.js';
import type { Actor } from '../../actor.js';
import { forbidden } from '../../errors.js';
import { inTransaction } from '../../../db/transaction.js';
import { invariant } from '../invariant.js';
import { assertAccountsConsistent } from '../invariants.js';
import { addDelta, applyBalanceChanges } from '../locked-accounts.js';
import { assertNotReversed, lockForChange, shiftRunningBalances, writeAudit } from './change-transaction.js';
import { signedCents } from '../to-transaction.js';

/**
 * An admin deletes a transaction of their bank (a transfer: both legs). Deleting is soft: the row
 * stays, with its audit record, but leaves every list and balance. Undoing a credit that was
 * already spent would make the balance negative: that is a 409 and nothing is written.
 */
export async function deleteTransaction(
  db: Executor,
  clock: { now: Date },
  actor: Actor,
  id: number,
): Promise<void> {
  if (actor.role !== 'ADMIN') throw forbidden();
  await inTransaction(db, async (tx) => {
    const { legs, locked } = await lockForChange(tx, actor, id);
    assertNotReversed(legs);
    const deltas = new Map<string, number>();
    for (const leg of legs) addDelta(deltas, leg.accountNumber, -signedCents(leg));
    await applyBalanceChanges(tx, locked, deltas);
    for (const leg of legs) {
      const [after] = await tx
        .update(transactions)
        .set({ deletedAt: clock.now })
        .where(eq(transactions.id, leg.id))
        .returning();
      invariant(after, `transaction ${leg.id} vanished while locked`);
      await shiftRunningBalances(tx, leg, -signedCents(leg), false);
      await writeAudit(tx, actor, clock.now, 'delete', leg, after);
    }
    await assertAccountsConsistent(tx, [...deltas.keys()]);
  });
}
