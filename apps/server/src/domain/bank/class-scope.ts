import type { Actor } from '../actor.js';
import { forbidden } from '../errors.js';

/** What a teacher is told when they act outside their class: they have none, or it is another's. */
export interface ScopeTexts {
  noClass: string;
  notYourClass: string;
}

/**
 * A teacher (a TELLER) works for their own class only (issue 33: their branch): every branch named
 * must be theirs, and a whole-bank thing (branch null) is an admin's. An ADMIN may for any branch.
 * Called once what is acted on is found (another bank's is a 404 first).
 */
export function assertOwnClass(actor: Actor, branchIds: Iterable<number | null>, texts: ScopeTexts): void {
  if (actor.role === 'ADMIN') return;
  if (actor.role !== 'TELLER') throw forbidden();
  if (actor.branchId === null) throw forbidden(texts.noClass, 'NO_CLASS');
  for (const branchId of branchIds)
    if (branchId !== actor.branchId) throw forbidden(texts.notYourClass, 'NOT_YOUR_CLASS');
}
