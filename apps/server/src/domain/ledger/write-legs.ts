import { isAllowedAmountCents, messages, type TransactionType } from '@bank/shared';
import { asc, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.js';
import { arrayParam, jsonbParam } from '../../db/set-params.js';
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
  /** For a reversal: the transaction it undoes. */
  reversalOf?: number | null;
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
  // One insert for all legs, however many (a class payday writes a thousand), in leg order.
  const values = legs.map((leg, i) => ({
    i,
    account_number: leg.accountNumber,
    type: leg.type,
    description: leg.description,
    amount_cents: leg.amountCents,
    transaction_date: (leg.transactionDate ?? dueDate(clock)).toISOString(),
    transfer_id: leg.transferId ?? null,
    memo: leg.memo ?? null,
    batch_id: leg.batchId ?? null,
    created_by: leg.createdBy,
    reversal_of: leg.reversalOf ?? null,
  }));
  const inserted = await queryRows<{ id: string }>(
    tx,
    sql`insert into ${transactions} (account_number, type, description, amount_cents, status, transaction_date,
                                     transfer_id, memo, batch_id, created_by, created_at, reversal_of)
        select x.account_number, x.type, x.description, x.amount_cents, 'pending', x.transaction_date,
               x.transfer_id, x.memo, x.batch_id, x.created_by, ${clock.now.toISOString()}::timestamptz,
               x.reversal_of
        from jsonb_to_recordset(${jsonbParam(values)})
             as x (i integer, account_number char(10), type text, description text, amount_cents bigint,
                   transaction_date timestamptz, transfer_id uuid, memo text, batch_id uuid, created_by integer,
                   reversal_of bigint)
        order by x.i
        returning id::text as id`,
  );
  const rows = await tx
    .select()
    .from(transactions)
    .where(
      sql`${transactions.id} = any(${arrayParam(
        inserted.map((row) => row.id),
        sql`bigint`,
      )})`,
    )
    .orderBy(asc(transactions.id));
  invariant(rows.length === legs.length, 'not every leg was written');
  return rows;
}
