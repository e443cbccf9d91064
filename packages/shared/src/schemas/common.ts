import { z } from 'zod';
import { ACCOUNT_NUMBER_PATTERN, limits, USERNAME_PATTERN } from '../constants.js';
import { errorCodes, errorReasons } from '../errors.js';
import { messages } from '../messages.js';
import { toCents } from '../money.js';

export const positiveId = z.coerce.number().int().positive().max(2_147_483_647);
/**
 * A chosen id from a picker: a positive integer (or its digits as a string); anything else, the
 * empty choice included, is reported with the form's own message.
 */
export function requiredId(message: string) {
  return z
    .unknown()
    .meta({
      anyOf: [
        { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
        { type: 'string', pattern: '^[1-9][0-9]{0,8}$', description: 'the digits of a positive integer' },
      ],
    })
    .transform((value, ctx) => {
      const id = typeof value === 'string' && /^[0-9]{1,10}$/.test(value) ? Number(value) : value;
      if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0 || id > 2_147_483_647) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return id;
    });
}

export const username = z.string().regex(USERNAME_PATTERN, messages.userIdFormat);
export const accountNumber = z.string().regex(ACCOUNT_NUMBER_PATTERN, 'An account number is 10 digits.');

export interface AmountMessages {
  notNumber: string;
  notPositive: string;
}

/**
 * A JSON amount in currency units, checked and turned into integer cents exactly once, here at the
 * edge (ARCHITECTURE.md rule 3). The messages are the spec's for the form the amount comes from.
 */
export function amountInCents(m: AmountMessages) {
  // The checks are zod's own, so the document shows them: exclusiveMinimum 0, maximum, multipleOf 0.01.
  return z
    .number({ error: m.notNumber })
    .positive(m.notPositive)
    .max(limits.maxAmountCents / 100, messages.amountTooLarge)
    .multipleOf(0.01, messages.amountTooManyDecimals)
    .transform((amount, ctx) => {
      const cents = toCents(amount);
      if (cents === null) {
        ctx.addIssue({ code: 'custom', message: messages.amountTooManyDecimals });
        return z.NEVER;
      }
      return cents;
    });
}

/** The one error body of the API: `message` is safe to show to a person, `reason` is for programs. */
export const errorBody = z.object({
  error: z.enum(errorCodes),
  reason: z.enum(errorReasons),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export * from './text.js';
