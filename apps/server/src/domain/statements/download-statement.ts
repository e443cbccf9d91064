import { eq } from 'drizzle-orm';
import { messages, STATEMENT_FILE_PATTERN } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { accounts, statements, users } from '../../db/schema.js';
import type { Actor } from '../actor.js';
import { canSeeAccount } from '../access.js';
import { badRequest, notFound } from '../errors.js';

export const STATEMENT_NAME_INVALID = messages.statementNameInvalid;

/**
 * The stored PDF of an issued statement. The name is only ever a key into the statements table
 * (never a path): anything but the exact pattern is a 400, and another customer's or bank's
 * statement, like one that does not exist, is a 404.
 */
export async function downloadStatement(db: Executor, actor: Actor, fileName: string): Promise<Buffer> {
  if (!STATEMENT_FILE_PATTERN.test(fileName))
    throw badRequest(STATEMENT_NAME_INVALID, { fileName: STATEMENT_NAME_INVALID });
  const [row] = await db
    .select({
      pdf: statements.pdf,
      bankId: accounts.bankId,
      userId: accounts.userId,
      ownerDeletedAt: users.deletedAt,
    })
    .from(statements)
    .innerJoin(accounts, eq(accounts.accountNumber, statements.accountNumber))
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(eq(statements.fileName, fileName))
    .limit(1);
  // Whoever may list it: a retired customer's statements are no longer listed, so not served either.
  if (!row || row.ownerDeletedAt !== null || !canSeeAccount(actor, row)) throw notFound();
  return row.pdf;
}
