import { limits } from './constants.js';
import { messages } from './messages.js';

export interface NewPasswordContext {
  /** The user id (login name): a password equal to it, in any case, is refused. */
  userId: string;
  /** The current password as typed, when known: the new one must differ. */
  currentPassword?: string;
  /**
   * Whether a password is among the 10,000 most common. The server passes the real check (its
   * list is large); the web form leaves it out and shows the server's answer for that rule.
   */
  isCommon?: (password: string) => boolean;
}

/**
 * The rule for a new password (API.md "Sessions"), in the order a person fixes them: the first
 * rule broken, as the message to show, or null when the password is acceptable.
 */
export function newPasswordProblem(password: string, context: NewPasswordContext): string | null {
  // In characters as a person counts them (an emoji is one), as the document counts them.
  const length = [...password].length;
  if (length < limits.passwordMinLength) return messages.newPasswordTooShort;
  if (length > limits.passwordMaxLength) return messages.newPasswordTooLong;
  if (password.trim() === '') return messages.newPasswordOnlySpaces;
  if (password.toLowerCase() === context.userId.toLowerCase()) return messages.newPasswordIsUserId;
  if (context.currentPassword !== undefined && password === context.currentPassword) {
    return messages.newPasswordIsCurrent;
  }
  if (context.isCommon?.(password)) return messages.newPasswordTooCommon;
  return null;
}
