import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { limits, participationText as m, type Goal } from '@bank/shared';
import type { Executor, Tx } from '../../db/client.js';
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
  /** Its new place among the account's goals (1 fills first); the others shift to make room. */
  position?: number | undefined;
}

async function goalCount(tx: Executor, accountNumber: string): Promise<number> {
  const [found] = await tx.select({ n: count() }).from(goals).where(eq(goals.accountNumber, accountNumber));
  return found?.n ?? 0;
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
    const existing = await goalCount(tx, account.accountNumber);
    // A rule of the bank, not a malformed request: 409, as the document says.
    if (existing >= limits.goalsPerAccountMax) throw conflict(m.goalTooMany);
    const [created] = await tx
      .insert(goals)
      .values({
        accountNumber: account.accountNumber,
        name: input.name,
        amountCents: input.amountCents,
        targetDate: input.targetDate,
        createdAt: now,
        // Last: a new goal fills from what the goals before it leave (money already promised stays theirs).
        position: existing + 1,
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

/**
 * The actor's own goal, read again under its account's lock: creating, moving and deleting goals of
 * one account take that lock, so places stay 1, 2, 3… however the calls interleave.
 */
async function lockOwnGoal(tx: Tx, actor: Actor, goalId: number): Promise<GoalRow> {
  const goal = await findOwnGoal(tx, actor, goalId);
  await lockAccounts(tx, [goal.accountNumber]);
  return findOwnGoal(tx, actor, goalId);
}

/**
 * Puts a goal at `to` among its account's goals; those between its old and new place shift by one.
 * One statement: the unique place is checked at commit (migration 0021), not row by row.
 */
async function moveGoal(tx: Tx, goal: GoalRow, to: number): Promise<void> {
  const count = await goalCount(tx, goal.accountNumber);
  if (to > count) {
    const message = m.goalPositionRange(count);
    throw badRequest(message, { position: message });
  }
  const from = goal.position;
  if (to === from) return;
  await tx
    .update(goals)
    .set({
      position: sql`case
        when ${goals.id} = ${goal.id} then ${to}::integer
        when ${goals.position} between least(${from}::integer, ${to}::integer) and greatest(${from}::integer, ${to}::integer)
          then ${goals.position} + sign(${from}::integer - ${to}::integer)::integer
        else ${goals.position} end`,
    })
    .where(eq(goals.accountNumber, goal.accountNumber));
}

/**
 * PUT /user/goals/{goalId}: the owner changes its name, amount, date or place. A new amount is a new
 * goal to reach; a new place changes what every goal of the account holds.
 */
export async function updateGoal(
  db: Executor,
  actor: Actor,
  goalId: number,
  change: GoalChange,
  now: Date,
): Promise<Goal> {
  const row = await inTransaction(db, async (tx) => {
    const goal = await lockOwnGoal(tx, actor, goalId);
    if (change.position !== undefined) await moveGoal(tx, goal, change.position);
    const amountChanged = change.amountCents !== undefined && change.amountCents !== goal.amountCents;
    const values = {
      ...(change.name === undefined ? {} : { name: change.name }),
      ...(change.amountCents === undefined ? {} : { amountCents: change.amountCents }),
      ...(change.targetDate === undefined ? {} : { targetDate: change.targetDate }),
      ...(amountChanged ? { reachedAt: null } : {}),
    };
    // Only a new place: nothing else to write.
    if (Object.keys(values).length === 0) return findOwnGoal(tx, actor, goal.id);
    const [updated] = await tx.update(goals).set(values).where(eq(goals.id, goal.id)).returning();
    return updated!;
  });
  return viewOne(db, row, now);
}

/** DELETE /user/goals/{goalId}: the owner; the goals after it move up one place. */
export async function deleteGoal(db: Executor, actor: Actor, goalId: number): Promise<void> {
  await inTransaction(db, async (tx) => {
    const goal = await lockOwnGoal(tx, actor, goalId);
    await tx.delete(goals).where(eq(goals.id, goal.id));
    await tx
      .update(goals)
      .set({ position: sql`${goals.position} - 1` })
      .where(and(eq(goals.accountNumber, goal.accountNumber), gt(goals.position, goal.position)));
  });
}
