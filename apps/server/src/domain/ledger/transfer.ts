import { createHash, randomUUID } from 'node:crypto';
import { is, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { isAllowedAmountCents, messages, type TransferResult } from '@bank/shared';
import { queryRows, type Executor } from '../../db/client.js';
import type { Actor } from '../actor.js';
import { badRequest, conflict, notFound } from '../errors.js';
import { actorMayMoveMoney, moneyMovementRefused } from './permissions.js';
import { dueDate, type LedgerClock } from './clock.js';
import { pgErrorCode } from '../../db/pg-error.js';
import { retryingConflicts } from '../../db/transaction.js';
import { LedgerInvariantError } from './invariant.js';
import type { IdempotentResponse } from './idempotency.js';

export interface TransferInput {
  fromAccountId: string;
  toAccountId: string;
  amountCents: number;
  /** The optional memo (already checked by the text rule), on both legs. */
  memo?: string | null;
}

/** The descriptions of the two legs, as format() patterns: the texts stay in @bank/shared. */
const debitDescription = messages.transferToDescription('%1$s', '%2$s');
const creditDescription = messages.transferFromDescription('%1$s', '%2$s');

/** What the database function's refusals (SQLSTATE class BK, migrations 0007-0009) mean. */
function refusal(error: unknown, actor: Actor): Error {
  switch (pgErrorCode(error)) {
    case 'BK403':
      return moneyMovementRefused(actor);
    case 'BK404':
      return notFound();
    case 'BK409':
      return conflict(messages.insufficientFunds, 'INSUFFICIENT_FUNDS');
    case 'BK422':
      return conflict(messages.idempotencyKeyReused, 'IDEMPOTENCY_KEY_REUSED');
    case 'BK500':
      return new LedgerInvariantError(error instanceof Error ? error.message : String(error));
    default:
      return error instanceof Error ? error : new Error(String(error));
  }
}

/**
 * The key's request as runIdempotent hashes it (operation and payload), so a key means one request:
 * a different memo is a different request. Without a memo the payload is what it was before memos
 * existed, so a key used before them still means the same request.
 */
const requestHash = ({ memo, ...rest }: TransferInput) =>
  createHash('sha256')
    .update(JSON.stringify(['transfer', memo ? { ...rest, memo } : rest]))
    .digest('hex');

/**
 * Moves money between two accounts as one unit: a debit on the source and a credit on the target,
 * linked by one transferId, written together with both balances by one statement (the database
 * function `ledger_transfer`, migrations 0007-0009) that holds both account locks (taken in ascending
 * account-number order): one round trip instead of eight. A USER moves money only between their
 * own open accounts; staff within their bank (a TELLER needs the bank's transfer permission).
 * With an Idempotency-Key the same statement claims the key first and stores the answer, so a
 * repeat gets the first answer and moves nothing (see idempotency.ts for the rules).
 * Given an open transaction it runs inside it; otherwise the statement is its own transaction,
 * run again (a few times) when PostgreSQL answers with a deadlock or serialization failure.
 */
export async function transferOnce(
  db: Executor,
  clock: LedgerClock,
  actor: Actor,
  input: TransferInput,
  key: string | null,
): Promise<IdempotentResponse<TransferResult>> {
  if (input.fromAccountId === input.toAccountId) {
    throw badRequest(messages.sameAccountTwice, { toAccountId: messages.targetAccountInvalid });
  }
  if (!isAllowedAmountCents(input.amountCents))
    throw badRequest(messages.amountInvalid, { amount: messages.amountInvalid });
  // Who may transfer is the shared rule's to say; the function refuses (after claiming the key) when not.
  const permitted = await actorMayMoveMoney(db, actor, 'transfer');
  const statement = sql`select ledger_transfer(
      ${actor.id}::integer, ${actor.role}::text, ${actor.bankId}::integer, ${permitted}::boolean,
      ${input.fromAccountId}::text, ${input.toAccountId}::text, ${input.amountCents}::bigint,
      ${randomUUID()}::uuid, ${dueDate(clock).toISOString()}::timestamptz, ${clock.now.toISOString()}::timestamptz,
      ${debitDescription}::text, ${creditDescription}::text, ${input.memo ?? null}::text,
      ${key}::text, ${key === null ? null : requestHash(input)}::text, 201::integer) as answer`;
  // Inside a caller's transaction the caller owns retries; on its own the statement is retried here.
  const run = async () => {
    const [row] = await queryRows<{ answer: IdempotentResponse<TransferResult> }>(db, statement);
    return row!.answer;
  };
  try {
    return is(db, PgTransaction) ? await run() : await retryingConflicts(run);
  } catch (error) {
    throw refusal(error, actor);
  }
}

/** A transfer without an Idempotency-Key (the demo bank, tests): its result. */
export async function transfer(
  db: Executor,
  clock: LedgerClock,
  actor: Actor,
  input: TransferInput,
): Promise<TransferResult> {
  return (await transferOnce(db, clock, actor, input, null)).body;
}
