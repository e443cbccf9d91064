import { and, eq, isNull } from 'drizzle-orm';
import { participationText as m } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { isStaff, type Actor } from '../actor.js';
import { forbidden, notFound } from '../errors.js';
import type { AccountRow } from '../ledger/index.js';

export type BankerRow = typeof users.$inferSelect & { branchId: number };

/**
 * The signed-in user as a class banker, read from the database (a teacher may have just turned it
 * off): a Student with a class. Another Student is refused with 403, saying who may; staff too
 * (a Student's own call: the route's tier refuses them first, API.md "Errors").
 */
export async function loadBanker(db: Executor, actor: Actor): Promise<BankerRow> {
  if (isStaff(actor)) throw forbidden();
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, actor.id), isNull(users.deletedAt)))
    .limit(1);
  if (!user || user.role !== 'USER' || !user.banker || user.branchId === null) throw forbidden(m.notABanker);
  return user as BankerRow;
}

/**
 * An account a banker may ask for: open, of a classmate (a Student of the banker's own branch and
 * bank), never the banker's own. Anything else is a 404, as for any account one may not see.
 */
export function assertClassmateAccount(
  banker: BankerRow,
  account: AccountRow | undefined,
): asserts account is AccountRow {
  if (
    !account ||
    account.closedAt !== null ||
    account.bankId !== banker.bankId ||
    account.branchId !== banker.branchId ||
    account.userId === banker.id
  )
    throw notFound();
}
