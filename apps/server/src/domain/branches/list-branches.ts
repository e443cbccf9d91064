import type { Branch } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import type { Actor } from '../actor.js';
import { assertOwnBank } from '../access.js';
import { branchesOfBank } from './branch-view.js';

/** Staff list their own bank's branches; the tier check has already kept students out. */
export function listBranches(db: Executor, actor: Actor, bankId: number): Promise<Branch[]> {
  assertOwnBank(actor, bankId);
  return branchesOfBank(db, bankId);
}
