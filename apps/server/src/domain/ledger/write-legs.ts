import { isAllowedAmountCents, messages, type TransactionType } from '@bank/shared';
import type { Tx } from '../../db/client.js';
import { transactions } from '../../db/schema.js';
import { badRequest } from '../errors.js';
import { dueDate, type LedgerClock } from './clock.js';
import { invariant } from './invariant.js';
import { addDelta, applyBalanceChanges, type LockedAccounts } from './locked-accounts.js';
import { signedCents, type TransactionRow } from './to-transaction.js';

export interface NewLeg {
  accountNumber: string;
  type: TransactionType;
  description: string;
  amountCents: number;
  transferId?: string | null;
  memo?: string | null;
  /** The class payday that writes it. */
  batchId?: string | null;
  /** The user who made it; null for the bank itself (interest). */
  createdBy: number | null;
  /** When it becomes due for posting; by default `clock.now` plus the posting delay. */
  transactionDate?: Date;
}

/**
 * Writes new pending transactions on accounts the caller has locked, and moves their balances,
 * in the caller's database transaction: rows and balances change together or not at all.
 */
export async function writeLegs(
  tx: Tx,
  clock: LedgerClock,
  locked: LockedAccounts,
  legs: NewLeg[],
): Promise<TransactionRow[]> {
  const deltas = new Map<string, number>();
  for (const leg of legs) {
    if (!isAllowedAmountCents(leg.amountCents))
      throw badRequest(messages.amountInvalid, { amount: messages.amountInvalid });
    addDelta(deltas, leg.accountNumber, signedCents(leg));
  }
  await applyBalanceChanges(tx, locked, deltas);
  const rows = await tx
    .insert(transactions)
    .values(
      legs.map((leg) => ({
        accountNumber: leg.accountNumber,
        type: leg.type,
        description: leg.description,
        amountCents: leg.amountCents,
        status: 'pending' as const,
        transactionDate: leg.transactionDate ?? dueDate(clock),
        transferId: leg.transferId ?? null,
        memo: leg.memo ?? null,
        batchId: leg.batchId ?? null,
        createdBy: leg.createdBy,
        createdAt: clock.now,
      })),
    )
    .returning();
  invariant(rows.length === legs.length, 'not every leg was written');
  return rows;
}
