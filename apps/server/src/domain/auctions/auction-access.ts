import { auctionText as m } from '@bank/shared';
import type { Actor } from '../actor.js';
import { assertOwnClass } from '../bank/class-scope.js';

/**
 * Who runs a class's auctions (API.md "The class economy"): the one rule of a teacher's own class
 * (bank/class-scope.ts), with the auctions' words. A whole-bank auction (branch null) is an
 * admin's. Called once the auction or branch is found in the actor's bank (another bank's is a 404).
 */
export function assertRunsAuctionsOf(actor: Actor, branchId: number | null): void {
  assertOwnClass(actor, [branchId], {
    noClass: m.noClass,
    notYourClass: branchId === null ? m.wholeBankAdminOnly : m.auctionOfAnotherClass,
  });
}
