import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { StudentGoals } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { assertOwnBank } from '../access.js';
import { isStaff, type Actor } from '../actor.js';
import { forbidden } from '../errors.js';
import { goalsOfUsers, viewGoals } from './goal-view.js';

/**
 * GET /teller/students/{bankId}/goals: the goals of a page of the roster's Students (at most 100,
 * the schema's cap) in one call, as GET /user/goals/{username} answers each: the Students screen
 * asks once a page, not once a row. Staff of the bank only (another bank's is a 404); a User Id
 * that names no Student of the bank is left out, so the answer says nothing about it. In the order
 * asked.
 */
export async function listStudentsGoals(
  db: Executor,
  actor: Actor,
  bankId: number,
  usernames: readonly string[],
  now: Date,
): Promise<StudentGoals[]> {
  if (!isStaff(actor)) throw forbidden();
  assertOwnBank(actor, bankId);
  const students = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      and(
        inArray(
          sql`lower(${users.username})`,
          usernames.map((name) => name.toLowerCase()),
        ),
        eq(users.bankId, bankId),
        eq(users.role, 'USER'),
        isNull(users.deletedAt),
      ),
    );
  const rows = await goalsOfUsers(
    db,
    students.map((s) => s.id),
  );
  const views = await viewGoals(
    db,
    rows.map((row) => row.goal),
    now,
  );
  const byKey = new Map(students.map((s) => [s.username.toLowerCase(), s]));
  return usernames.flatMap((name) => {
    const student = byKey.get(name.toLowerCase());
    if (!student) return [];
    const own = views.filter((_, i) => rows[i]!.userId === student.id);
    return [{ username: student.username, goals: own }];
  });
}
