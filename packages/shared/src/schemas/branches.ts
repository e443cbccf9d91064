import { z } from 'zod';
import { limits } from '../constants.js';
import { messages } from '../messages.js';
import { positiveId, text } from './common.js';

export const branch = z.object({
  id: z.number().int(),
  branchId: z.number().int(),
  branchName: z.string(),
  numOfAccounts: z.number().int(),
  bankId: z.number().int(),
});
export type Branch = z.infer<typeof branch>;

/** A branch's name: the text rule, at most 80 characters (also a class the roster import creates). */
export const branchName = text({
  label: 'Branch name',
  max: limits.branchNameMaxLength,
  tooLong: messages.branchNameTooLong,
  required: messages.branchNameBlank,
});

export const createBranchBody = z.object({
  branchName,
  bankId: positiveId.optional(),
  /** Sent by the spec's client; always counted by the server instead. */
  numOfAccounts: z.unknown().optional(),
});
export type CreateBranchBody = z.input<typeof createBranchBody>;

export const updateBranchBody = z.object({
  branchId: positiveId,
  branchName,
});
export type UpdateBranchBody = z.input<typeof updateBranchBody>;
