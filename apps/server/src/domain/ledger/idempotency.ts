import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { limits, messages } from '@bank/shared';
import type { Executor, Tx } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema.js';
import type { Actor } from '../actor.js';
import { badRequest, conflict } from '../errors.js';
import { inTransaction } from '../../db/transaction.js';
import { invariant } from './invariant.js';

export interface IdempotentRequest {
  /** The client's Idempotency-Key. */
  key: string;
  /** Which operation (a repeat of the key on another one is a different request). */
  operation: string;
  /** The request as the operation understood it (amounts in cents, ignored fields left out). */
  payload: unknown;
}

export interface IdempotentResponse<T> {
  status: number;
  body: T;
  /** True when this is the stored answer to an earlier request with the same key. */
  replayed: boolean;
}

/** The Idempotency-Key header: absent, or 1 to 64 visible ASCII characters (else 400). */
export function parseIdempotencyKey(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  if (
    typeof header !== 'string' ||
    header.length < 1 ||
    header.length > limits.idempotencyKeyMaxLength ||
    !/^[\x21-\x7E]*$/.test(header)
  ) {
    throw badRequest(messages.idempotencyKeyInvalid, { 'Idempotency-Key': messages.idempotencyKeyInvalid });
  }
  return header;
}

/** What a key means: a hash of the operation and its payload (a database function stores it too). */
export const requestHash = (request: IdempotentRequest) =>
  createHash('sha256')
    .update(JSON.stringify([request.operation, request.payload]))
    .digest('hex');

/**
 * Runs a money-moving operation at most once per (user, Idempotency-Key). The key row is inserted
 * first, in the same database transaction as the money move, and its answer stored before commit:
 * - a repeat after the first committed finds the row and gets the first answer, moving nothing;
 * - a repeat racing the first waits on the key's unique index until the first commits, then
 *   finds the row (or, if the first rolled back, goes ahead itself);
 * - the same key with a different request is a 409.
 * Failures are not stored (a request that fails changes nothing), so a retry after one runs again.
 * Without a key the operation simply runs in its own transaction.
 */
export async function runIdempotent<T>(
  db: Executor,
  actor: Actor,
  request: IdempotentRequest | null,
  successStatus: number,
  work: (tx: Tx) => Promise<T>,
): Promise<IdempotentResponse<T>> {
  if (!request) return { status: successStatus, body: await inTransaction(db, work), replayed: false };
  const hash = requestHash(request);
  const thisKey = and(eq(idempotencyKeys.userId, actor.id), eq(idempotencyKeys.key, request.key));
  return inTransaction(db, async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ userId: actor.id, key: request.key, requestHash: hash, responseStatus: 0, responseBody: {} })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [first] = await tx.select().from(idempotencyKeys).where(thisKey);
      invariant(first && first.responseStatus > 0, 'an idempotency key is stored without its answer');
      if (first.requestHash !== hash) throw conflict(messages.idempotencyKeyReused, 'IDEMPOTENCY_KEY_REUSED');
      return { status: first.responseStatus, body: first.responseBody as T, replayed: true };
    }
    const body = await work(tx);
    await tx
      .update(idempotencyKeys)
      .set({ responseStatus: successStatus, responseBody: body })
      .where(thisKey);
    return { status: successStatus, body, replayed: false };
  });
}

/**
 * Replaces the answer stored for a key whose work went on after its transaction (a schedule run
 * paid in steps): a repeat of the key then gets the finished answer.
 */
export async function replaceAnswer(db: Executor, actor: Actor, key: string, body: unknown): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ responseBody: body })
    .where(and(eq(idempotencyKeys.userId, actor.id), eq(idempotencyKeys.key, key)));
}
