import { z } from 'zod';
import { limits } from '../constants.js';
import { messages, schoolYearText } from '../messages.js';
import { toCents } from '../money.js';
import { positiveId, text } from './common.js';
import { limitInCents } from './participation.js';

export const bankSettings = z.object({
  bankId: z.number().int(),
  bankName: z.string(),
  checkingActive: z.boolean(),
  savingsActive: z.boolean(),
  savingsRate: z.number(),
  tellerDepositPermission: z.boolean(),
  tellerWithdrawalPermission: z.boolean(),
  tellerTransferPermission: z.boolean(),
  /** IANA time zone the bank's schedules run in (06:00 local); "UTC" until an admin sets it. */
  timeZone: z.string(),
  /** A banker's request of at most this amount is approved at once, by the bank (0: none). */
  bankerLimit: z.number(),
  /**
   * What a teacher (a TELLER) may do for the Students of their own branch (API.md "Teachers
   * without dead ends"): reverse, reset passwords and reprint slips, make class bankers.
   */
  tellerCanReverse: z.boolean(),
  tellerCanResetPasswords: z.boolean(),
  tellerCanManageBankers: z.boolean(),
});
export type BankSettings = z.infer<typeof bankSettings>;

/** A percent from 0 to savingsRateMaxPercent with at most 2 decimals, as hundredths (250 = 2.50 %). */
export const savingsRateInHundredths = z
  .number({ error: messages.savingsRateInvalid })
  .min(0, messages.savingsRateInvalid)
  .max(limits.savingsRateMaxPercent, messages.savingsRateInvalid)
  .multipleOf(0.01, messages.savingsRateInvalid)
  .transform((rate, ctx) => {
    const hundredths = toCents(rate);
    if (hundredths === null || hundredths < 0 || hundredths > limits.savingsRateMaxPercent * 100) {
      ctx.addIssue({ code: 'custom', message: messages.savingsRateInvalid });
      return z.NEVER;
    }
    return hundredths;
  });

export const bankName = text({
  label: 'Bank name',
  max: limits.bankNameMaxLength,
  required: messages.bankNameBlank,
});

/** True for a time zone name this runtime knows ("America/New_York", "UTC"). */
export function isKnownTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const timeZone = z
  .string({ error: schoolYearText.timeZoneInvalid })
  .max(limits.timeZoneMaxLength, schoolYearText.timeZoneInvalid)
  .refine(
    (name) => /^[A-Za-z0-9_+\-/]+$/.test(name) && isKnownTimeZone(name),
    schoolYearText.timeZoneInvalid,
  );

export const updateBankBody = z.object({
  bankId: positiveId.optional(),
  bankName,
  checkingActive: z.boolean(),
  savingsActive: z.boolean(),
  savingsRate: savingsRateInHundredths,
  tellerDepositPermission: z.boolean(),
  tellerWithdrawalPermission: z.boolean(),
  tellerTransferPermission: z.boolean(),
  /** Optional: a client that does not know it (the product spec's) leaves it as it is. */
  timeZone: timeZone.optional(),
  bankerLimit: limitInCents.optional(),
  /** Optional, like timeZone: absent leaves each as it is. */
  tellerCanReverse: z.boolean().optional(),
  tellerCanResetPasswords: z.boolean().optional(),
  tellerCanManageBankers: z.boolean().optional(),
});
export type UpdateBankBody = z.input<typeof updateBankBody>;
