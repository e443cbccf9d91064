import { storeText as m } from '@bank/shared';
import type { Actor } from '../actor.js';
import { assertOwnClass } from '../bank/class-scope.js';

/**
 * Who runs a class's store (API.md "The class economy"): the one rule of a teacher's own class
 * (bank/class-scope.ts), with the store's words for a class that is another's (`otherClass`).
 * Called once the record is found in the actor's bank (another bank's is a 404 first).
 */
export function assertRunsStoreOf(actor: Actor, branchId: number | null, otherClass: string): void {
  assertOwnClass(actor, [branchId], { noClass: m.noClass, notYourClass: otherClass });
}
