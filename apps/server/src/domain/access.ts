import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { accounts, users } from '../db/schema.js';
import { isStaff, type Actor } from './actor.js';
import { notFound } from './errors.js';

/**
 * Tenancy rules in one place (API.md "Tiers and tenancy"). Each answers 404 rather than 403 for
 * what the actor may not see, so that nobody learns another bank's or customer's records exist.
 */

/** Staff act only inside their own bank; a USER only ever sees their own bank's shared records. */
export function assertOwnBank(actor: Actor, bankId: number): void {
  if (actor.bankId !== bankId) throw notFound();
}

/** A user record the actor may read: themself, or for staff anyone of their bank. */
export async function findVisibleUser(db: Executor, actor: Actor, username: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(sql`lower(${users.username})`, username.toLowerCase()), isNull(users.deletedAt)))
    .limit(1);
  if (!user) throw notFound();
  const visible = isStaff(actor) ? user.bankId === actor.bankId : user.id === actor.id;
  if (!visible) throw notFound();
  return user;
}

/** An open account the actor may use: its owner, or staff of its bank. */
export async function findVisibleAccount(db: Executor, actor: Actor, accountNumber: string) {
  const [account] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.accountNumber, accountNumber), isNull(accounts.closedAt)))
    .limit(1);
  if (!account || !canSeeAccount(actor, account)) throw notFound();
  return account;
}

export function canSeeAccount(actor: Actor, account: { bankId: number; userId: number }): boolean {
  return isStaff(actor) ? account.bankId === actor.bankId : account.userId === actor.id;
}
