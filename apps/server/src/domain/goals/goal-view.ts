import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { fromCents, type Goal } from '@bank/shared';
import { arrayParam } from '../../db/set-params.js';
import type { Executor } from '../../db/client.js';
import { accounts, banks, goals, transactions } from '../../db/schema.js';
import { PACE_WEEKS, weeklySavingCents, weeksToGoal } from './pace.js';

export type GoalRow = typeof goals.$inferSelect;

interface AccountPace {
  balanceCents: number;
  openedAt: Date;
  ratePercent: number;
  grownCents: number;
}

/** Each account's balance, savings rate and growth over the last 8 weeks: two queries for all. */
async function paceOf(db: Executor, accountNumbers: string[], now: Date): Promise<Map<string, AccountPace>> {
  const numbers = arrayParam(accountNumbers, sql`char(10)`);
  const since = new Date(now.getTime() - PACE_WEEKS * 7 * 24 * 60 * 60 * 1000);
  const [found, grown] = await Promise.all([
    db
      .select({
        accountNumber: accounts.accountNumber,
        balanceCents: accounts.balanceCents,
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
        balanceCents: row.balanceCents,
        openedAt: row.openedAt,
        ratePercent: row.rateHundredths / 100,
        grownCents: growth.get(row.accountNumber) ?? 0,
      },
    ]),
  );
}

function toGoal(row: GoalRow, pace: AccountPace, now: Date): Goal {
  const weekly = weeklySavingCents(pace.grownCents, pace.openedAt, now);
  const reached = pace.balanceCents >= row.amountCents;
  return {
    goalId: row.id,
    accountId: row.accountNumber,
    name: row.name,
    amount: fromCents(row.amountCents),
    targetDate: row.targetDate,
    createdAt: row.createdAt.toISOString(),
    progress: Math.min(1, pace.balanceCents / row.amountCents),
    reachedAt: row.reachedAt?.toISOString() ?? (reached ? now.toISOString() : null),
    balance: fromCents(pace.balanceCents),
    left: fromCents(Math.max(0, row.amountCents - pace.balanceCents)),
    weeklySaving: fromCents(weekly),
    weeksToGo: weeksToGoal({
      balanceCents: pace.balanceCents,
      goalCents: row.amountCents,
      weeklyCents: weekly,
      annualRatePercent: pace.ratePercent,
    }),
  };
}

/**
 * Goals as the API answers them. A goal whose balance has reached its amount gets its `reachedAt`
 * the first time anyone looks (so it is celebrated once, from then on); an update that finds it
 * already set keeps the first.
 */
export async function viewGoals(db: Executor, rows: GoalRow[], now: Date): Promise<Goal[]> {
  if (rows.length === 0) return [];
  const paces = await paceOf(db, [...new Set(rows.map((row) => row.accountNumber))], now);
  const views = rows.map((row) => toGoal(row, paces.get(row.accountNumber)!, now));
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

/** The goals of these Students' open savings accounts, each with its owner, oldest first. */
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
    .orderBy(asc(goals.createdAt), asc(goals.id));
}

/** The goals of one Student's open savings accounts, oldest first. */
export async function goalsOfUser(db: Executor, userId: number): Promise<GoalRow[]> {
  return (await goalsOfUsers(db, [userId])).map((row) => row.goal);
}
