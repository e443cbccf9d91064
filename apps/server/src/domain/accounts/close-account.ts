import { and, eq, isNull, sql } from 'drizzle-orm';
import { messages } from '@bank/shared';
import type { Database } from '../../db/client.js';
import { accounts, transactions } from '../../db/schema.js';
import type { Actor } from '../actor.js';
import { conflict, notFound } from '../errors.js';

/**
 * An admin closes an open account of their own bank. Only an empty account with nothing pending
 * may close: money must never be stranded in (or owed by) a closed account. The account row is
 * locked first, as every money movement locks it, so a deposit cannot land between the check and
 * the close. Closing only sets `closed_at`: transactions and statements keep pointing at it.
 */
export async function closeAccount(db: Database, actor: Actor, accountNumber: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [account] = await tx
      .select({ balanceCents: accounts.balanceCents })
      .from(accounts)
      .where(
        and(
          eq(accounts.accountNumber, accountNumber),
          eq(accounts.bankId, actor.bankId),
          isNull(accounts.closedAt),
        ),
      )
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
    if (account.balanceCents !== 0 || pending) throw conflict(messages.accountNotEmpty, 'ACCOUNT_NOT_EMPTY');
    await tx
      .update(accounts)
      .set({ closedAt: sql`now()` })
      .where(eq(accounts.accountNumber, accountNumber));
  });
}
