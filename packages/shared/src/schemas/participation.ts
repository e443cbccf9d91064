/**
 * Students who take part (API.md "Students who take part"): a class banker's requests and the
 * teacher's decisions on them, and savings goals.
 */
import { z } from 'zod';
import { limits, REQUEST_STATUSES } from '../constants.js';
import { messages, participationText as m } from '../messages.js';
import { toCents } from '../money.js';
import { accountType } from './accounts.js';
import { batchKind } from './classroom.js';
import { amountInCents } from './common.js';
import { calendarDate } from './schedules.js';
import { idCursor, pageLimitOf, queueCursor } from './paging.js';
import { text } from './text.js';
import { chosenAccount, memo, reversalReason } from './transactions.js';

export const requestStatus = z.enum(REQUEST_STATUSES);

/** An amount of 0 or more with at most 2 decimals, as cents: the banker limit (0 = nothing at once). */
export const limitInCents = z
  .number({ error: m.bankerLimitInvalid })
  .min(0, m.bankerLimitInvalid)
  .max(limits.maxAmountCents / 100, m.bankerLimitInvalid)
  .multipleOf(0.01, m.bankerLimitInvalid)
  .transform((amount, ctx) => {
    const cents = Number.isFinite(amount) ? toCents(amount) : null;
    if (cents === null || cents < 0 || cents > limits.maxAmountCents) {
      ctx.addIssue({ code: 'custom', message: m.bankerLimitInvalid });
      return z.NEVER;
    }
    return cents;
  });

/** POST /user/requests and /user/requests/preview. */
export const createRequestBody = z.object({
  kind: batchKind,
  accountId: chosenAccount(m.requestAccountNotFound),
  amount: amountInCents({ notNumber: messages.amountInvalid, notPositive: messages.amountInvalid }),
  memo,
});
export type CreateRequestBody = z.input<typeof createRequestBody>;

/**
 * A banker's request. `student` and `studentName` are the classmate whose account it is, for the
 * screens; `requestedBy` and `decidedBy` are usernames (`decidedBy` null when the bank's limit
 * approved it, or while it waits).
 */
export const bankerRequest = z.object({
  requestId: z.number().int(),
  bankId: z.number().int(),
  kind: batchKind,
  accountId: z.string(),
  accountType,
  student: z.string(),
  studentName: z.string(),
  amount: z.number(),
  memo: z.string().nullable(),
  requestedBy: z.string(),
  requestedByName: z.string(),
  status: requestStatus,
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
  transactionId: z.number().int().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type BankerRequest = z.infer<typeof bankerRequest>;

/**
 * A request as staff see it: also whether the account can pay it now (`canPay`: a waiting
 * withdrawal the account cannot cover waits like any other; true for a waiting deposit; null once
 * decided), and the account's `balance` and `available` now in the list (null in the answer to a
 * decision). Never in a banker's answers.
 */
export const staffRequest = bankerRequest.extend({
  canPay: z.boolean().nullable(),
  balance: z.number().nullable(),
  available: z.number().nullable(),
});
export type StaffRequest = z.infer<typeof staffRequest>;

/**
 * What a banker may learn before sending: whose account, and whether it goes at once, which
 * depends on the amount, the day's limit and the classmate's waiting requests, never on their
 * money (no balance, no `available`, not whether it can pay).
 */
export const requestPreview = z.object({
  username: z.string(),
  name: z.string(),
  goesAtOnce: z.boolean(),
});
export type RequestPreview = z.infer<typeof requestPreview>;

/** GET /teller/requests/{bankId}: by status; a page of the queue (waiting oldest first, then the rest newest first). */
export const requestsQuery = z.object({
  status: requestStatus.optional(),
  limit: pageLimitOf(limits.requestsPageDefault, limits.listPageMax),
  cursor: queueCursor,
});
/** GET /user/requests/{username}: a page of a banker's requests, newest first. */
export const bankerRequestsQuery = z.object({
  limit: pageLimitOf(limits.requestsPageDefault, limits.listPageMax),
  cursor: idCursor,
});
export const rejectBody = z.object({ reason: reversalReason });
export type RejectBody = z.input<typeof rejectBody>;

/** A classmate a banker may ask for: names and open accounts, nothing of their money. */
export const classmate = z.object({
  username: z.string(),
  name: z.string(),
  displayName: z.string().nullable(),
  accounts: z.array(z.object({ accountId: z.string(), accountType })),
});
export type Classmate = z.infer<typeof classmate>;

// ---------------------------------------------------------------------------------------------
// Savings goals

const goalName = text({
  label: 'Name',
  max: limits.goalNameMaxLength,
  required: m.goalNameRequired,
  tooLong: m.goalNameTooLong,
});
const goalAmount = amountInCents({ notNumber: m.goalAmountInvalid, notPositive: m.goalAmountInvalid });
const goalDate = calendarDate.nullish().transform((value) => value ?? null);

export const createGoalBody = z.object({
  accountId: chosenAccount(messages.notFound),
  name: goalName,
  amount: goalAmount,
  targetDate: goalDate,
});
export type CreateGoalBody = z.input<typeof createGoalBody>;

/** A goal's place among its account's goals: 1 fills first (API.md "Goals share nothing"). */
const positionRange = m.goalPositionRange(limits.goalsPerAccountMax);
const goalPosition = z
  .number({ error: positionRange })
  .int(positionRange)
  .min(1, positionRange)
  .max(limits.goalsPerAccountMax, positionRange);

export const updateGoalBody = z
  .object({
    name: goalName.optional(),
    amount: goalAmount.optional(),
    targetDate: calendarDate.nullable().optional(),
    position: goalPosition.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), m.goalNothingToChange);
export type UpdateGoalBody = z.input<typeof updateGoalBody>;

/**
 * A savings goal (API.md "Goals share nothing"). An account's goals fill in their order from its
 * `available` balance: the goal at `position` 1 takes what it needs, the next what is left, so no
 * two goals count the same dollars. `held` is what this goal holds of it; `progress` = held ÷
 * amount, at most 1; `left` what is still missing; `balance` the account's available balance they
 * all fill from. The pace is the account's average weekly saving over the last 8 weeks with its
 * interest; `weeksToGo` is how many weeks at that pace until this goal is full, after the goals
 * before it (null when it is not growing, or the goal is reached).
 */
export const goal = z.object({
  goalId: z.number().int(),
  accountId: z.string(),
  name: z.string(),
  amount: z.number(),
  targetDate: z.string().nullable(),
  createdAt: z.string(),
  position: z.number().int(),
  held: z.number(),
  progress: z.number(),
  reachedAt: z.string().nullable(),
  balance: z.number(),
  left: z.number(),
  weeklySaving: z.number(),
  weeksToGo: z.number().int().nullable(),
});
export type Goal = z.infer<typeof goal>;
