import { eq, sql } from 'drizzle-orm';
import { messages } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { conflict } from '../errors.js';

/** Usernames are unique across all banks, ignoring case, retired users included (their records still name them). */
export async function ensureUsernameFree(db: Executor, username: string): Promise<void> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  if (taken) throw conflict(messages.userIdTaken, 'USERNAME_TAKEN');
}
