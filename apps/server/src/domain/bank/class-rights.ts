import { classRightRefusal, teacherText, type ClassRight } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import type { Actor } from '../actor.js';
import { forbidden } from '../errors.js';
import { loadBank, toBankSettings } from './bank-settings.js';

/**
 * What a teacher may do for their own class (API.md "Teachers without dead ends"): the shared rule
 * (`classRightRefusal`, the one the web uses to say whom to ask), with the bank's settings read in
 * the caller's transaction. Called once the Students are found (another bank's is a 404 first), with
 * the branch of each Student the call acts on. An ADMIN may always; a Student never.
 */
export async function assertClassRight(
  db: Executor,
  actor: Actor,
  right: ClassRight,
  studentBranchIds: Iterable<number>,
): Promise<void> {
  if (actor.role === 'ADMIN') return;
  // The bank's settings matter only for a teacher.
  const settings = actor.role === 'TELLER' ? toBankSettings(await loadBank(db, actor.bankId)) : undefined;
  const refusal = classRightRefusal({ userRole: actor.role, branchId: actor.branchId }, settings, right, [
    ...studentBranchIds,
  ]);
  switch (refusal) {
    case null:
      return;
    case 'RIGHT_OFF':
      throw forbidden(teacherText.rightOff(right), 'TELLER_PERMISSION_MISSING');
    case 'NO_CLASS':
      throw forbidden(teacherText.noClass(right), 'NO_CLASS');
    case 'NOT_YOUR_CLASS':
      throw forbidden(teacherText.notYourClass(right), 'NOT_YOUR_CLASS');
    case 'NOT_STAFF':
      throw forbidden();
  }
}
