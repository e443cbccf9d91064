import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accounts, statements } from '../../db/schema.js';
import type { Actor } from '../actor.js';
import { findVisibleUser } from '../access.js';

/**
 * The file names of a customer's issued statements, newest month first, for every account they
 * have or had (closed accounts keep their statements). The customer themself, or staff of the
 * customer's bank; anyone else gets 404.
 */
export async function listStatements(db: Executor, actor: Actor, username: string): Promise<string[]> {
  const user = await findVisibleUser(db, actor, username);
  const rows = await db
    .select({ fileName: statements.fileName })
    .from(statements)
    .innerJoin(accounts, eq(accounts.accountNumber, statements.accountNumber))
    .where(eq(accounts.userId, user.id))
    .orderBy(desc(statements.periodStart), desc(accounts.openedAt), desc(statements.accountNumber));
  return rows.map((row) => row.fileName);
}
