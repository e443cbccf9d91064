import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { accounts } from '../../db/schema.js';
import type { AccountRow } from './locked-accounts.js';
import { invariant } from './invariant.js';

/**
 * Adds to (or, negative, releases from) what waiting requests and store orders hold on an account
 * the caller has locked (lockAccounts), and keeps the locked copy current, so a debit later in the same transaction sees it.
 * The database refuses a hold the balance cannot cover (accounts_balance_covers_holds).
 */
export async function changeHold(tx: Tx, account: AccountRow, deltaCents: number): Promise<void> {
  if (deltaCents === 0) return;
  const [row] = await tx
    .update(accounts)
    .set({ heldCents: sql`${accounts.heldCents} + ${deltaCents}` })
    .where(eq(accounts.accountNumber, account.accountNumber))
    .returning({ heldCents: accounts.heldCents });
  invariant(row && row.heldCents >= 0, `the hold on ${account.accountNumber} went below zero`);
  account.heldCents = row.heldCents;
}
