import { storeText as m } from '@bank/shared';
import { isStaff, type Actor } from '../actor.js';
import { forbidden } from '../errors.js';

/**
 * Who runs a class's store (API.md "The class economy"): an ADMIN for any class or the whole bank
 * (`branchId` null); a TELLER only for their own class, as issue 33's teacher rules have it (one
 * without a class is told to get one; another class's is refused, saying whom to ask); a Student
 * never. Called once the record is found in the actor's bank (another bank's is a 404 first).
 */
export function assertRunsStoreOf(actor: Actor, branchId: number | null, otherClass: string): void {
  if (!isStaff(actor)) throw forbidden();
  if (actor.role === 'ADMIN') return;
  if (actor.branchId === null) throw forbidden(m.noClass, 'NO_CLASS');
  if (branchId !== actor.branchId) throw forbidden(otherClass, 'NOT_YOUR_CLASS');
}
