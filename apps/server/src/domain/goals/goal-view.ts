import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { fromCents, type Goal } from '@bank/shared';
import { arrayParam } from '../../db/set-params.js';
import type { Executor } from '../../db/client.js';
import { accounts, banks, goals, transactions } from '../../db/schema.js';
import { PACE_WEEKS, weeklySavingCents, weeksToGoal } from './pace.js';

export type GoalRow = typeof goals.$inferSelect;

interface AccountPace {
  /** What the goals fill from: the balance less what waiting requests hold. */
  availableCents: number;
  openedAt: Date;
  ratePercent: number;
  grownCents: number;
}

/** Each account's available balance, savings rate and growth over the last 8 weeks: two queries for all. */
async function paceOf(db: Executor, accountNumbers: string[], now: Date): Promise<Map<string, AccountPace>> {
  const numbers = arrayParam(accountNumbers, sql`char(10)`);
  const since = new Date(now.getTime() - PACE_WEEKS * 7 * 24 * 60 * 60 * 1000);
  const [found, grown] = await Promise.all([
    db
      .select({
        accountNumber: accounts.accountNumber,
        balanceCents: accounts.balanceCents,
        heldCents: accounts.heldCents,
        openedAt: accounts.openedAt,
        rateHundredths: banks.savingsRateHundredths,
      })
      .from(accounts)
      .innerJoin(banks, eq(banks.id, accounts.bankId))
      .where(sql`${accounts.accountNumber} = any(${numbers})`),
    db
      .select({
        accountNumber: transactions.accountNumber,
        grownCents: sql<string>`sum(case when ${transactions.type} = 'credit' then ${transactions.amountCents} else -${transactions.amountCents} end)`,
      })
      .from(transactions)
      .where(
        and(
          sql`${transactions.accountNumber} = any(${numbers})`,
          isNull(transactions.deletedAt),
          gt(transactions.createdAt, since),
        ),
      )
      .groupBy(transactions.accountNumber),
  ]);
  const growth = new Map(grown.map((row) => [row.accountNumber, Number(row.grownCents)]));
  return new Map(
    found.map((row) => [
      row.accountNumber,
      {
        availableCents: row.balanceCents - row.heldCents,
        openedAt: row.openedAt,
        ratePercent: row.rateHundredths / 100,
        grownCents: growth.get(row.accountNumber) ?? 0,
      },
    ]),
  );
}

/** What one goal holds of its account's available balance, and what the goals before it and it need. */
interface Filled {
  heldCents: number;
  /** The amounts of the goals up to and including this one: what the account needs to fill it. */
  throughCents: number;
}

/**
 * API.md "Goals share nothing": an account's goals fill in their order from its available balance,
 * the first taking what it needs, the next what is left, so no two count the same dollars. Given
 * every goal of the accounts, by goal id.
 */
export function fillInOrder(
  goalRows: GoalRow[],
  availableOf: (accountNumber: string) => number,
): Map<number, Filled> {
  const filled = new Map<number, Filled>();
  const byAccount = new Map<string, GoalRow[]>();
  for (const row of goalRows)
    byAccount.set(row.accountNumber, [...(byAccount.get(row.accountNumber) ?? []), row]);
  for (const [accountNumber, rows] of byAccount) {
    let left = Math.max(0, availableOf(accountNumber));
    let through = 0;
    for (const row of rows.toSorted((a, b) => a.position - b.position)) {
      const heldCents = Math.min(row.amountCents, left);
      left -= heldCents;
      through += row.amountCents;
      filled.set(row.id, { heldCents, throughCents: through });
    }
  }
  return filled;
}

function toGoal(row: GoalRow, pace: AccountPace, filled: Filled, now: Date): Goal {
  const weekly = weeklySavingCents(pace.grownCents, pace.openedAt, now);
  const reached = filled.heldCents >= row.amountCents;
  return {
    goalId: row.id,
    accountId: row.accountNumber,
    name: row.name,
    amount: fromCents(row.amountCents),
    targetDate: row.targetDate,
    createdAt: row.createdAt.toISOString(),
    position: row.position,
    held: fromCents(filled.heldCents),
    progress: Math.min(1, filled.heldCents / row.amountCents),
    reachedAt: row.reachedAt?.toISOString() ?? (reached ? now.toISOString() : null),
    balance: fromCents(pace.availableCents),
    left: fromCents(row.amountCents - filled.heldCents),
    weeklySaving: fromCents(weekly),
    // Full when the account has what this goal and every goal before it need.
    weeksToGo: reached
      ? null
      : weeksToGoal({
          balanceCents: pace.availableCents,
          goalCents: filled.throughCents,
          weeklyCents: weekly,
          annualRatePercent: pace.ratePercent,
        }),
  };
}

/** Every goal of these accounts, in their order (each goal's share depends on those before it). */
async function goalsOfAccounts(db: Executor, accountNumbers: string[]): Promise<GoalRow[]> {
  return db
    .select()
    .from(goals)
    .where(sql`${goals.accountNumber} = any(${arrayParam(accountNumbers, sql`char(10)`)})`)
    .orderBy(asc(goals.accountNumber), asc(goals.position));
}

/**
 * Goals as the API answers them. A goal whose share has reached its amount gets its `reachedAt`
 * the first time anyone looks (so it is celebrated once, from then on); an update that finds it
 * already set keeps the first.
 */
export async function viewGoals(db: Executor, rows: GoalRow[], now: Date): Promise<Goal[]> {
  if (rows.length === 0) return [];
  const numbers = [...new Set(rows.map((row) => row.accountNumber))];
  const [paces, siblings] = await Promise.all([paceOf(db, numbers, now), goalsOfAccounts(db, numbers)]);
  const filled = fillInOrder(siblings, (accountNumber) => paces.get(accountNumber)!.availableCents);
  const views = rows.map((row) => toGoal(row, paces.get(row.accountNumber)!, filled.get(row.id)!, now));
  const newlyReached = rows.filter((row, i) => row.reachedAt === null && views[i]!.reachedAt !== null);
  for (const row of newlyReached) {
    const [kept] = await db
      .update(goals)
      .set({ reachedAt: sql`coalesce(${goals.reachedAt}, ${now.toISOString()}::timestamptz)` })
      .where(eq(goals.id, row.id))
      .returning({ reachedAt: goals.reachedAt });
    const view = views[rows.indexOf(row)]!;
    view.reachedAt = kept?.reachedAt?.toISOString() ?? view.reachedAt;
  }
  return views;
}

/** The goals of these Students' open savings accounts, each with its owner; each account's in their order. */
export async function goalsOfUsers(
  db: Executor,
  userIds: number[],
): Promise<{ goal: GoalRow; userId: number }[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ goal: goals, userId: accounts.userId })
    .from(goals)
    .innerJoin(accounts, eq(accounts.accountNumber, goals.accountNumber))
    .where(and(inArray(accounts.userId, userIds), isNull(accounts.closedAt)))
    .orderBy(asc(accounts.openedAt), asc(goals.accountNumber), asc(goals.position));
}

/** The goals of one Student's open savings accounts, each account's in their order. */
export async function goalsOfUser(db: Executor, userId: number): Promise<GoalRow[]> {
  return (await goalsOfUsers(db, [userId])).map((row) => row.goal);
}
