import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { economyLimits, economyText as m } from '@bank/shared';
import type { Tx } from '../../db/client.js';
import { jobHolders, users } from '../../db/schema.js';
import { AppError, badRequest } from '../errors.js';
import type { JobRow } from './job-view.js';

type Holder = { id: number; name: string };

/**
 * The Students these User Ids name, in order, each locked (FOR NO KEY UPDATE, in id order, so two
 * changes of one Student's jobs take turns and each sees the other's slots). Any that is not a
 * current Student of the job's bank, or not of the job's branch (a job of every branch takes any),
 * is a 400 naming each.
 */
async function findHolders(tx: Tx, job: JobRow, usernames: string[]): Promise<Holder[]> {
  const wanted = usernames.map((u) => u.toLowerCase());
  const rows = wanted.length
    ? await tx
        .select({ id: users.id, username: users.username, name: users.name, branchId: users.branchId })
        .from(users)
        .where(
          and(
            inArray(sql`lower(${users.username})`, wanted),
            eq(users.bankId, job.bankId),
            eq(users.role, 'USER'),
            isNull(users.deletedAt),
          ),
        )
        .orderBy(asc(users.id))
        .for('no key update')
    : [];
  const found = new Map(rows.map((row) => [row.username.toLowerCase(), row]));
  const fields: Record<string, string> = {};
  const holders = wanted.map((username, index) => {
    const user = found.get(username);
    if (!user) fields[`holders.${index}`] = m.jobHolderNotStudent;
    else if (job.branchId !== null && user.branchId !== job.branchId)
      fields[`holders.${index}`] = m.jobHolderNotInClass;
    return user;
  });
  if (Object.keys(fields).length > 0) throw badRequest(m.jobHoldersRefused, fields);
  return holders as Holder[];
}

/** The first of a Student's job slots (1 to jobsPerStudentMax) they do not use, or null when all are. */
function freeSlot(used: Set<number>): number | null {
  for (let slot = 1; slot <= economyLimits.jobsPerStudentMax; slot++) if (!used.has(slot)) return slot;
  return null;
}

/**
 * Makes these Students the job's holders: those no longer named give it up, the new ones take one
 * of their 3 slots. A Student who already holds 3 other jobs is a 409 naming each, and nothing
 * changes (the caller's transaction is rolled back).
 */
export async function setHolders(tx: Tx, job: JobRow, usernames: string[]): Promise<void> {
  const holders = await findHolders(tx, job, usernames);
  const ids = holders.map((h) => h.id);
  await tx
    .delete(jobHolders)
    .where(and(eq(jobHolders.jobId, job.id), ids.length ? notInArray(jobHolders.userId, ids) : undefined));
  if (ids.length === 0) return;
  const held = await tx
    .select({ jobId: jobHolders.jobId, userId: jobHolders.userId, slot: jobHolders.slot })
    .from(jobHolders)
    .where(inArray(jobHolders.userId, ids));
  const keeps = new Set(held.filter((h) => h.jobId === job.id).map((h) => h.userId));
  const fields: Record<string, string> = {};
  const added: { jobId: number; userId: number; slot: number }[] = [];
  holders.forEach((holder, index) => {
    if (keeps.has(holder.id)) return;
    const slot = freeSlot(new Set(held.filter((h) => h.userId === holder.id).map((h) => h.slot)));
    if (slot === null) fields[`holders.${index}`] = m.jobLimitReached(holder.name);
    else added.push({ jobId: job.id, userId: holder.id, slot });
  });
  if (Object.keys(fields).length > 0)
    throw new AppError(409, 'CONFLICT', m.jobsLimitReached, fields, { reason: 'CONFLICT' });
  if (added.length > 0) await tx.insert(jobHolders).values(added);
}
