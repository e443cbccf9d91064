import { and, eq, isNull, sql } from 'drizzle-orm';
import { USERNAME_PATTERN } from '@bank/shared';
import type { Executor, Tx } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { Actor } from '../actor.js';
import { findVisibleUser } from '../access.js';
import { forbidden, notFound } from '../errors.js';

/**
 * A name that cannot be a username names nobody. Checked before any query, because a path may
 * carry bytes PostgreSQL refuses in text (a NUL), which would otherwise surface as a 500.
 */
export function assertUsernameShape(username: string): void {
  if (!USERNAME_PATTERN.test(username)) throw notFound();
}

/** A live user the actor may see (themself; staff: anyone of their bank), else 404. */
export async function findUserFor(db: Executor, actor: Actor, username: string) {
  assertUsernameShape(username);
  return findVisibleUser(db, actor, username);
}

/**
 * The actor's own record, for what only a user may do to themself (display name, password).
 * Someone the actor cannot see is a 404; staff aiming at another user of their bank, whom they
 * can see, are refused with 403.
 */
export async function findSelf(db: Executor, actor: Actor, username: string) {
  const user = await findUserFor(db, actor, username);
  if (user.id !== actor.id) throw forbidden();
  return user;
}

/**
 * A live user of the given bank, locked until the transaction ends so that the checks made on it
 * (role, open accounts) still hold when the change is written.
 */
export async function lockUserOfBank(tx: Tx, bankId: number, username: string) {
  assertUsernameShape(username);
  const [user] = await tx
    .select()
    .from(users)
    .where(
      and(
        eq(sql`lower(${users.username})`, username.toLowerCase()),
        eq(users.bankId, bankId),
        isNull(users.deletedAt),
      ),
    )
    .limit(1)
    .for('update');
  if (!user) throw notFound();
  return user;
}
