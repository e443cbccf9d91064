import { randomUUID } from 'node:crypto';
import { fromCents, messages, type BatchResult } from '@bank/shared';
import type { Executor, Tx } from '../../../db/client.js';
import { batches } from '../../../db/schema.js';
import type { Actor } from '../../actor.js';
import { batchRefusal, judgeItems, totalCents, type BatchInput } from './batch-items.js';
import type { LedgerClock } from '../clock.js';
import { runIdempotent, type IdempotentResponse } from '../idempotency.js';
import { invariant } from '../invariant.js';
import { lockAccounts } from '../locked-accounts.js';
import { assertMayMoveMoney } from '../permissions.js';
import { toTransaction } from '../to-transaction.js';
import { writeLegs } from '../write-legs.js';

/**
 * A class payday: one deposit or withdrawal per item, by the rules of a single one, all in the
 * caller's database transaction, all or nothing. Set-based, so a thousand items cost a handful of
 * statements: one locks every account (ascending account number, the ledger's lock order), one
 * writes the batch, one every transaction, one every balance (writeLegs). Any refused item
 * refuses the whole payday, naming every refused item (batch-items.ts).
 */
export async function runBatch(
  tx: Tx,
  clock: LedgerClock,
  actor: Actor,
  input: BatchInput,
): Promise<BatchResult> {
  const accountIds = input.items.map((item) => item.accountId);
  invariant(new Set(accountIds).size === accountIds.length, 'a payday names an account twice');
  await assertMayMoveMoney(tx, actor, input.kind);
  const locked = await lockAccounts(tx, accountIds);
  const refusal = batchRefusal(judgeItems(actor, input, locked));
  if (refusal) throw refusal;

  const batchId = randomUUID();
  const total = totalCents(input.items);
  await tx.insert(batches).values({
    id: batchId,
    bankId: actor.bankId,
    kind: input.kind,
    memo: input.memo,
    itemCount: input.items.length,
    totalCents: total,
    createdBy: actor.id,
    createdAt: clock.now,
  });
  const isDeposit = input.kind === 'deposit';
  const description =
    input.description ??
    (isDeposit ? messages.tellerDepositDescription : messages.tellerWithdrawalDescription);
  const rows = await writeLegs(
    tx,
    clock,
    locked,
    input.items.map((item) => ({
      accountNumber: item.accountId,
      type: isDeposit ? 'credit' : 'debit',
      description,
      amountCents: item.amountCents,
      // A row named by its description ("Award: Helped a classmate") would only repeat its memo.
      memo: input.description === undefined ? input.memo : null,
      batchId,
      createdBy: actor.id,
    })),
  );
  // Each account appears once, so its row answers its item, in item order.
  const byAccount = new Map(rows.map((row) => [row.accountNumber, row]));
  const transactions = accountIds.map((id) => {
    const row = byAccount.get(id);
    invariant(row, `the payday wrote nothing on ${id}`);
    return toTransaction(row);
  });
  return {
    batchId,
    kind: input.kind,
    memo: input.memo,
    count: input.items.length,
    total: fromCents(total),
    transactions,
  };
}

/**
 * POST /teller/batches: a payday at most once per Idempotency-Key, like a single deposit (the same
 * key and body replays the first 201; another body is a 409).
 */
export function runBatchOnce(
  db: Executor,
  clock: LedgerClock,
  actor: Actor,
  input: BatchInput,
  key: string | null,
): Promise<IdempotentResponse<BatchResult>> {
  const request = key ? { key, operation: 'batch', payload: input } : null;
  return runIdempotent(db, actor, request, 201, (tx) => runBatch(tx, clock, actor, input));
}
