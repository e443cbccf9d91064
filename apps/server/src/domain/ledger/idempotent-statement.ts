import { is, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { messages } from '@bank/shared';
import { Batcher, GROUP_LIMITS } from '../../db/batcher.js';
import { queryRows, type Executor } from '../../db/client.js';
import { pgErrorCode } from '../../db/pg-error.js';
import { jsonbParam } from '../../db/set-params.js';
import { retryingConflicts } from '../../db/transaction.js';
import { SessionNotCurrent } from '../auth/sessions.js';
import { conflict, forbidden, notFound } from '../errors.js';
import { isStaff, type Actor } from '../actor.js';
import { requestHash, type IdempotentRequest, type IdempotentResponse } from './idempotency.js';
import { LedgerInvariantError } from './invariant.js';

/**
 * One request's refusal in a group's answers: its SQLSTATE (class BK for a rule's refusal),
 * DETAIL (figures a message needs, as JSON) and message.
 */
export interface RefusedAnswer {
  error: string;
  detail: string | null;
  message: string;
}

/** What every request of such a group carries: who asks, when, with which key and session. */
export interface GroupRequest {
  userId: number;
  role: string;
  bankId: number;
  branchId: number | null;
  isStudent: boolean;
  /** The request's own moment, from its clock. */
  now: string;
  key: string | null;
  requestHash: string | null;
  /** The session the server remembered (not looked up for this request), for the group to check. */
  sessionId: number | null;
}

/**
 * The part of a group's request that says who asks: `idempotent` is the key's request (operation
 * and payload, hashed as runIdempotent hashes it), `checkSession` that the actor came from the
 * server's memory of its session, which the group then checks (session_is_current).
 */
export function groupRequestOf(
  actor: Actor,
  now: Date,
  idempotent: IdempotentRequest | null,
  checkSession = false,
): GroupRequest {
  return {
    userId: actor.id,
    role: actor.role,
    bankId: actor.bankId,
    branchId: actor.branchId,
    isStudent: !isStaff(actor),
    now: now.toISOString(),
    key: idempotent?.key ?? null,
    requestHash: idempotent ? requestHash(idempotent) : null,
    sessionId: checkSession ? actor.sessionId : null,
  };
}

/** A request's answer in a group: its result (stored with its key, or the key's first), or its refusal. */
export type GroupAnswer<T> = IdempotentResponse<T> | RefusedAnswer;

/** Maps a function's own refusals (by SQLSTATE) to the API's errors; undefined for the shared ones. */
export type RefusalMap = (code: string, error: unknown) => Error | undefined;

/**
 * Group commit for a money-moving request written by a database function (store_order_group,
 * auction_bid_group in db/functions), as transfers have it (ADR 0022): requests that arrive
 * while a group is under way wait, then go together as one statement and one commit; a lone
 * request goes at once. The function runs each request in a subtransaction of its own, claiming
 * its Idempotency-Key (idempotency_claim) and storing its answer (idempotency_answer) by the
 * rules of runIdempotent, and answers each on its own. A deadlock or serialization failure runs
 * the group again. Given an open transaction, a request runs inside it as a group of one (the
 * caller owns commit and retries).
 *
 * `statement` is the call, given the requests as one jsonb parameter; its one column `answers`
 * holds the answers in the requests' order.
 */
export function groupedFunction<R extends GroupRequest, T>(statement: (requests: SQL) => SQL) {
  const write = async (db: Executor, requests: R[]): Promise<GroupAnswer<T>[]> => {
    const [row] = await queryRows<{ answers: GroupAnswer<T>[] }>(db, statement(jsonbParam(requests)));
    return row!.answers;
  };
  const groups = new WeakMap<Executor, Batcher<R, GroupAnswer<T>>>();
  return (db: Executor, request: R): Promise<GroupAnswer<T>> => {
    if (is(db, PgTransaction)) return write(db, [request]).then(([one]) => one!);
    let batcher = groups.get(db);
    if (!batcher) {
      batcher = new Batcher((requests) => retryingConflicts(() => write(db, requests)), GROUP_LIMITS);
      groups.set(db, batcher);
    }
    return batcher.add(request);
  };
}

/**
 * A request's result, or its refusal thrown as the API's error: the function's own (`refusal`),
 * or those every such function shares (BK401 a remembered session no longer current, for
 * withCheckedSession to look it up again; BK403 not allowed, BK404 not theirs to use, BK422 a key
 * reused). Any other is a fault, never a user's error: a 500.
 */
export function resultOf<T>(answer: GroupAnswer<T>, refusal: RefusalMap): IdempotentResponse<T> {
  if (!('error' in answer)) return answer;
  const error = Object.assign(new Error(answer.message), {
    code: answer.error,
    ...(answer.detail === null ? {} : { detail: answer.detail }),
  });
  throw refusedBy(error, refusal);
}

function refusedBy(error: Error, refusal: RefusalMap): Error {
  const code = pgErrorCode(error)!;
  if (!code.startsWith('BK')) return error;
  const own = refusal(code, error);
  if (own) return own;
  switch (code) {
    case 'BK401':
      return new SessionNotCurrent('the remembered session is not current');
    case 'BK403':
      return forbidden();
    case 'BK404':
      return notFound();
    case 'BK422':
      return conflict(messages.idempotencyKeyReused, 'IDEMPOTENCY_KEY_REUSED');
    default:
      return new LedgerInvariantError(error.message);
  }
}
