import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';

/** Advisory-lock class of the month-end work (interest and statements); any constant of this bank's own. */
const MONTH_END_LOCK_CLASS = 7_310_005;

/**
 * Serialises month-end work on one account across every server process and the operator tool,
 * for the rest of the transaction. Together with the keys of interest_credits and statements
 * (checked again under the lock) it makes a second or concurrent run do nothing.
 */
export async function lockAccountForMonthEnd(tx: Tx, accountNumber: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${MONTH_END_LOCK_CLASS}, hashtext(${accountNumber}))`);
}
