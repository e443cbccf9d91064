import { z } from 'zod';
import { ACCOUNT_TYPES } from '../constants.js';
import { messages } from '../messages.js';
import { identifierText, positiveId, requiredId, textPattern } from './common.js';

export const accountType = z.enum(ACCOUNT_TYPES);

export const account = z.object({
  id: z.string(),
  accountId: z.string(),
  accountType,
  balance: z.number(),
  branchId: z.number().int(),
  bankId: z.number().int(),
  username: z.string(),
  /**
   * How many of its transactions are still pending (beyond the product spec): an empty account with
   * any cannot be closed yet, and Manage Accounts says so for every row from the one list.
   */
  pendingCount: z.number().int().min(0),
  /** `balance` less what waiting requests hold (API.md "Students who take part"): what may be spent. */
  available: z.number(),
});
export type Account = z.infer<typeof account>;

/** The owner, named by userId or username: not blank (the document's pattern says so). */
const owner = () =>
  identifierText('User Id')
    .meta({ pattern: textPattern(false, true) })
    .optional();

/** An account in the bank's list (GET /teller/accounts/bank/{bankId}): with its owner's name (issue 33). */
export const bankAccount = account.extend({ ownerName: z.string() });
export type BankAccount = z.infer<typeof bankAccount>;

export const createAccountBody = z
  .object({
    branchId: requiredId(messages.branchRequired),
    userId: owner(),
    username: owner(),
    accountType: accountType.default('CHECKING'),
    bankId: positiveId.optional(),
  })
  // One of the two is required: the document states it (JSON Schema), the refine below refuses it.
  .meta({ anyOf: [{ required: ['userId'] }, { required: ['username'] }] })
  .transform(({ userId, username, ...rest }) => ({ ...rest, username: (userId ?? username ?? '').trim() }))
  .refine((v) => v.username.length > 0, { message: messages.userRequired, path: ['userId'] });
export type CreateAccountBody = z.input<typeof createAccountBody>;
