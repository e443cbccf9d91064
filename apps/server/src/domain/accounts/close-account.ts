import { and, eq, isNull } from 'drizzle-orm';
import { messages } from '@bank/shared';
import type { Database } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { accounts, transactions } from '../../db/schema.js';
import type { Actor } from '../actor.js';
import { conflict, notFound } from '../errors.js';
import { settleInterestBeforeClosing } from '../month-end/index.js';

/**
 * An admin closes an open account of their own bank at `now`. Only an empty account with nothing pending
 * may close: money must never be stranded in (or owed by) a closed account. Interest of months
 * that ended before now and that month-end has not credited yet is credited first (and kept even
 * when the close is then refused: it is owed). Locks in the order of db/locks.ts: the account's
 * month-end lock, then its row, as every money movement locks it, so a deposit cannot land
 * between the check and the close. Closing only sets `closed_at`: transactions and statements
 * keep pointing at it.
 */
export async function closeAccount(
  db: Database,
  actor: Actor,
  accountNumber: string,
  now: Date,
): Promise<void> {
  const outcome = await inTransaction(db, async (tx) => {
    const visible = and(
      eq(accounts.accountNumber, accountNumber),
      eq(accounts.bankId, actor.bankId),
      isNull(accounts.closedAt),
    );
    const [found] = await tx.select({ n: accounts.accountNumber }).from(accounts).where(visible);
    if (!found) throw notFound();
    await settleInterestBeforeClosing(tx, accountNumber, now);
    const [account] = await tx
      .select({ balanceCents: accounts.balanceCents })
      .from(accounts)
      .where(visible)
      .for('update');
    if (!account) throw notFound();
    const [pending] = await tx
      .select({ id: transactions.id })
      .from(transactions)
      .where(
        and(
          eq(transactions.accountNumber, accountNumber),
          eq(transactions.status, 'pending'),
          isNull(transactions.deletedAt),
        ),
      )
      .limit(1);
    // Not thrown here: the interest credited above is owed whatever happens to the close.
    if (account.balanceCents !== 0 || pending) return 'not-empty' as const;
    await tx.update(accounts).set({ closedAt: now }).where(eq(accounts.accountNumber, accountNumber));
    return 'closed' as const;
  });
  if (outcome === 'not-empty') throw conflict(messages.accountNotEmpty, 'ACCOUNT_NOT_EMPTY');
}
