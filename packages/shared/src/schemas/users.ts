import { z } from 'zod';
import { limits, ROLES, USERNAME_PATTERN } from '../constants.js';
import { messages, participationText } from '../messages.js';
import { identifierText, text } from './text.js';

export const role = z.enum(ROLES);

/** What the API answers for a user: never a password or its hash. `userId` equals `username`. */
export const user = z.object({
  userId: z.string(),
  username: z.string(),
  name: z.string(),
  displayName: z.string().nullable(),
  userRole: role,
  bankId: z.number().int(),
  branchId: z.number().int().nullable(),
  mustChangePassword: z.boolean(),
  /** A Student the teacher made a class banker (API.md "Students who take part"). */
  banker: z.boolean(),
});
export type User = z.infer<typeof user>;

/**
 * GET /admin/signInAddress: the address students use to reach the bank (the PUBLIC_URL setting),
 * printed on sign-in slips; null when the server was not given one.
 */
export const signInAddress = z.object({ publicUrl: z.string().nullable() });
export type SignInAddress = z.infer<typeof signInAddress>;

const requiredIdOrName = z
  .string({ error: messages.userIdAndNameRequired })
  .trim()
  .min(1, messages.userIdAndNameRequired);

const personName = text({
  label: 'Name',
  max: limits.nameMaxLength,
  tooLong: messages.nameTooLong,
  required: messages.userIdAndNameRequired,
});

/**
 * An optional id chosen in a picker: a positive integer or its digits; the empty choice, null and
 * absence all mean "none". Stricter than z.coerce, which would read `true` as 1.
 */
const optionalId = z
  .union([z.number(), z.string(), z.null()], { error: messages.validation })
  .meta({
    anyOf: [
      { type: 'integer', minimum: 1, maximum: 2_147_483_647, nullable: true },
      {
        type: 'string',
        pattern: '^([1-9][0-9]{0,8})?$',
        description: 'the digits of a positive integer, or empty for none',
      },
    ],
  })
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === null || value === '') return null;
    const id = typeof value === 'string' && /^[0-9]{1,10}$/.test(value) ? Number(value) : value;
    if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0 || id > 2_147_483_647) {
      ctx.addIssue({ code: 'custom', message: messages.validation });
      return z.NEVER;
    }
    return id;
  });

function requireStudentBranch(
  value: { userRole: string; branchId: number | null },
  ctx: z.RefinementCtx,
  field: string,
) {
  if (value.userRole === 'USER' && value.branchId === null) {
    ctx.addIssue({ code: 'custom', path: [field], message: messages.studentNeedsBranch });
  }
}

export const createUserBody = z
  .object({
    // Trimmed, then 3 to 32 of A-Z a-z 0-9 . _ - (the document shows that pattern).
    username: requiredIdOrName
      .meta({ pattern: USERNAME_PATTERN.source })
      .pipe(z.string().regex(USERNAME_PATTERN, messages.userIdFormat)),
    name: personName,
    userRole: role.default('USER'),
    /** If sent, it must be the admin's own bank. */
    bankId: optionalId,
    branchId: optionalId,
  })
  .superRefine((v, ctx) => requireStudentBranch(v, ctx, 'branchId'));
export type CreateUserBody = z.input<typeof createUserBody>;

export const updateUserBody = z
  .object({
    /** The path names the user; if sent here too it must agree (a User Id never changes). */
    userId: identifierText('User Id').optional(),
    name: personName,
    userRole: role,
    branch: optionalId,
    /** Optional: absent leaves it as it is (the product spec's client does not know it). */
    banker: z.boolean().optional(),
  })
  .transform(({ branch, ...rest }) => ({ ...rest, branchId: branch }))
  .superRefine((v, ctx) => requireStudentBranch(v, ctx, 'branch'))
  .superRefine((v, ctx) => {
    if (v.banker && v.userRole !== 'USER')
      ctx.addIssue({ code: 'custom', path: ['banker'], message: participationText.bankerOnlyStudents });
  });
export type UpdateUserBody = z.input<typeof updateUserBody>;

/**
 * `[currentPassword, newPassword]`. The strength rules (length, not the User Id) are checked by the
 * server after the current password, so that a wrong current password is what the user hears first.
 * No password is ever longer than the maximum, so an over-long current one is simply wrong.
 */
export const updatePasswordBody = z.tuple([
  z.string().max(limits.passwordMaxLength, messages.currentPasswordWrong),
  z.string().max(limits.passwordMaxLength, messages.newPasswordTooLong),
]);

/**
 * The display name arrives as a raw text body: trimmed, at most 64 characters, no control
 * characters; empty (or no body at all) clears it.
 */
export const displayNameText = text({
  label: 'Display name',
  max: limits.displayNameMaxLength,
  tooLong: messages.displayNameTooLong,
})
  .nullish()
  .transform((s) => s ?? '');
