import { and, count, eq, isNull } from 'drizzle-orm';
import { limits, participationText as m, type Goal } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { accounts, goals } from '../../db/schema.js';
import { findVisibleUser } from '../access.js';
import { isStaff, type Actor } from '../actor.js';
import { badRequest, conflict, forbidden, notFound } from '../errors.js';
import { lockAccounts } from '../ledger/index.js';
import { goalsOfUser, viewGoals, type GoalRow } from './goal-view.js';

export interface GoalInput {
  accountId: string;
  name: string;
  amountCents: number;
  targetDate: string | null;
}

export interface GoalChange {
  name?: string | undefined;
  amountCents?: number | undefined;
  targetDate?: string | null | undefined;
}

async function viewOne(db: Executor, row: GoalRow, now: Date): Promise<Goal> {
  const [view] = await viewGoals(db, [row], now);
  return view!;
}

/**
 * POST /user/goals: a Student sets a goal on one of their own open SAVINGS accounts, at most 5 an
 * account (counted under the account's lock, so two at once cannot make a sixth). An account not
 * one's own is a 404; staff are refused with 403 (a goal is the Student's own call).
 */
export async function createGoal(db: Executor, actor: Actor, input: GoalInput, now: Date): Promise<Goal> {
  if (isStaff(actor)) throw forbidden();
  const row = await inTransaction(db, async (tx) => {
    const account = (await lockAccounts(tx, [input.accountId])).get(input.accountId);
    if (!account || account.closedAt !== null || account.userId !== actor.id) throw notFound();
    if (account.type !== 'SAVINGS') throw badRequest(m.goalSavingsOnly, { accountId: m.goalSavingsOnly });
    const [existing] = await tx
      .select({ n: count() })
      .from(goals)
      .where(eq(goals.accountNumber, account.accountNumber));
    // A rule of the bank, not a malformed request: 409, as the document says.
    if ((existing?.n ?? 0) >= limits.goalsPerAccountMax) throw conflict(m.goalTooMany);
    const [created] = await tx
      .insert(goals)
      .values({
        accountNumber: account.accountNumber,
        name: input.name,
        amountCents: input.amountCents,
        targetDate: input.targetDate,
        createdAt: now,
      })
      .returning();
    return created!;
  });
  return viewOne(db, row, now);
}

/** GET /user/goals/{username}: the Student themself, or staff of their bank. */
export async function listGoals(db: Executor, actor: Actor, username: string, now: Date): Promise<Goal[]> {
  const user = await findVisibleUser(db, actor, username);
  return viewGoals(db, await goalsOfUser(db, user.id), now);
}

/** A goal on an open account of the actor's own; anything else is a 404 (staff: 403, a Student's own call). */
async function findOwnGoal(db: Executor, actor: Actor, goalId: number): Promise<GoalRow> {
  if (isStaff(actor)) throw forbidden();
  const [found] = await db
    .select({ goal: goals })
    .from(goals)
    .innerJoin(accounts, eq(accounts.accountNumber, goals.accountNumber))
    .where(and(eq(goals.id, goalId), eq(accounts.userId, actor.id), isNull(accounts.closedAt)))
    .limit(1);
  if (!found) throw notFound();
  return found.goal;
}

/** PUT /user/goals/{goalId}: the owner changes its name, amount or date. A new amount is a new goal to reach. */
export async function updateGoal(
  db: Executor,
  actor: Actor,
  goalId: number,
  change: GoalChange,
  now: Date,
): Promise<Goal> {
  const goal = await findOwnGoal(db, actor, goalId);
  const amountChanged = change.amountCents !== undefined && change.amountCents !== goal.amountCents;
  const [row] = await db
    .update(goals)
    .set({
      ...(change.name === undefined ? {} : { name: change.name }),
      ...(change.amountCents === undefined ? {} : { amountCents: change.amountCents }),
      ...(change.targetDate === undefined ? {} : { targetDate: change.targetDate }),
      ...(amountChanged ? { reachedAt: null } : {}),
    })
    .where(eq(goals.id, goal.id))
    .returning();
  return viewOne(db, row!, now);
}

/** DELETE /user/goals/{goalId}: the owner. */
export async function deleteGoal(db: Executor, actor: Actor, goalId: number): Promise<void> {
  const goal = await findOwnGoal(db, actor, goalId);
  await db.delete(goals).where(eq(goals.id, goal.id));
}
