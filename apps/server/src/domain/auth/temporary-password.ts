import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { limits } from '@bank/shared';
import { dictionary } from '@zxcvbn-ts/language-common';
import { hashPassword } from './passwords.js';

/**
 * Temporary passwords a child can read and type (API.md "Sessions"): three common lower-case words
 * and two digits joined by '-', e.g. "maple-tiger-river-42". The words are the EFF's long diceware
 * list (chosen for memorable, inoffensive words; shipped by zxcvbn-ts) cut to words of 3-6 plain
 * letters. The digits are 2-9: without 0 and 1 nothing can be mistaken for o or l.
 */
const WORDS = dictionary['diceware-common'].filter((word) => /^[a-z]{3,6}$/.test(word));
const DIGITS = '23456789';
const WORD_COUNT = 3;

/** Bits of randomness in one temporary password (about 40.4 with the list as shipped). */
export const temporaryPasswordBits = WORD_COUNT * Math.log2(WORDS.length) + 2 * Math.log2(DIGITS.length);

export function generateTemporaryPassword(): string {
  const words = Array.from({ length: WORD_COUNT }, () => WORDS[randomInt(WORDS.length)]!);
  const digits = DIGITS[randomInt(DIGITS.length)]! + DIGITS[randomInt(DIGITS.length)]!;
  return [...words, digits].join('-');
}

/** When a temporary password issued now stops signing in: 7 days, by the database's clock. */
export const temporaryPasswordExpiry = () =>
  sql`now() + make_interval(secs => ${limits.temporaryPasswordTtlSeconds})`;

/**
 * A new temporary password and the user columns that make it one (user creation, roster import,
 * password reset): its hash, the must-change-password mark, and its expiry. Hashing is deliberately
 * slow: call this before opening a transaction, not while holding its locks.
 */
export async function issueTemporaryPassword() {
  const password = generateTemporaryPassword();
  const columns = {
    passwordHash: await hashPassword(password),
    mustChangePassword: true,
    temporaryPasswordExpiresAt: temporaryPasswordExpiry(),
  };
  return { password, columns };
}
