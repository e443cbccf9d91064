import { asc, sql } from 'drizzle-orm';
import { formatCents, messages } from '@bank/shared';
import { queryRows, type Tx } from '../../db/client.js';
import { arrayParam, jsonbParam } from '../../db/set-params.js';
import { accounts } from '../../db/schema.js';
import { conflict } from '../errors.js';
import { invariant } from './invariant.js';

export type AccountRow = typeof accounts.$inferSelect;
/** Accounts locked by the current transaction (lockAccounts, lockAccountsToRewrite), by account number. */
export type LockedAccounts = Map<string, AccountRow>;

/** How a transaction locks an account row (db/locks.ts, "row locks"). */
type AccountLock = 'no key update' | 'update';

async function lockAccountRows(
  tx: Tx,
  accountNumbers: Iterable<string>,
  strength: AccountLock,
): Promise<LockedAccounts> {
  const wanted = [...new Set(accountNumbers)].sort();
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(accounts)
    .where(sql`${accounts.accountNumber} = any(${arrayParam(wanted, sql`char(10)`)})`)
    .orderBy(asc(accounts.accountNumber))
    .for(strength);
  return new Map(rows.map((row) => [row.accountNumber, row]));
}

/**
 * Locks the named accounts (those that exist) to move money on them: balances, holds, new
 * pending rows. For the rest of the transaction, always in ascending account-number order: two
 * transactions that lock the same accounts queue up instead of deadlocking. PostgreSQL locks the
 * rows in the ORDER BY order (the lock step runs above the sort), and reads each row's newest
 * committed version once it holds the lock. FOR NO KEY UPDATE: it excludes every other money
 * movement and rewrite on the account, but not posting's claim, so posting and money movements
 * never wait for each other.
 */
export function lockAccounts(tx: Tx, accountNumbers: Iterable<string>): Promise<LockedAccounts> {
  return lockAccountRows(tx, accountNumbers, 'no key update');
}

/**
 * Locks the named accounts like lockAccounts, and also against posting, to change rows already
 * written on them (an edit, a delete, a reversal's mark on its original): FOR UPDATE, which
 * posting's claim conflicts with. A posting step skips an account held so; one that claimed it
 * first is waited for, one short step.
 */
export function lockAccountsToRewrite(tx: Tx, accountNumbers: Iterable<string>): Promise<LockedAccounts> {
  return lockAccountRows(tx, accountNumbers, 'update');
}

/**
 * Posting's claim on an account for the rest of the transaction (FOR KEY SHARE), waiting for a
 * rewrite under way. What it keeps out: rewrites of the account's rows, which change the posted
 * balance and the rows a step posts. What it lets in: every money movement (FOR NO KEY UPDATE),
 * which only adds pending rows. Posting's steps claim with SKIP LOCKED instead (posting/).
 */
export async function claimAccountForPosting(tx: Tx, accountNumber: string): Promise<void> {
  await tx
    .select({ accountNumber: accounts.accountNumber })
    .from(accounts)
    .where(sql`${accounts.accountNumber} = ${accountNumber}`)
    .for('key share');
}

/**
 * The one balance rule: a debit spends only what is available, the balance less what waiting
 * requests hold (API.md "The ledger rules", "Students who take part"); a credit is always fine.
 * The database refuses the same (accounts_balance_covers_holds).
 */
export const leavesBalanceNegative = (
  account: { balanceCents: number; heldCents: number },
  deltaCents: number,
): boolean => deltaCents < 0 && account.balanceCents - account.heldCents + deltaCents < 0;

/**
 * The 409 of a debit the account cannot pay. When the balance would pay it and only what waiting
 * requests hold stops it, it says so ("$8.00 is held for a waiting request"): a child who sees
 * enough money on the card is told why it may not be spent.
 */
export function insufficientFunds(account: { balanceCents: number; heldCents: number }, deltaCents: number) {
  const heldStopsIt = account.heldCents > 0 && account.balanceCents + deltaCents >= 0;
  return conflict(
    heldStopsIt
      ? messages.insufficientFundsHeld(`$${formatCents(account.heldCents)}`)
      : messages.insufficientFunds,
    'INSUFFICIENT_FUNDS',
  );
}

/**
 * Moves the balances of locked accounts by the given signed amounts. A balance that would go
 * below zero is a 409 "Insufficient funds" (and the caller's transaction rolls back, so nothing
 * is written); the database's CHECK would refuse it too. All balances move in one statement,
 * however many accounts (a class payday moves a thousand), and each new balance is checked
 * against what the lock promised.
 */
export async function applyBalanceChanges(
  tx: Tx,
  locked: LockedAccounts,
  deltas: Map<string, number>,
): Promise<void> {
  for (const [accountNumber, delta] of deltas) {
    const account = locked.get(accountNumber);
    invariant(account, `account ${accountNumber} changes without being locked`);
    invariant(Number.isSafeInteger(delta), `balance change ${delta} is not an integer number of cents`);
    if (leavesBalanceNegative(account, delta)) throw insufficientFunds(account, delta);
  }
  const changes = [...deltas].filter(([, delta]) => delta !== 0);
  if (changes.length === 0) return;
  const rows = await queryRows<{ accountNumber: string; balanceCents: string }>(
    tx,
    sql`update ${accounts} as a set balance_cents = a.balance_cents + d.delta
        from jsonb_to_recordset(${jsonbParam(changes.map(([n, delta]) => ({ n, delta })))})
             as d (n char(10), delta bigint)
        where a.account_number = d.n
        returning a.account_number as "accountNumber", a.balance_cents::text as "balanceCents"`,
  );
  invariant(rows.length === changes.length, `${rows.length} balances moved, not ${changes.length}`);
  const moved = new Map(rows.map((row) => [row.accountNumber, Number(row.balanceCents)]));
  for (const [accountNumber, delta] of changes) {
    const account = locked.get(accountNumber)!;
    const expected = account.balanceCents + delta;
    const actual = moved.get(accountNumber);
    invariant(actual === expected, `balance of ${accountNumber} is ${actual}, expected ${expected}`);
    invariant(expected >= 0, `balance of ${accountNumber} went negative`);
    account.balanceCents = expected;
  }
}

/** Adds `cents` to the running total of `accountNumber` in `deltas`. */
export function addDelta(deltas: Map<string, number>, accountNumber: string, cents: number): void {
  deltas.set(accountNumber, (deltas.get(accountNumber) ?? 0) + cents);
}
