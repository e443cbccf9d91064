import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { economyLimits, fromCents, type BoardJob } from '@bank/shared';
import { queryRows, type Executor } from '../../db/client.js';
import { arrayParam } from '../../db/set-params.js';
import { jobs } from '../../db/schema.js';
import { findVisibleUser } from '../access.js';
import type { Actor } from '../actor.js';
import { notFound } from '../errors.js';
import { jobOrder } from './job-view.js';

interface Holding {
  jobId: number;
  holderCount: number;
  mine: boolean;
  holderNames: string[];
}

/**
 * Per job: how many hold it, whether the Student does, and the names of the classmates who do, as a
 * classmate sees them (the display name, else the first name), capped; never a User Id, and never a
 * Student of another class, whose name is not this class's to read (docs/adr, the job board).
 */
async function holdingsOf(
  db: Executor,
  student: { id: number; branchId: number },
  jobIds: number[],
): Promise<Map<number, Holding>> {
  if (jobIds.length === 0) return new Map();
  const shown = sql`coalesce(u.display_name, split_part(u.name, ' ', 1))`;
  const rows = await queryRows<Holding>(
    db,
    sql`select h.job_id as "jobId", count(*)::int as "holderCount", bool_or(u.id = ${student.id}) as mine,
               coalesce((array_agg(${shown} order by lower(${shown}), u.id)
                 filter (where u.branch_id = ${student.branchId} and u.id <> ${student.id}))
                 [1:${economyLimits.jobBoardNamesMax}], '{}') as "holderNames"
          from job_holders h join users u on u.id = h.user_id
         where h.job_id = any(${arrayParam(jobIds, sql`integer`)}) and u.deleted_at is null
         group by h.job_id`,
  );
  return new Map(rows.map((row) => [row.jobId, row]));
}

/**
 * GET /user/jobBoard/{username}: the jobs of a Student's class and of every class, theirs first,
 * then by name. The Student themself, or staff of the bank; anyone else, and a User Id that is not a
 * Student's, is a 404 (as for classmates). Bounded by the bank's jobs (at most jobsPerBankMax).
 */
export async function jobBoardOf(db: Executor, actor: Actor, username: string): Promise<BoardJob[]> {
  const user = await findVisibleUser(db, actor, username);
  if (user.role !== 'USER' || user.branchId === null) throw notFound();
  const student = { id: user.id, branchId: user.branchId };
  const rows = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.bankId, user.bankId), or(eq(jobs.branchId, student.branchId), isNull(jobs.branchId))))
    .orderBy(...jobOrder)
    .limit(economyLimits.jobsPerBankMax);
  const holdings = await holdingsOf(
    db,
    student,
    rows.map((row) => row.id),
  );
  const board = rows.map((row): BoardJob => {
    const holding = holdings.get(row.id);
    return {
      jobId: row.id,
      branchId: row.branchId,
      name: row.name,
      wage: fromCents(row.wageCents),
      mine: holding?.mine ?? false,
      holderCount: holding?.holderCount ?? 0,
      holderNames: holding?.holderNames ?? [],
    };
  });
  return [...board.filter((job) => job.mine), ...board.filter((job) => !job.mine)];
}
