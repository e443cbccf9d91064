import { dictionary } from '@zxcvbn-ts/language-common';

/** How many of the most common passwords a new password may not be (API.md "Sessions"). */
const COMMON_COUNT = 10_000;

/**
 * zxcvbn-ts's list of leaked passwords is ordered by how often they occur; its first 10,000 are
 * the most common ones. Compared lower-cased, so "Password" counts as "password".
 */
const common = new Set(dictionary['passwords-common'].slice(0, COMMON_COUNT).map((p) => p.toLowerCase()));

export const isCommonPassword = (password: string): boolean => common.has(password.toLowerCase());
