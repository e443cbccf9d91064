import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { invariant } from '../ledger/invariant.js';

/** The Student an account belongs to: their User Id and name, nothing else. */
export async function findOwner(db: Executor, userId: number) {
  const [owner] = await db
    .select({ username: users.username, name: users.name })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  invariant(owner, `account owner ${userId} is missing`);
  return owner;
}
