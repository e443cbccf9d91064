import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { jobHolders, jobs, users } from '../../db/schema.js';

/**
 * What each of these Students earns a payday: the sum of the wages of the jobs they hold, in cents.
 * A job of another branch than the Student's own (they moved class since) no longer pays them; a
 * Student without a job is not in the map.
 */
export async function wagesOf(db: Executor, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({
      userId: jobHolders.userId,
      cents: sql<number>`sum(${jobs.wageCents})`.mapWith(Number),
    })
    .from(jobHolders)
    .innerJoin(jobs, eq(jobs.id, jobHolders.jobId))
    .innerJoin(users, eq(users.id, jobHolders.userId))
    .where(
      and(
        inArray(jobHolders.userId, userIds),
        isNull(users.deletedAt),
        or(isNull(jobs.branchId), eq(jobs.branchId, users.branchId)),
      ),
    )
    .groupBy(jobHolders.userId);
  return new Map(rows.map((row) => [row.userId, row.cents]));
}
