import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { fromCents, type Job } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { jobHolders, jobs, users } from '../../db/schema.js';

export type JobRow = typeof jobs.$inferSelect;

/** The User Ids holding each of these jobs, by User Id (a retired user holds nothing). */
async function holdersOf(db: Executor, jobIds: number[]): Promise<Map<number, string[]>> {
  const byJob = new Map<number, string[]>(jobIds.map((id) => [id, []]));
  if (jobIds.length === 0) return byJob;
  const rows = await db
    .select({ jobId: jobHolders.jobId, username: users.username })
    .from(jobHolders)
    .innerJoin(users, eq(users.id, jobHolders.userId))
    .where(and(inArray(jobHolders.jobId, jobIds), isNull(users.deletedAt)))
    .orderBy(sql`lower(${users.username})`);
  for (const row of rows) byJob.get(row.jobId)?.push(row.username);
  return byJob;
}

/** Jobs as the API shows them, each with its holders. */
export async function viewJobs(db: Executor, rows: JobRow[]): Promise<Job[]> {
  const holders = await holdersOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    jobId: row.id,
    bankId: row.bankId,
    branchId: row.branchId,
    name: row.name,
    wage: fromCents(row.wageCents),
    holders: holders.get(row.id) ?? [],
  }));
}

/** Jobs by name (then by id, for two of one name). */
export const jobOrder = [asc(sql`lower(${jobs.name})`), asc(jobs.id)];
