import { and, asc, eq, lte, notInArray, sql } from 'drizzle-orm';
import { participationText as m } from '@bank/shared';
import type { Database, Tx } from '../../db/client.js';
import { bankerRequests } from '../../db/schema.js';
import { notFailed, runItems, type ItemFailure } from '../job-items/index.js';
import { invariant } from '../ledger/invariant.js';
import { dollars, recordAudit } from '../audit/record-audit.js';
import { releaseHold } from './decide-request.js';
import { viewRequest } from './request-view.js';

type RequestRow = typeof bankerRequests.$inferSelect;

const JOB = 'request-expiry';

/** What one pass of the expiry job did: how many expired, and which could not (recorded, left alone). */
export interface ExpiryResult {
  expired: number;
  failed: ItemFailure[];
}

/**
 * The oldest request still waiting past its time, taken with SKIP LOCKED so several processes
 * share the work; one whose expiry failed before is left alone (job_failures): it still waits, for
 * a teacher to approve or reject.
 */
async function oldestExpired(tx: Tx, now: Date, leaveOut: string[]): Promise<RequestRow | null> {
  const [request] = await tx
    .select()
    .from(bankerRequests)
    .where(
      and(
        eq(bankerRequests.status, 'waiting'),
        lte(bankerRequests.expiresAt, now),
        notFailed(JOB, sql`${bankerRequests.id}::text`),
        leaveOut.length ? notInArray(bankerRequests.id, leaveOut.map(Number)) : undefined,
      ),
    )
    .orderBy(asc(bankerRequests.expiresAt), asc(bankerRequests.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return request ?? null;
}

/**
 * Expires the requests that waited past their time and releases their holds, each exactly once
 * however many processes run this, each isolated (domain/job-items): one that cannot expire is
 * recorded and left alone, and the others expire. Each request is its own transaction, taking the
 * request and then its account, the order approving and rejecting take them (so none deadlocks
 * with them). The release, the status and the audit line commit together.
 */
export async function expireRequests(db: Database, now: Date): Promise<ExpiryResult> {
  const outcomes = await runItems(
    db,
    {
      job: JOB,
      next: (tx, leaveOut) => oldestExpired(tx, now, leaveOut),
      keyOf: (request) => String(request.id),
      bankOf: (request) => request.bankId,
      work: (tx, request) => expireOne(tx, request, now),
      failedReason: m.requestExpiryFailed,
    },
    now,
  );
  return {
    expired: outcomes.filter((o) => o.kind === 'done').length,
    failed: outcomes.flatMap((o) => (o.kind === 'failed' ? [o.failure] : [])),
  };
}

/** Expires one waiting request, taken by the caller: its status, its hold released, its audit line. */
async function expireOne(tx: Tx, taken: RequestRow, now: Date): Promise<void> {
  const [request] = await tx
    .update(bankerRequests)
    .set({ status: 'expired', decidedAt: now })
    .where(eq(bankerRequests.id, taken.id))
    .returning();
  invariant(request, `request ${taken.id} vanished while locked`);
  await releaseHold(tx, request);
  const view = await viewRequest(tx, request.id);
  await recordAudit(tx, {
    bankId: request.bankId,
    actorUserId: null,
    action: 'request.expire',
    at: now,
    summary: m.auditRequestExpired(
      request.kind,
      dollars(request.amountCents),
      view.requestedByName,
      view.studentName,
    ),
  });
}
