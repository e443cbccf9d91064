import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Slip, User } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { branches, users } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { isStaff, type Actor } from '../actor.js';
import { revokeUserSessions } from '../auth/sessions.js';
import { issueTemporaryPasswords } from '../auth/temporary-password.js';
import { clearFailures } from '../auth/throttle.js';
import { assertClassRight } from '../bank/class-rights.js';
import { forbidden, notFound } from '../errors.js';
import { assertUsernameShape } from './lookup.js';
import { toUser, userColumns } from './to-user.js';

/**
 * What a teacher does for the Students of their own class (API.md "Teachers without dead ends"):
 * new passwords (one, or a class's sign-in slips) and class bankers. Every call acts on Students
 * only: a name that is no live Student of the actor's bank is a 404, whoever asks; then the
 * class right decides (an ADMIN always; a TELLER for their own branch when the bank allows it).
 */

const studentColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  branchId: users.branchId,
  branchName: branches.name,
};
type ClassStudent = { id: number; username: string; name: string; branchId: number; branchName: string };

/**
 * The live Students of the bank with these User Ids (any case), in the order asked; any name that is
 * no such Student is a 404. With `lock`, their rows are locked (in id order, as every lock is taken
 * in one order) until the transaction ends, so a move to another class waits for the change.
 */
async function findStudents(
  db: Executor,
  bankId: number,
  usernames: readonly string[],
  lock: boolean,
): Promise<ClassStudent[]> {
  usernames.forEach(assertUsernameShape);
  const keys = usernames.map((name) => name.toLowerCase());
  const query = db
    .select(studentColumns)
    .from(users)
    .innerJoin(branches, eq(branches.id, users.branchId))
    .where(
      and(
        inArray(sql`lower(${users.username})`, keys),
        eq(users.bankId, bankId),
        eq(users.role, 'USER'),
        isNull(users.deletedAt),
      ),
    )
    .orderBy(asc(users.id));
  const rows = await (lock ? query.for('update', { of: users }) : query);
  const byKey = new Map(rows.map((row) => [row.username.toLowerCase(), row as ClassStudent]));
  return keys.map((key) => {
    const found = byKey.get(key);
    if (!found) throw notFound();
    return found;
  });
}

/** The Students, found (404) and each one the actor's to reset (403), before anything is written. */
async function studentsToReset(db: Executor, actor: Actor, usernames: readonly string[], lock: boolean) {
  if (!isStaff(actor)) throw forbidden();
  const students = await findStudents(db, actor.bankId, usernames, lock);
  await assertClassRight(
    db,
    actor,
    'resetPasswords',
    students.map((s) => s.branchId),
  );
  return students;
}

/**
 * POST /teller/students/slips (and, for one Student, POST /teller/users/{username}/resetPassword):
 * each Student gets a new temporary password, is signed out everywhere and must choose their own
 * at the next sign-in; their failed sign-ins are forgotten, as an admin's reset does. All or
 * nothing. Checked before the slow hashing (a refusal costs the server nothing), then again on the
 * locked rows: a Student moved to another class meanwhile is refused, not reset.
 */
export async function reissuePasswords(
  db: Executor,
  actor: Actor,
  usernames: readonly string[],
): Promise<Slip[]> {
  await studentsToReset(db, actor, usernames, false);
  const passwords = await issueTemporaryPasswords(usernames.length);
  return inTransaction(db, async (tx) => {
    const students = await studentsToReset(tx, actor, usernames, true);
    const slips: Slip[] = [];
    for (const [i, student] of students.entries()) {
      const temporary = passwords[i]!;
      await tx.update(users).set(temporary.columns).where(eq(users.id, student.id));
      await revokeUserSessions(tx, student.id);
      await clearFailures(tx, student.username.toLowerCase());
      slips.push({
        username: student.username,
        name: student.name,
        branchName: student.branchName,
        temporaryPassword: temporary.password,
      });
    }
    return slips;
  });
}

/** PUT /teller/users/{username}/banker: a Student of the actor's class becomes a class banker, or stops. */
export async function setBanker(
  db: Executor,
  actor: Actor,
  username: string,
  banker: boolean,
): Promise<User> {
  if (!isStaff(actor)) throw forbidden();
  return inTransaction(db, async (tx) => {
    const [student] = await findStudents(tx, actor.bankId, [username], true);
    await assertClassRight(tx, actor, 'manageBankers', [student!.branchId]);
    const [row] = await tx
      .update(users)
      .set({ banker })
      .where(eq(users.id, student!.id))
      .returning(userColumns);
    return toUser(row!);
  });
}
