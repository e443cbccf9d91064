import { and, eq, isNull, sql } from 'drizzle-orm';
import type { User } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { Actor } from '../actor.js';
import { assertOwnBank } from '../access.js';
import { toUser, userColumns } from './to-user.js';

/** The live (not retired) users of the admin's own bank, by username. */
export async function listUsers(db: Executor, actor: Actor, bankId: number): Promise<User[]> {
  assertOwnBank(actor, bankId);
  const rows = await db
    .select(userColumns)
    .from(users)
    .where(and(eq(users.bankId, bankId), isNull(users.deletedAt)))
    .orderBy(sql`lower(${users.username})`);
  return rows.map(toUser);
}
