/**
 * The school year (API.md "The school year"): schedules that pay or bill a class on their own, at
 * 06:00 in the bank's time zone, and the record of every run.
 */
import { z } from 'zod';
import { ACCOUNT_NUMBER_PATTERN, limits, SCHEDULE_EVERY, SHORTFALL_RULES } from '../constants.js';
import { AMOUNT_FROM, economyText, type AmountFrom } from '../economy-text.js';
import { messages, schoolYearText as m } from '../messages.js';
import { accountType } from './accounts.js';
import { batchKind, batchPreview } from './classroom.js';
import { amountInCents, positiveId } from './common.js';
import { pageLimitOf, runCursor } from './paging.js';
import { text } from './text.js';
import { memo } from './transactions.js';

export const scheduleEvery = z.enum(SCHEDULE_EVERY);
export const shortfallRule = z.enum(SHORTFALL_RULES);
/** Where a run's amount comes from: the schedule's own, or each Student's jobs' wages (issue 34). */
export const amountFrom = z.enum(AMOUNT_FROM);

/**
 * What is wrong with a schedule's amount terms, or null: a fixed amount needs one; wages are paid,
 * never billed. The server checks a change of a saved schedule by the same rule (update-schedule.ts).
 */
export function amountTermsProblem(terms: {
  kind: string;
  amountFrom: AmountFrom;
  hasAmount: boolean;
}): { field: 'amount' | 'amountFrom'; message: string } | null {
  if (terms.amountFrom === 'fixed')
    return terms.hasAmount ? null : { field: 'amount', message: economyText.scheduleAmountRequired };
  return terms.kind === 'deposit'
    ? null
    : { field: 'amountFrom', message: economyText.scheduleWageOnlyDeposit };
}

const scheduleName = text({
  label: 'Name',
  max: limits.scheduleNameMaxLength,
  required: m.scheduleNameRequired,
  tooLong: m.scheduleNameTooLong,
});

/** A calendar date, YYYY-MM-DD, that exists (2026-02-30 does not). */
/** `YYYY-MM-DD` with a four-digit year from 1000 (a year 0410 is not a school day). */
export const calendarDate = z.iso
  .date({ error: m.scheduleStartDateInvalid })
  .regex(/^[1-9][0-9]{3}-/, m.scheduleStartDateInvalid);

/** Each account at most once; every repeat after the first is named. */
function refuseRepeats(ids: string[], ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  ids.forEach((id, index) => {
    if (seen.has(id)) ctx.addIssue({ code: 'custom', path: [index], message: m.scheduleAccountRepeated });
    seen.add(id);
  });
}

const accountIds = z
  .array(z.string().regex(ACCOUNT_NUMBER_PATTERN, m.scheduleAccountNotFound), {
    error: m.scheduleTargetInvalid,
  })
  .min(1, m.scheduleTargetInvalid)
  .max(limits.scheduleAccountsMax, m.scheduleTooManyAccounts)
  .superRefine(refuseRepeats)
  // The document says what refuseRepeats refuses.
  .meta({ uniqueItems: true });

/**
 * Whom a schedule pays or bills: every Student of a branch (those who join later too), each on
 * their open account of the schedule's `accountType`; or a fixed list of the bank's accounts.
 */
export const scheduleTarget = z.union(
  [z.strictObject({ branchId: positiveId }), z.strictObject({ accountIds })],
  { error: m.scheduleTargetInvalid },
);
export type ScheduleTarget = z.infer<typeof scheduleTarget>;

const scheduleAmount = amountInCents({
  notNumber: m.scheduleAmountInvalid,
  notPositive: m.scheduleAmountInvalid,
});

/**
 * POST /teller/schedules. With `amountFrom: "wage"` each Student is paid their jobs' wages and
 * `amount` is not used (it may be left out); otherwise `amount` is required.
 */
export const createScheduleBody = z
  .object({
    name: scheduleName,
    kind: batchKind,
    amount: scheduleAmount.optional(),
    amountFrom: amountFrom.default('fixed'),
    memo,
    every: scheduleEvery,
    startDate: calendarDate,
    target: scheduleTarget,
    accountType: accountType.default('CHECKING'),
    shortfall: shortfallRule.default('skip'),
  })
  .superRefine((body, ctx) => {
    const problem = amountTermsProblem({ ...body, hasAmount: body.amount !== undefined });
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
export type CreateScheduleBody = z.input<typeof createScheduleBody>;
export type ParsedScheduleBody = z.output<typeof createScheduleBody>;

/** A memo change: absent leaves it, null or blank clears it. */
const memoChange = text({ label: 'Memo', max: limits.memoMaxLength, tooLong: messages.memoTooLong })
  .nullish()
  .transform((value) => (value === undefined ? undefined : value || null));

/** PUT /teller/schedules/{scheduleId}: any of the fields, and `active` to pause or resume. */
export const updateScheduleBody = z
  .object({
    name: scheduleName.optional(),
    amount: scheduleAmount.optional(),
    amountFrom: amountFrom.optional(),
    memo: memoChange,
    every: scheduleEvery.optional(),
    startDate: calendarDate.optional(),
    target: scheduleTarget.optional(),
    accountType: accountType.optional(),
    shortfall: shortfallRule.optional(),
    active: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), m.scheduleNothingToChange);
export type UpdateScheduleBody = z.input<typeof updateScheduleBody>;
export type ParsedScheduleChange = z.output<typeof updateScheduleBody>;

/**
 * An account a run left out, and why. `username` and `name` are its owner's, for the screen;
 * `accountId` is null for a Student of the branch who has no open account of the schedule's type.
 */
export const leftOutItem = z.object({
  accountId: z.string().nullable(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  reason: z.string(),
});

/** A withdrawal a run could only take part of (shortfall "partial"): asked and paid, in currency units. */
export const cutItem = z.object({
  accountId: z.string(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  asked: z.number(),
  paid: z.number(),
});

/**
 * One run of a schedule. `runAt` is the occurrence's instant (06:00 in the bank's zone), or the
 * moment of a Run now (`extra`). A run pays as one payday, or as several when it pays more than a
 * payday may (`batchIds`, each of at most 1,000 payments; `count` and `total` are the whole run's).
 * `batchId` is the first of them, null when the run paid nothing (everyone left out, or `problem`
 * says why it did not run). `leftOut` and `cut` list at most 1,000 accounts each; `leftOutCount`
 * and `cutCount` count them all.
 */
export const scheduleRun = z.object({
  runAt: z.string(),
  extra: z.boolean(),
  batchId: z.string().nullable(),
  batchIds: z.array(z.string()),
  count: z.number().int(),
  total: z.number(),
  leftOut: z.array(leftOutItem),
  leftOutCount: z.number().int(),
  cut: z.array(cutItem),
  cutCount: z.number().int(),
  problem: z.string().nullable(),
  ranBy: z.string().nullable(),
});
export type ScheduleRun = z.infer<typeof scheduleRun>;

export const schedule = z.object({
  scheduleId: z.number().int(),
  bankId: z.number().int(),
  name: z.string(),
  kind: batchKind,
  /** Null when it pays wages (`amountFrom` "wage"). */
  amount: z.number().nullable(),
  amountFrom,
  memo: z.string().nullable(),
  every: scheduleEvery,
  startDate: z.string(),
  target: scheduleTarget,
  accountType,
  shortfall: shortfallRule,
  active: z.boolean(),
  /** The next occurrence's instant; null while paused. */
  nextRun: z.string().nullable(),
  lastRun: scheduleRun.nullable(),
  /**
   * Why the schedule stopped on its own, and when: its run failed, or may not happen (its maker may
   * no longer make this kind of payment). Null otherwise; resuming it clears both.
   */
  pausedReason: z.string().nullable(),
  stoppedAt: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type Schedule = z.infer<typeof schedule>;

/** GET /teller/schedules/{scheduleId}/preview: the next run as a payday preview, and when. */
export const schedulePreview = batchPreview.extend({ runAt: z.string().nullable() });
export type SchedulePreview = z.infer<typeof schedulePreview>;

/** GET /teller/schedules/{scheduleId}/runs: a page of runs, newest first. */
export const runsQuery = z.object({
  limit: pageLimitOf(limits.scheduleRunsPageDefault, limits.scheduleRunsPageMax),
  cursor: runCursor,
});
