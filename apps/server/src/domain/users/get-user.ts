import type { User } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import type { Actor } from '../actor.js';
import { findUserFor } from './lookup.js';
import { toUser } from './to-user.js';

/** A user record: the user themself, or staff for anyone of their bank; everyone else gets 404. */
export async function getUser(db: Executor, actor: Actor, username: string): Promise<User> {
  return toUser(await findUserFor(db, actor, username));
}
