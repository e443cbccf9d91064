import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { fromCents, messages, schoolYearText as m, type ReverseBatchResult } from '@bank/shared';
import type { Executor, Tx } from '../../../db/client.js';
import { batches, transactions } from '../../../db/schema.js';
import { inTransaction } from '../../../db/transaction.js';
import { isStaff, type Actor } from '../../actor.js';
import { assertClassRight } from '../../bank/class-rights.js';
import { dollars, recordAudit } from '../../audit/record-audit.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors.js';
import type { LedgerClock } from '../clock.js';
import { leavesBalanceNegative, lockAccountsToRewrite, type LockedAccounts } from '../locked-accounts.js';
import { assertReversible, branchesOf, writeReversals } from './reverse-transaction.js';
import { signedCents, toTransaction, type TransactionRow } from '../to-transaction.js';

export interface BatchReversal {
  reason: string;
  /** Only these accounts of the payday; all of them when absent. */
  accountIds?: string[] | undefined;
}

/** The payday's live transactions to reverse, in item order: all, or those of the chosen accounts. */
async function chosenItems(
  tx: Tx,
  batchId: string,
  accountIds: string[] | undefined,
): Promise<TransactionRow[]> {
  const items = await tx
    .select()
    .from(transactions)
    .where(and(eq(transactions.batchId, batchId), isNull(transactions.deletedAt)))
    .orderBy(asc(transactions.id));
  if (!accountIds) return items;
  const paid = new Set(items.map((item) => item.accountNumber));
  const fields = Object.fromEntries(
    accountIds.flatMap((id, i) => (paid.has(id) ? [] : [[`accountIds.${i}`, m.batchAccountNotInBatch]])),
  );
  if (Object.keys(fields).length > 0) throw badRequest(m.batchAccountNotInBatch, fields);
  const chosen = new Set(accountIds);
  return items.filter((item) => chosen.has(item.accountNumber));
}

/** Every account that cannot pay its item back (or has closed), named, before anything is written. */
function assertPayable(items: TransactionRow[], locked: LockedAccounts): void {
  const fields: Record<string, string> = {};
  for (const item of items) {
    const account = locked.get(item.accountNumber);
    if (!account || account.closedAt !== null)
      fields[`accounts.${item.accountNumber}`] = messages.accountClosed;
    else if (leavesBalanceNegative(account, -signedCents(item)))
      fields[`accounts.${item.accountNumber}`] = messages.insufficientFunds;
  }
  if (Object.keys(fields).length === 0) return;
  throw new AppError(409, 'CONFLICT', m.batchReversalInsufficient, fields, { reason: 'INSUFFICIENT_FUNDS' });
}

/** Locks the items' accounts (ascending), then the items, and reads them again as locked. */
async function lockItems(tx: Tx, items: TransactionRow[]) {
  const locked = await lockAccountsToRewrite(
    tx,
    items.map((item) => item.accountNumber),
  );
  const ids = items.map((item) => item.id);
  const rows = ids.length
    ? await tx
        .select()
        .from(transactions)
        .where(inArray(transactions.id, ids))
        .orderBy(asc(transactions.id))
        .for('update')
    : [];
  return { locked, rows: rows.filter((row) => row.deletedAt === null) };
}

/**
 * POST /admin/batches/{batchId}/reverse: an admin undoes a payday of their bank, or the chosen
 * students of it, as one new payday of the opposite kind with the reason as its memo: all or
 * nothing. An item already reversed, a reversal, or an account that cannot pay back is a 409 and
 * nothing is written. POST /teller/batches/{batchId}/reverse: the same, by a teacher when every
 * item reversed is of their own class and the bank allows it, or by an admin.
 */
export async function reverseBatch(
  db: Executor,
  clock: LedgerClock,
  actor: Actor,
  batchId: string,
  input: BatchReversal,
): Promise<ReverseBatchResult> {
  if (!isStaff(actor)) throw forbidden();
  return inTransaction(db, async (tx) => {
    const [batch] = await tx
      .select()
      .from(batches)
      .where(and(eq(batches.id, batchId), eq(batches.bankId, actor.bankId)));
    if (!batch) throw notFound();
    const { locked, rows } = await lockItems(tx, await chosenItems(tx, batchId, input.accountIds));
    await assertClassRight(tx, actor, 'reverse', branchesOf(rows, locked));
    if (rows.length === 0) throw conflict(m.batchAlreadyReversed);
    if (rows.some((row) => row.reversedBy !== null))
      throw conflict(m.batchAlreadyReversed, 'ALREADY_REVERSED');
    assertReversible(rows);
    assertPayable(rows, locked);
    const reversalBatchId = randomUUID();
    const total = rows.reduce((sum, row) => sum + row.amountCents, 0);
    await tx.insert(batches).values({
      id: reversalBatchId,
      bankId: actor.bankId,
      kind: batch.kind === 'deposit' ? 'withdrawal' : 'deposit',
      memo: input.reason,
      itemCount: rows.length,
      totalCents: total,
      createdBy: actor.id,
      createdAt: clock.now,
      reversalOf: batch.id,
    });
    const written = await writeReversals(tx, clock, actor, locked, rows, {
      reason: input.reason,
      batchId: reversalBatchId,
      transferId: null,
    });
    await recordAudit(tx, {
      bankId: actor.bankId,
      actorUserId: actor.id,
      action: 'batch.reverse',
      at: clock.now,
      summary: m.auditBatchReversed(rows.length, dollars(total), batch.memo ?? batch.id, input.reason),
      batchId: reversalBatchId,
    });
    return {
      batchId,
      reversalBatchId,
      count: written.length,
      total: fromCents(total),
      transactions: written.map(toTransaction),
    };
  });
}
