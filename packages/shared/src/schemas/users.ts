import { z } from 'zod';
import { limits, ROLES } from '../constants.js';
import { messages } from '../messages.js';
import { positiveId } from './common.js';

export const role = z.enum(ROLES);

export const user = z.object({
  userId: z.string(),
  username: z.string(),
  name: z.string(),
  displayName: z.string().nullable(),
  userRole: role,
  bankId: z.number().int(),
  branchId: z.number().int().nullable(),
  mustChangePassword: z.boolean(),
});
export type User = z.infer<typeof user>;

const requiredIdOrName = z
  .string({ error: messages.userIdAndNameRequired })
  .trim()
  .min(1, messages.userIdAndNameRequired);

const optionalBranchId = z
  .union([positiveId, z.null(), z.literal('')])
  .optional()
  .transform((v) => (v === '' || v === undefined ? null : v));

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
    username: requiredIdOrName.pipe(z.string().regex(/^[A-Za-z0-9._-]{3,32}$/, messages.userIdFormat)),
    name: requiredIdOrName.pipe(z.string().max(limits.nameMaxLength, messages.nameTooLong)),
    userRole: role.default('USER'),
    bankId: positiveId.optional(),
    branchId: optionalBranchId,
  })
  .superRefine((v, ctx) => requireStudentBranch(v, ctx, 'branchId'));
export type CreateUserBody = z.input<typeof createUserBody>;

export const updateUserBody = z
  .object({
    userId: z.string().optional(),
    name: requiredIdOrName.pipe(z.string().max(limits.nameMaxLength, messages.nameTooLong)),
    userRole: role,
    branch: optionalBranchId,
  })
  .transform(({ branch, ...rest }) => ({ ...rest, branchId: branch }))
  .superRefine((v, ctx) => requireStudentBranch(v, ctx, 'branch'));
export type UpdateUserBody = z.input<typeof updateUserBody>;

export const updatePasswordBody = z.tuple([
  z.string().max(limits.passwordMaxLength),
  z.string().max(limits.passwordMaxLength, messages.newPasswordTooLong),
]);

/** The display name arrives as a raw text body: trimmed, at most 64 characters, no control characters. */
export const displayNameText = z
  .string()
  .transform((s) => s.trim())
  .pipe(
    z
      .string()
      .max(limits.displayNameMaxLength, messages.displayNameTooLong)
      // eslint-disable-next-line no-control-regex
      .refine((s) => !/[\u0000-\u001f\u007f-\u009f]/.test(s), messages.displayNameControlChars),
  );
