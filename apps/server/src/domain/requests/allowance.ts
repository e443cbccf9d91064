import { and, eq, gt, sql } from 'drizzle-orm';
import { queryRows, type Executor, type Tx } from '../../db/client.js';
import { arrayParam } from '../../db/set-params.js';
import { accounts, bankerRequests } from '../../db/schema.js';
import { lockAccounts, type LockedAccounts } from '../ledger/index.js';

/** The bank's side of the rule: its limit and the zone its days are counted in. */
export interface BankerLimit {
  bankerLimitCents: number;
  timeZone: string;
}

/** Every account of the classmate (closed ones too: a request made on one today still counts). */
export async function classmateAccounts(db: Executor, userId: number): Promise<string[]> {
  const rows = await db
    .select({ accountNumber: accounts.accountNumber })
    .from(accounts)
    .where(eq(accounts.userId, userId));
  return rows.map((row) => row.accountNumber);
}

/**
 * Locks every account of the classmate, in the one account order (db/locks.ts), for the rest of
 * the transaction: two requests for one classmate, from any banker on any of their accounts, are
 * then judged one after the other, so together they never pass the day's limit.
 */
export async function lockClassmate(tx: Tx, userId: number): Promise<LockedAccounts> {
  return lockAccounts(tx, await classmateAccounts(tx, userId));
}

/**
 * What the bankers' requests for this classmate that came within the limit add up to on the
 * bank's local day of `now` (the day's bounds worked out by PostgreSQL in the bank's zone, the
 * zone database that checked the setting). A request counts once it came within the limit,
 * whatever became of it: one the account could not pay, then cancelled, still counts, so a banker
 * cannot ask again and again to learn what the classmate has.
 */
async function usedToday(db: Executor, limit: BankerLimit, accountNumbers: string[], now: Date) {
  const day = sql`date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${limit.timeZone})`;
  const [row] = await queryRows<{ used: string }>(
    db,
    sql`select coalesce(sum(${bankerRequests.amountCents}), 0)::text as used
        from ${bankerRequests}
        where ${bankerRequests.withinLimit}
          and ${bankerRequests.accountNumber} = any(${arrayParam(accountNumbers, sql`char(10)`)})
          and ${bankerRequests.createdAt} >= (${day} at time zone ${limit.timeZone})
          and ${bankerRequests.createdAt} < ((${day} + interval '1 day') at time zone ${limit.timeZone})`,
  );
  return Number(row?.used ?? 0);
}

/** Whether a withdrawal for the classmate waits for staff (one past its time no longer can be approved). */
async function withdrawalWaiting(db: Executor, accountNumbers: string[], now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: bankerRequests.id })
    .from(bankerRequests)
    .where(
      and(
        eq(bankerRequests.status, 'waiting'),
        eq(bankerRequests.kind, 'withdrawal'),
        gt(bankerRequests.expiresAt, now),
        sql`${bankerRequests.accountNumber} = any(${arrayParam(accountNumbers, sql`char(10)`)})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Whether a banker's request goes at once (API.md "Students who take part"), decided without
 * reading the classmate's money, so that neither the preview nor the answer to a request can be
 * used to find it out: the amount must fit what is left of the day's limit for this classmate;
 * and a withdrawal goes at once only while none waits for them, since what a waiting withdrawal
 * holds depends on the balance and would show through the next one. A request that goes at once
 * but is a withdrawal the account cannot pay waits instead (create-request.ts), and still counts.
 */
export async function goesAtOnce(
  db: Executor,
  limit: BankerLimit,
  request: { kind: 'deposit' | 'withdrawal'; amountCents: number },
  classmateAccounts: string[],
  now: Date,
): Promise<boolean> {
  if (request.amountCents > limit.bankerLimitCents) return false;
  const left = limit.bankerLimitCents - (await usedToday(db, limit, classmateAccounts, now));
  if (request.amountCents > left) return false;
  return request.kind === 'deposit' || !(await withdrawalWaiting(db, classmateAccounts, now));
}
