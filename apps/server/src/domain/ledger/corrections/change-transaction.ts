import { and, eq, gt, gte, inArray, isNull, sql } from 'drizzle-orm';
import { messages, schoolYearText } from '@bank/shared';
import type { Tx } from '../../../db/client.js';
import { accounts, auditLog, transactions } from '../../../db/schema.js';
import type { Actor } from '../../actor.js';
import { conflict, notFound } from '../../errors.js';
import { invariant } from '../invariant.js';
import { lockAccountsToRewrite, type LockedAccounts } from '../locked-accounts.js';
import { signedCents, type TransactionRow } from '../to-transaction.js';

export interface LockedChange {
  /** The transaction the admin named. */
  target: TransactionRow;
  /** It and, for a transfer, its twin: what an edit or delete changes together. */
  legs: TransactionRow[];
  locked: LockedAccounts;
}

/**
 * Finds a live transaction of the admin's bank and locks what changing it touches: the accounts
 * of its legs (ascending, like every money movement), then the leg rows. Another bank's, a
 * deleted one, or one of a closed account is a 404; a transfer whose other leg is on a closed
 * account is a 409 (that account's money may no longer move).
 */
export async function lockForChange(tx: Tx, actor: Actor, id: number): Promise<LockedChange> {
  const [found] = await tx
    .select({ transferId: transactions.transferId, accountNumber: transactions.accountNumber })
    .from(transactions)
    .innerJoin(accounts, eq(accounts.accountNumber, transactions.accountNumber))
    .where(and(eq(transactions.id, id), isNull(transactions.deletedAt), eq(accounts.bankId, actor.bankId)))
    .limit(1);
  if (!found) throw notFound();
  const legIds = found.transferId
    ? await tx
        .select({ id: transactions.id, accountNumber: transactions.accountNumber })
        .from(transactions)
        .where(eq(transactions.transferId, found.transferId))
    : [{ id, accountNumber: found.accountNumber }];
  const locked = await lockAccountsToRewrite(
    tx,
    legIds.map((l) => l.accountNumber),
  );
  const rows = await tx
    .select()
    .from(transactions)
    .where(
      inArray(
        transactions.id,
        legIds.map((l) => l.id),
      ),
    )
    .for('update');
  const target = rows.find((r) => r.id === id);
  const targetAccount = target && locked.get(target.accountNumber);
  if (
    !target ||
    target.deletedAt !== null ||
    !targetAccount ||
    targetAccount.bankId !== actor.bankId ||
    targetAccount.closedAt !== null
  ) {
    throw notFound();
  }
  const legs = rows.filter((r) => r.deletedAt === null);
  if (target.transferId) {
    invariant(
      legs.length === 2 && legs.reduce((sum, leg) => sum + signedCents(leg), 0) === 0,
      `transfer ${target.transferId} does not have two balancing legs`,
    );
  }
  for (const leg of legs) {
    if (locked.get(leg.accountNumber)?.closedAt !== null)
      throw conflict(messages.accountClosed, 'ACCOUNT_CLOSED');
  }
  return { target, legs, locked };
}

/**
 * A reversed transaction and a reversal stay as they are: both are the record of what happened
 * (API.md "The school year"); an edit or delete of either is a 409.
 */
export function assertNotReversed(legs: TransactionRow[]): void {
  if (legs.some((leg) => leg.reversalOf !== null || leg.reversedBy !== null))
    throw conflict(schoolYearText.reversedCannotChange, 'TRANSACTION_REVERSED');
}

/**
 * Keeps running balances true after a posted row's effect changes by `deltaCents`: every later
 * posted row of the account (and, with `inclusive`, the row itself) moves by the same amount.
 */
export async function shiftRunningBalances(
  tx: Tx,
  row: TransactionRow,
  deltaCents: number,
  inclusive: boolean,
): Promise<void> {
  if (row.status !== 'posted' || deltaCents === 0) return;
  invariant(row.postingSeq !== null, `posted transaction ${row.id} has no posting_seq`);
  await tx
    .update(transactions)
    .set({ accountBalanceCents: sql`${transactions.accountBalanceCents} + ${deltaCents}` })
    .where(
      and(
        eq(transactions.accountNumber, row.accountNumber),
        eq(transactions.status, 'posted'),
        isNull(transactions.deletedAt),
        inclusive
          ? gte(transactions.postingSeq, row.postingSeq)
          : gt(transactions.postingSeq, row.postingSeq),
      ),
    );
}

/** The audit record's view of a transaction: exact cents, every field an edit or delete can change. */
function snapshot(row: TransactionRow) {
  return {
    id: row.id,
    accountId: row.accountNumber,
    type: row.type,
    description: row.description,
    amountCents: row.amountCents,
    transactionDate: row.transactionDate.toISOString(),
    status: row.status,
    postedDate: row.postedDate?.toISOString() ?? null,
    accountBalanceCents: row.accountBalanceCents,
    postingSeq: row.postingSeq,
    transferId: row.transferId,
    deletedAt: row.deletedAt?.toISOString() ?? null,
  };
}

/** Who changed which transaction, when, from what to what (a delete's `after` has deletedAt set). */
export async function writeAudit(
  tx: Tx,
  actor: Actor,
  at: Date,
  action: 'update' | 'delete',
  before: TransactionRow,
  after: TransactionRow | null,
): Promise<void> {
  await tx.insert(auditLog).values({
    bankId: actor.bankId,
    transactionId: before.id,
    action,
    actorUserId: actor.id,
    at,
    before: snapshot(before),
    after: after ? snapshot(after) : null,
  });
}
