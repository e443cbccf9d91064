import { and, count, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { accounts } from '../../db/schema.js';

/** How many accounts a user still has open (the caller holds the user's row lock). */
export async function countOpenAccounts(tx: Tx, userId: number): Promise<number> {
  const [open] = await tx
    .select({ n: count() })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), isNull(accounts.closedAt)));
  return open?.n ?? 0;
}
