import { z } from 'zod';
import { limits, TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../constants.js';
import { messages, schoolYearText } from '../messages.js';
import { accountNumber, amountInCents, text } from './common.js';

export const transactionType = z.enum(TRANSACTION_TYPES);

export const transaction = z.object({
  id: z.number().int(),
  accountId: z.string(),
  type: transactionType,
  description: z.string(),
  amount: z.number(),
  transactionDate: z.string(),
  postedDate: z.string().nullable(),
  status: z.enum(TRANSACTION_STATUSES),
  accountBalance: z.number().nullable(),
  transferId: z.string().nullable(),
  /** The optional note given with a deposit, withdrawal, transfer or payday; null when none. */
  memo: z.string().nullable(),
  /** The class payday (POST /teller/batches) it was written by; null otherwise. */
  batchId: z.string().nullable(),
  /** For a reversal: the transaction it undoes; null otherwise (API.md "The school year"). */
  reversalOf: z.number().int().nullable(),
  /** For a reversed transaction: its reversal; null otherwise. */
  reversedBy: z.number().int().nullable(),
  /**
   * The moment the money was given or taken (API.md "Teachers without dead ends"): the day a row
   * shows, in the bank's time zone; `transactionDate` stays the day it posts.
   */
  createdAt: z.string(),
});
export type Transaction = z.infer<typeof transaction>;

export const chosenAccount = (message: string) => z.string({ error: message }).regex(/^[0-9]{10}$/, message);

/**
 * The optional memo of a money movement (API.md "Classroom tools"): the text rule, trimmed, at most
 * 60 characters. Absent, null or blank means no memo (a form's empty memo field), stored as null.
 */
export const memo = text({ label: 'Memo', max: limits.memoMaxLength, tooLong: messages.memoTooLong })
  .nullish()
  .transform((value) => (value ? value : null));

export const transferBody = z
  .object({
    fromAccountId: chosenAccount(messages.sourceAccountInvalid),
    toAccountId: chosenAccount(messages.targetAccountInvalid),
    amount: amountInCents({ notNumber: messages.amountInvalid, notPositive: messages.amountInvalid }),
    memo,
  })
  .refine((v) => v.fromAccountId !== v.toAccountId, {
    message: messages.targetAccountInvalid,
    path: ['toAccountId'],
  });
export type TransferBody = z.input<typeof transferBody>;

export const depositBody = z.object({
  accountId: chosenAccount(messages.depositAccountMissing),
  amount: amountInCents({
    notNumber: messages.depositAmountNotNumber,
    notPositive: messages.depositAmountNotPositive,
  }),
  memo,
});
export type DepositBody = z.input<typeof depositBody>;

export const withdrawalBody = z.object({
  accountId: chosenAccount(messages.withdrawalAccountMissing),
  amount: amountInCents({
    notNumber: messages.withdrawalAmountNotNumber,
    notPositive: messages.withdrawalAmountNotPositive,
  }),
  memo,
});
export type WithdrawalBody = z.input<typeof withdrawalBody>;

const description = text({
  label: 'Description',
  max: limits.descriptionMaxLength,
  tooLong: messages.descriptionTooLong,
  required: messages.descriptionRequired,
});

/** A transaction id (bigserial): a positive integer JavaScript holds exactly. */
export const transactionId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const createTransactionBody = z.object({
  accountId: accountNumber,
  type: transactionType,
  description,
  amount: amountInCents({ notNumber: messages.amountInvalid, notPositive: messages.amountInvalid }),
  /** Sent by the spec's client; the server always sets the date itself. */
  transactionDate: z.unknown().optional(),
});
export type CreateTransactionBody = z.input<typeof createTransactionBody>;

/** A date `YYYY-MM-DD` or a full ISO date-time. */
const dateOrDateTime = z
  .union([z.iso.date(), z.iso.datetime({ offset: true, local: true })], {
    error: messages.transactionDateInvalid,
  })
  // The year is 1900 or later (the server refuses earlier ones): the document says so.
  .meta({ pattern: '^(19[0-9]{2}|[2-9][0-9]{3})-' });

export const updateTransactionBody = z.object({
  id: transactionId,
  description,
  transactionDate: dateOrDateTime,
  amount: amountInCents({ notNumber: messages.amountInvalid, notPositive: messages.amountInvalid }),
});
export type UpdateTransactionBody = z.input<typeof updateTransactionBody>;

export const transactionPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(limits.transactionPageMax).default(limits.transactionPageMax),
  /**
   * The X-Next-Cursor of the previous page (`{postingSeq}-{id}` or `p-{id}`): the next page starts
   * below it. Each number has at most 15 digits, so it is exact as a JSON number (below 2^53) and
   * the pattern alone (which the document shows) is the whole rule.
   */
  cursor: z
    .string()
    .regex(/^(p|[1-9][0-9]{0,14})-[1-9][0-9]{0,14}$/, messages.pageCursorInvalid)
    .optional()
    .describe('X-Next-Cursor of the previous page: `{postingSeq}-{id}` or `p-{id}`'),
});

export const transferResult = z.object({
  transferId: z.string(),
  debit: transaction,
  credit: transaction,
});
export type TransferResult = z.infer<typeof transferResult>;

export const postingResult = z.object({ posted: z.number().int() });

/** Why a transaction or a payday is reversed: kept as the reversal's memo. */
export const reversalReason = text({
  label: 'Reason',
  max: limits.reversalReasonMaxLength,
  required: schoolYearText.reasonRequired,
  tooLong: schoolYearText.reasonTooLong,
});

/** POST /admin/transactions/{transactionId}/reverse. */
export const reverseBody = z.object({ reason: reversalReason });
export type ReverseBody = z.input<typeof reverseBody>;

/** 201: the reversal's transactions (two for a transfer). */
export const reverseResult = z.object({ reversalOf: z.number().int(), transactions: z.array(transaction) });
export type ReverseResult = z.infer<typeof reverseResult>;
