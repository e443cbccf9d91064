import { and, asc, eq, lte } from 'drizzle-orm';
import { participationText as m } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { bankerRequests } from '../../db/schema.js';
import { dollars, recordAudit } from '../audit/record-audit.js';
import { releaseHold } from './decide-request.js';
import { viewRequest } from './request-view.js';

/** How many expired requests one look finds: a long outage catches up in steps. */
const EXPIRY_STEP = 200;

/**
 * Expires the requests that waited past their time and releases their holds, each exactly once
 * however many processes run this. Each request is its own transaction, taking the request and
 * then its account, the order approving and rejecting take them (so none deadlocks with them),
 * by an UPDATE that still requires it to be waiting: a second process that reaches it after the
 * first committed finds nothing to take (PostgreSQL re-checks the condition on the newest row
 * version). The release, the status and the audit line commit together.
 */
export async function expireRequests(db: Executor, now: Date): Promise<number> {
  let expired = 0;
  for (;;) {
    const due = await db
      .select({ id: bankerRequests.id })
      .from(bankerRequests)
      .where(and(eq(bankerRequests.status, 'waiting'), lte(bankerRequests.expiresAt, now)))
      .orderBy(asc(bankerRequests.id))
      .limit(EXPIRY_STEP);
    for (const { id } of due) if (await expireOne(db, id, now)) expired += 1;
    if (due.length < EXPIRY_STEP) return expired;
  }
}

function expireOne(db: Executor, requestId: number, now: Date): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const [request] = await tx
      .update(bankerRequests)
      .set({ status: 'expired', decidedAt: now })
      .where(
        and(
          eq(bankerRequests.id, requestId),
          eq(bankerRequests.status, 'waiting'),
          lte(bankerRequests.expiresAt, now),
        ),
      )
      .returning();
    if (!request) return false;
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
    return true;
  });
}
