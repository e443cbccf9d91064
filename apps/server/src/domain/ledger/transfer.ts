import { createHash, randomUUID } from 'node:crypto';
import { eq, is, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { isAllowedAmountCents, messages, type TransferResult } from '@bank/shared';
import { queryRows, type Executor } from '../../db/client.js';
import { Batcher, GROUP_LIMITS } from '../../db/batcher.js';
import { jsonbParam } from '../../db/set-params.js';
import type { Actor } from '../actor.js';
import { AppError, badRequest, conflict, notFound } from '../errors.js';
import { accounts } from '../../db/schema.js';
import { insufficientFunds } from './locked-accounts.js';
import { actorMayMoveMoney, moneyMovementRefused } from './permissions.js';
import { dueDate, type LedgerClock } from './clock.js';
import { pgErrorCode } from '../../db/pg-error.js';
import { retryingConflicts } from '../../db/transaction.js';
import { LedgerInvariantError } from './invariant.js';
import { SessionNotCurrent } from '../auth/sessions.js';
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

/** What the database function's refusals (SQLSTATE class BK, db/functions/ledger_transfer_group.sql) mean. */
function refusal(error: unknown, actor: Actor): Error {
  switch (pgErrorCode(error)) {
    case 'BK401':
      return new SessionNotCurrent('the remembered session is not current');
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

/** One request of a transfer group, as ledger_transfer_group (db/functions) reads it. */
interface GroupRequest {
  i: number;
  userId: number;
  role: string;
  bankId: number;
  permitted: boolean;
  from: string;
  to: string;
  amountCents: number;
  transferId: string;
  memo: string | null;
  key: string | null;
  requestHash: string | null;
  /** The session the server remembered (not looked up for this request), for the group to check. */
  sessionId: number | null;
  /** The request's own moment (its legs' created_at) and due date, from its clock. */
  createdAt: string;
  due: string;
}

/** A request's answer: its result, its refusal (a BK code), or the error that it alone met. */
export type GroupAnswer = IdempotentResponse<TransferResult> | { error: string } | { failed: unknown };

/** A transfer as it waits for its group: the request, and the clock it was made at. */
export interface Submitted {
  request: Omit<GroupRequest, 'i' | 'createdAt' | 'due'>;
  clock: LedgerClock;
}

/** The one statement that writes a group of transfers, each at its own clock, and its answers. */
async function writeGroup(db: Executor, group: Submitted[]): Promise<GroupAnswer[]> {
  const requests: GroupRequest[] = group.map((g, i) => ({
    ...g.request,
    i,
    createdAt: g.clock.now.toISOString(),
    due: dueDate(g.clock).toISOString(),
  }));
  const statement = sql`select ledger_transfer_group(${jsonbParam(requests)}, ${debitDescription}::text,
      ${creditDescription}::text, 201::integer) as answers`;
  const [row] = await queryRows<{ answers: GroupAnswer[] }>(db, statement);
  return row!.answers;
}

/**
 * What the database raised about one request's data (a data exception, a constraint, a trigger's
 * RAISE): another request of the group may well go through without it. A broken invariant (BK500),
 * a lost connection, a timeout or a cancel is about the database or the whole group: no.
 */
function aboutOneRequest(error: unknown): boolean {
  const code = pgErrorCode(error);
  return code !== undefined && code !== 'BK500' && ['22', '23', 'P0'].includes(code.slice(0, 2));
}

/** The group again, one request at a time in arrival order, each answered by its own outcome. */
async function writeEachAlone(db: Executor, group: Submitted[]): Promise<GroupAnswer[]> {
  const answers: GroupAnswer[] = [];
  for (const [k, submitted] of group.entries()) {
    try {
      answers.push((await retryingConflicts(() => writeGroup(db, [submitted])))[0]!);
    } catch (error) {
      // A broken invariant stops everything: it, and every request after it, fails with it.
      if (!aboutOneRequest(error)) return [...answers, ...group.slice(k).map(() => ({ failed: error }))];
      answers.push({ failed: error });
    }
  }
  return answers;
}

/**
 * Writes a group of transfers with one statement and one commit (group commit): the database
 * function applies each by the rules of one transfer, in order, against balances that move as it
 * goes, and answers each on its own. Retried whole on a deadlock or serialization failure. When one
 * request fails the statement in a way no rule foresaw, the statement wrote nothing: the group is
 * written again one request at a time, so that request alone fails and the others are written.
 */
export async function runGroup(db: Executor, group: Submitted[]): Promise<GroupAnswer[]> {
  try {
    return await retryingConflicts(() => writeGroup(db, group));
  } catch (error) {
    if (group.length === 1 || !aboutOneRequest(error)) throw error;
    return writeEachAlone(db, group);
  }
}

/** Transfers waiting for the group under way, per database (a process has one). */
const groups = new WeakMap<Executor, Batcher<Submitted, GroupAnswer>>();
function groupOf(db: Executor): Batcher<Submitted, GroupAnswer> {
  let batcher = groups.get(db);
  if (!batcher) {
    batcher = new Batcher((group) => runGroup(db, group), GROUP_LIMITS);
    groups.set(db, batcher);
  }
  return batcher;
}

/**
 * Transfer groups run on this database and transfers in them so far (for the benchmark's report),
 * and transfers waiting for a group now.
 */
export const transferGroupCounts = (db: Executor) => ({
  ...groupOf(db).counts,
  waiting: groupOf(db).waiting,
});

/**
 * Moves money between two accounts as one unit: a debit on the source and a credit on the target,
 * linked by one transferId, both balances with them, in one transaction that holds both account
 * locks (taken in ascending account-number order). A USER moves money only between their own open
 * accounts; staff within their bank (a TELLER needs the bank's transfer permission). With an
 * Idempotency-Key the same transaction stores the key with its answer (the group writes it after
 * moving the money), so a repeat gets the first answer and moves nothing (see idempotency.ts for
 * the rules).
 * On its own, a transfer joins the group of transfers that arrive together (group commit: one
 * statement and one commit for the group, each still answered, keyed and refused on its own);
 * given an open transaction it runs inside it, as a group of one at the caller's clock: the caller
 * owns commit and retries, and a refusal writes nothing and leaves the transaction usable.
 */
export async function transferOnce(
  db: Executor,
  clock: LedgerClock,
  actor: Actor,
  input: TransferInput,
  key: string | null,
  /** The actor came from the server's memory of its session: the group checks the session. */
  options: { checkSession?: boolean } = {},
): Promise<IdempotentResponse<TransferResult>> {
  if (input.fromAccountId === input.toAccountId) {
    throw badRequest(messages.sameAccountTwice, { toAccountId: messages.targetAccountInvalid });
  }
  if (!isAllowedAmountCents(input.amountCents))
    throw badRequest(messages.amountInvalid, { amount: messages.amountInvalid });
  // Who may transfer is the shared rule's to say; the database refuses (after claiming the key) when not.
  const permitted = await actorMayMoveMoney(db, actor, 'transfer');
  const submitted: Submitted = {
    clock,
    request: {
      userId: actor.id,
      role: actor.role,
      bankId: actor.bankId,
      permitted,
      from: input.fromAccountId,
      to: input.toAccountId,
      amountCents: input.amountCents,
      transferId: randomUUID(),
      memo: input.memo ?? null,
      key,
      requestHash: key === null ? null : requestHash(input),
      sessionId: options.checkSession ? actor.sessionId : null,
    },
  };
  const answer = await (
    is(db, PgTransaction) ? writeGroup(db, [submitted]).then(([one]) => one!) : groupOf(db).add(submitted)
  ).catch((error: unknown) => {
    throw refusal(error, actor);
  });
  if ('failed' in answer) throw refusal(answer.failed, actor);
  if ('error' in answer) {
    const refused = refusal(Object.assign(new Error(answer.error), { code: answer.error }), actor);
    throw await explainShortfall(db, refused, input);
  }
  return answer;
}

/**
 * A transfer refused for want of money: the database function says only that, so the source is read
 * again to tell whether a waiting request's hold is what stopped it (locked-accounts.ts). The
 * caller may see the account: the function refuses another's as a 404 before the money.
 */
async function explainShortfall(db: Executor, refused: Error, input: TransferInput): Promise<Error> {
  if (!(refused instanceof AppError) || refused.reason !== 'INSUFFICIENT_FUNDS') return refused;
  const [source] = await db
    .select({ balanceCents: accounts.balanceCents, heldCents: accounts.heldCents })
    .from(accounts)
    .where(eq(accounts.accountNumber, input.fromAccountId));
  return source ? insufficientFunds(source, -input.amountCents) : refused;
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
