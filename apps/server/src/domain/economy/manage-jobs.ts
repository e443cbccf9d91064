import { and, eq, inArray } from 'drizzle-orm';
import {
  economyLimits,
  economyText as m,
  type Job,
  type ParsedJobBody,
  type ParsedJobChange,
} from '@bank/shared';
import type { Executor, Tx } from '../../db/client.js';
import { branches, jobHolders, jobs } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { assertOwnBank, findVisibleUser } from '../access.js';
import type { Actor } from '../actor.js';
import { AppError, notFound } from '../errors.js';
import { assertBankHasRoom } from './bank-room.js';
import { assertOwnClass } from '../bank/class-scope.js';
import { setHolders } from './job-holders.js';
import { jobOrder, viewJobs, type JobRow } from './job-view.js';

const jobScope = { noClass: m.jobNoClass, notYourClass: m.jobNotYourClass };

/** A job of the actor's bank, locked for the change (another bank's, or none, is a 404). */
async function findJob(tx: Tx, actor: Actor, jobId: number): Promise<JobRow> {
  const [job] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for('update');
  if (!job || job.bankId !== actor.bankId) throw notFound();
  return job;
}

/** The branch a new job is for: the one named (of the bank), else the teacher's class, else every branch. */
async function branchOf(tx: Tx, actor: Actor, branchId: number | null | undefined): Promise<number | null> {
  if (branchId === undefined) return actor.role === 'TELLER' ? actor.branchId : null;
  if (branchId === null) return null;
  const [branch] = await tx
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.id, branchId), eq(branches.bankId, actor.bankId)));
  // Another bank's branch is not named as existing (a 404, as a schedule's target).
  if (!branch)
    throw new AppError(
      404,
      'NOT_FOUND',
      m.jobBranchNotFound,
      { branchId: m.jobBranchNotFound },
      {
        reason: 'NOT_FOUND',
      },
    );
  return branch.id;
}

/** POST /teller/jobs: staff make a job of their bank (a teacher, of their own class). */
export function createJob(db: Executor, actor: Actor, body: ParsedJobBody): Promise<Job> {
  return inTransaction(db, async (tx) => {
    const branchId = await branchOf(tx, actor, body.branchId);
    assertOwnClass(actor, [branchId], jobScope);
    await assertBankHasRoom(tx, jobs, actor.bankId, economyLimits.jobsPerBankMax, m.tooManyJobs);
    const [row] = await tx
      .insert(jobs)
      .values({ bankId: actor.bankId, branchId, name: body.name, wageCents: body.wage })
      .returning();
    const [view] = await viewJobs(tx, [row!]);
    return view!;
  });
}

/** GET /teller/jobs/{bankId}: the bank's jobs by name, with their holders. */
export async function listJobs(db: Executor, actor: Actor, bankId: number): Promise<Job[]> {
  assertOwnBank(actor, bankId);
  const rows = await db
    .select()
    .from(jobs)
    .where(eq(jobs.bankId, bankId))
    .orderBy(...jobOrder)
    .limit(economyLimits.jobsPerBankMax);
  return viewJobs(db, rows);
}

/** PUT /teller/jobs/{jobId}: its name, wage or holders (the whole list), by who may make it. */
export function updateJob(db: Executor, actor: Actor, jobId: number, change: ParsedJobChange): Promise<Job> {
  return inTransaction(db, async (tx) => {
    const job = await findJob(tx, actor, jobId);
    assertOwnClass(actor, [job.branchId], jobScope);
    const set = {
      ...(change.name === undefined ? {} : { name: change.name }),
      ...(change.wage === undefined ? {} : { wageCents: change.wage }),
    };
    const [after] = Object.keys(set).length
      ? await tx.update(jobs).set(set).where(eq(jobs.id, job.id)).returning()
      : [job];
    if (change.holders !== undefined) await setHolders(tx, job, change.holders);
    const [view] = await viewJobs(tx, [after!]);
    return view!;
  });
}

/** DELETE /teller/jobs/{jobId}: the job and its holdings go; wages already paid stay paid. */
export async function deleteJob(db: Executor, actor: Actor, jobId: number): Promise<void> {
  await inTransaction(db, async (tx) => {
    const job = await findJob(tx, actor, jobId);
    assertOwnClass(actor, [job.branchId], jobScope);
    await tx.delete(jobs).where(eq(jobs.id, job.id));
  });
}

/** GET /user/jobs/{username}: the jobs a Student holds (their own, or any of the bank's for staff). */
export async function jobsOfUser(db: Executor, actor: Actor, username: string): Promise<Job[]> {
  const user = await findVisibleUser(db, actor, username);
  const held = db.select({ id: jobHolders.jobId }).from(jobHolders).where(eq(jobHolders.userId, user.id));
  const rows = await db
    .select()
    .from(jobs)
    .where(inArray(jobs.id, held))
    .orderBy(...jobOrder);
  return viewJobs(db, rows);
}
