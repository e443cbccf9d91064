import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { limits } from '@bank/shared';
import { hashPassword } from './passwords.js';
import { kindWords } from './kind-words/words.js';

/**
 * Temporary passwords a child can read and type (API.md "Sessions"): three common lower-case words
 * and two digits joined by '-', e.g. "maple-tiger-river-42". The words are a list chosen for
 * children: short, common, concrete and kind (kind-words/README.md says where they came from and how
 * they were reviewed). The digits are 2-9: without 0 and 1 nothing can be mistaken for o or l.
 */
const WORDS = kindWords;
const DIGITS = '23456789';
const WORD_COUNT = 3;

/** Bits of randomness in one temporary password: 3 * log2(words) + 2 * log2(8), about 36.8. */
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

export type TemporaryPassword = Awaited<ReturnType<typeof issueTemporaryPassword>>;

/**
 * Hashing runs on libuv's small thread pool (4 threads), which sign-ins need too: at most two
 * hashes at a time, so a class's import or slips never stop the bank's users from signing in.
 */
const HASHES_AT_ONCE = 2;

/** `count` temporary passwords (a roster import, a class's new slips), hashed two at a time. */
export async function issueTemporaryPasswords(count: number): Promise<TemporaryPassword[]> {
  const issued = new Array<TemporaryPassword>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const slot = next++;
      issued[slot] = await issueTemporaryPassword();
    }
  };
  await Promise.all(Array.from({ length: Math.min(HASHES_AT_ONCE, count) }, worker));
  return issued;
}
