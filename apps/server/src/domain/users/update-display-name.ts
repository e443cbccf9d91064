import { and, eq, isNull } from 'drizzle-orm';
import type { User } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { Actor } from '../actor.js';
import { notFound } from '../errors.js';
import { findSelf } from './lookup.js';
import { toUser, userColumns } from './to-user.js';

/**
 * A user sets their own display name. `displayName` arrives already trimmed and checked
 * (shared `displayNameText`); empty clears it, so the UI falls back to the name.
 */
export async function updateDisplayName(
  db: Executor,
  actor: Actor,
  username: string,
  displayName: string,
): Promise<User> {
  const self = await findSelf(db, actor, username);
  const [row] = await db
    .update(users)
    .set({ displayName: displayName === '' ? null : displayName })
    .where(and(eq(users.id, self.id), isNull(users.deletedAt)))
    .returning(userColumns);
  // Retired between the look-up and the write.
  if (!row) throw notFound();
  return toUser(row);
}
