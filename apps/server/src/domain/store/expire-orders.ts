import { and, asc, eq, lte, notInArray, sql } from 'drizzle-orm';
import { storeText as m } from '@bank/shared';
import type { Database, Tx } from '../../db/client.js';
import { storeOrders } from '../../db/schema.js';
import { notFailed, runItems, type ItemFailure } from '../job-items/index.js';
import { releaseOrder, recordDecision } from './decide-order.js';
import type { OrderRow } from './order-view.js';

const JOB = 'order-expiry';

/** What one pass of the expiry job did: how many expired, and which could not (recorded, left alone). */
export interface OrderExpiryResult {
  expired: number;
  failed: ItemFailure[];
}

/**
 * The oldest order still waiting past its time, taken with SKIP LOCKED so several processes share
 * the work; one whose expiry failed before is left alone (job_failures): it still waits, for a
 * teacher to give or refund.
 */
async function oldestExpired(tx: Tx, now: Date, leaveOut: string[]): Promise<OrderRow | null> {
  const [order] = await tx
    .select()
    .from(storeOrders)
    .where(
      and(
        eq(storeOrders.status, 'waiting'),
        lte(storeOrders.expiresAt, now),
        notFailed(JOB, sql`${storeOrders.id}::text`),
        leaveOut.length ? notInArray(storeOrders.id, leaveOut.map(Number)) : undefined,
      ),
    )
    .orderBy(asc(storeOrders.expiresAt), asc(storeOrders.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return order ?? null;
}

/**
 * Expires the orders that waited 14 days: each releases its hold and gives its stock back, exactly
 * once however many processes run this, each isolated (domain/job-items): one that cannot expire
 * is recorded and left alone, and the others expire. Each order is its own transaction, taking the
 * order, then its account, then its item, the order a refund takes them in.
 */
export async function expireOrders(db: Database, now: Date): Promise<OrderExpiryResult> {
  const outcomes = await runItems(
    db,
    {
      job: JOB,
      next: (tx, leaveOut) => oldestExpired(tx, now, leaveOut),
      keyOf: (order) => String(order.id),
      bankOf: (order) => order.bankId,
      work: async (tx, order) => {
        await releaseOrder(tx, order);
        await recordDecision(
          tx,
          order,
          { status: 'expired', by: null, reason: null, transactionId: null },
          now,
        );
      },
      failedReason: m.orderExpiryFailed,
    },
    now,
  );
  return {
    expired: outcomes.filter((o) => o.kind === 'done').length,
    failed: outcomes.flatMap((o) => (o.kind === 'failed' ? [o.failure] : [])),
  };
}
