/**
 * The class economy (API.md "The class economy"): class jobs with wages, and awards (bonuses and
 * fines in two clicks). Amounts are currency units in, integer cents after parsing.
 */
import { z } from 'zod';
import { ACCOUNT_NUMBER_PATTERN, USERNAME_PATTERN } from '../constants.js';
import { economyLimits as limits, economyText as m } from '../economy-text.js';
import { batchKind } from './classroom.js';
import { amountInCents, positiveId } from './common.js';
import { leftOutItem } from './schedules.js';
import { text } from './text.js';

/** Each value at most once; every repeat after the first is named by its index. */
const refuseRepeatsWith =
  (message: string, key: (value: string) => string = (value) => value) =>
  (values: string[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    values.forEach((value, index) => {
      if (seen.has(key(value))) ctx.addIssue({ code: 'custom', path: [index], message });
      seen.add(key(value));
    });
  };

/** User Ids are one person whatever their case (users_username_lower_unique). */
const byUsername = (value: string) => value.toLowerCase();

// ---------------------------------------------------------------------------------------------
// Jobs

const jobName = text({
  label: 'Name',
  max: limits.jobNameMaxLength,
  required: m.jobNameRequired,
  tooLong: m.jobNameTooLong,
});
const wage = amountInCents({ notNumber: m.jobWageInvalid, notPositive: m.jobWageInvalid });

/** The Students who hold a job (the whole list: it replaces the one before). */
const holders = z
  .array(z.string().regex(USERNAME_PATTERN, m.jobHolderNotStudent))
  .max(limits.jobHoldersMax, m.jobTooManyHolders)
  .superRefine(refuseRepeatsWith(m.jobHolderRepeated, byUsername))
  .meta({ description: 'User Ids, each at most once (whatever its case)' });

/** POST /teller/jobs: `branchId` absent is the teacher's own class (an admin's: every branch). */
export const createJobBody = z.object({
  name: jobName,
  wage,
  branchId: positiveId.nullish(),
});
export type CreateJobBody = z.input<typeof createJobBody>;
export type ParsedJobBody = z.output<typeof createJobBody>;

/** PUT /teller/jobs/{jobId}: any of name, wage and holders. */
export const updateJobBody = z
  .object({ name: jobName.optional(), wage: wage.optional(), holders: holders.optional() })
  .refine((body) => Object.values(body).some((value) => value !== undefined), m.jobNothingToChange);
export type UpdateJobBody = z.input<typeof updateJobBody>;
export type ParsedJobChange = z.output<typeof updateJobBody>;

/** A class job: `branchId` null is every branch's; `holders` are User Ids, by User Id. */
export const job = z.object({
  jobId: z.number().int(),
  bankId: z.number().int(),
  branchId: z.number().int().nullable(),
  name: z.string(),
  wage: z.number(),
  holders: z.array(z.string()),
});
export type Job = z.infer<typeof job>;

/**
 * A job on a Student's job board (GET /user/jobBoard/{username}): a job of their class or of every
 * class. `holderNames` are the classmates who hold it besides the Student, as a classmate sees them
 * (the display name, else the first name), never a User Id, a balance or another class's Student;
 * `holderCount` counts every holder, the Student and other classes' included.
 */
export const boardJob = z.object({
  jobId: z.number().int(),
  branchId: z.number().int().nullable(),
  name: z.string(),
  wage: z.number(),
  mine: z.boolean(),
  holderCount: z.number().int(),
  holderNames: z.array(z.string()),
});
export type BoardJob = z.infer<typeof boardJob>;

// ---------------------------------------------------------------------------------------------
// Awards

const awardName = text({
  label: 'Name',
  max: limits.awardNameMaxLength,
  required: m.awardNameRequired,
  tooLong: m.awardNameTooLong,
});
const awardAmount = amountInCents({ notNumber: m.awardAmountInvalid, notPositive: m.awardAmountInvalid });

/** POST /teller/awards: a bonus (`deposit`) or a fine (`withdrawal`) of a fixed amount. */
export const createAwardBody = z.object({ name: awardName, kind: batchKind, amount: awardAmount });
export type CreateAwardBody = z.input<typeof createAwardBody>;
export type ParsedAwardBody = z.output<typeof createAwardBody>;

/** PUT /teller/awards/{awardId}: any of its fields. */
export const updateAwardBody = z
  .object({ name: awardName.optional(), kind: batchKind.optional(), amount: awardAmount.optional() })
  .refine((body) => Object.values(body).some((value) => value !== undefined), m.awardNothingToChange);
export type UpdateAwardBody = z.input<typeof updateAwardBody>;
export type ParsedAwardChange = z.output<typeof updateAwardBody>;

export const award = z.object({
  awardId: z.number().int(),
  bankId: z.number().int(),
  name: z.string(),
  kind: batchKind,
  amount: z.number(),
});
export type Award = z.infer<typeof award>;

const whom = <T extends z.ZodType<string>>(item: T, key?: (value: string) => string) =>
  z
    .array(item, { error: m.giveWhomInvalid })
    .min(1, m.giveWhomInvalid)
    .max(limits.awardGiveMax, m.giveTooMany)
    .superRefine(refuseRepeatsWith(m.giveRepeated, key))
    .meta({ uniqueItems: true });

/**
 * POST /teller/awards/{awardId}/give: the accounts, or the Students (each on their CHECKING
 * account), the award goes to, each at most once.
 */
export const giveAwardBody = z
  .object({
    accountIds: whom(z.string().regex(ACCOUNT_NUMBER_PATTERN, m.giveAccountNotFound)).optional(),
    usernames: whom(z.string().regex(USERNAME_PATTERN, m.giveStudentNotFound), byUsername)
      .meta({ description: 'User Ids, each at most once (whatever its case)' })
      .optional(),
  })
  // One list or the other: a union would hide the list's own message behind a general one.
  .superRefine((body, ctx) => {
    if ((body.accountIds === undefined) === (body.usernames === undefined))
      ctx.addIssue({ code: 'custom', message: m.giveWhomInvalid });
  })
  .meta({ description: 'Exactly one of accountIds and usernames.' });
export type GiveAwardBody = z.input<typeof giveAwardBody>;
export type ParsedGiveAward = z.output<typeof giveAwardBody>;

/**
 * 201 of a give: the payday it made (`batchId` null when it paid nobody), how many it paid and how
 * much in all, and whom it left out and why (a fine a Student cannot pay, no CHECKING account).
 */
export const giveAwardResult = z.object({
  batchId: z.string().nullable(),
  count: z.number().int(),
  total: z.number(),
  leftOut: z.array(leftOutItem),
});
export type GiveAwardResult = z.infer<typeof giveAwardResult>;
