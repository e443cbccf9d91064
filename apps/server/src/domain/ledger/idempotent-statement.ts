import { is, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { messages } from '@bank/shared';
import { queryRows, type Executor } from '../../db/client.js';
import { pgErrorCode } from '../../db/pg-error.js';
import { retryingConflicts } from '../../db/transaction.js';
import { conflict, forbidden, notFound } from '../errors.js';
import { requestHash, type IdempotentRequest, type IdempotentResponse } from './idempotency.js';
import { LedgerInvariantError } from './invariant.js';

/** The key and its request's hash, as a database function claims them (idempotency_claim). */
export interface ClaimedKey {
  key: string | null;
  requestHash: string | null;
}

/**
 * Runs a money-moving request as ONE call of a database function that claims its
 * Idempotency-Key, does the work and stores its answer (db/functions: idempotency_claim,
 * idempotency_answer), by the rules of runIdempotent: a repeat gets the first answer, the same key
 * for another request is a 409, a refusal stores nothing. One statement is its own transaction,
 * so a request pays one round trip under its locks instead of one per step; a deadlock or
 * serialization failure runs it again. Given an open transaction it runs inside it, once (the
 * caller owns commit and retries).
 *
 * `statement` builds the call, whose one column `answer` is {status, body, replayed}; `refusal`
 * maps the function's own SQLSTATEs (class BK) to the API's errors; those every such function
 * shares (BK403, BK404, BK422, BK500) are mapped here.
 */
export async function callIdempotentFunction<T>(
  db: Executor,
  request: IdempotentRequest | null,
  statement: (claim: ClaimedKey) => SQL,
  refusal: (code: string, error: unknown) => Error | undefined,
): Promise<IdempotentResponse<T>> {
  const claim: ClaimedKey = request
    ? { key: request.key, requestHash: requestHash(request) }
    : { key: null, requestHash: null };
  const call = async () => {
    const [row] = await queryRows<{ answer: IdempotentResponse<T> }>(db, statement(claim));
    return row!.answer;
  };
  try {
    return await (is(db, PgTransaction) ? call() : retryingConflicts(call));
  } catch (error) {
    throw refusedBy(error, refusal);
  }
}

/**
 * One request's refusal in a group's answers (a database function that answers each request of a
 * group on its own, as auction_bid_group): its SQLSTATE, DETAIL and message.
 */
export interface RefusedAnswer {
  error: string;
  detail: string | null;
  message: string;
}

/** The API's error for one refused request of a group, mapped as callIdempotentFunction maps them. */
export function refusalOfAnswer(
  answer: RefusedAnswer,
  refusal: (code: string, error: unknown) => Error | undefined,
): unknown {
  const error = Object.assign(new Error(answer.message), {
    code: answer.error,
    ...(answer.detail === null ? {} : { detail: answer.detail }),
  });
  return refusedBy(error, refusal);
}

function refusedBy(
  error: unknown,
  refusal: (code: string, error: unknown) => Error | undefined,
): unknown {
  const code = pgErrorCode(error);
  if (code === undefined || !code.startsWith('BK')) return error;
  const own = refusal(code, error);
  if (own) return own;
  switch (code) {
    case 'BK403':
      return forbidden();
    case 'BK404':
      return notFound();
    case 'BK422':
      return conflict(messages.idempotencyKeyReused, 'IDEMPOTENCY_KEY_REUSED');
    default:
      return new LedgerInvariantError(error instanceof Error ? error.message : String(error));
  }
}
