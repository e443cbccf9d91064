import { pgErrorCode } from '../../db/pg-error.js';

/**
 * SQLSTATE classes that say "not now" rather than "not this item": connection trouble (08),
 * a transaction to run again (40: serialization failure, deadlock), the server short of resources
 * (53) or stopping or cancelling work (57: a restart, a statement timeout), a system error (58).
 */
const TRANSIENT_CLASSES = new Set(['08', '40', '53', '57', '58']);
/** A lock that could not be taken in time (lock_timeout). */
const LOCK_NOT_AVAILABLE = '55P03';
/** What Node's socket says when the database cannot be reached, or went away. */
const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);
const CONNECTION_MESSAGE = /connection terminated|connection error|timeout exceeded when trying to connect/i;

/**
 * Whether an item's error is the database's passing trouble rather than the item's own: such an
 * item is left for the next pass, not recorded as failed (a restart must not stop every schedule).
 */
export function isTransient(error: unknown): boolean {
  const code = pgErrorCode(error);
  if (code) return TRANSIENT_CLASSES.has(code.slice(0, 2)) || code === LOCK_NOT_AVAILABLE;
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code: errno, message } = e as { code?: unknown; message?: unknown };
    if (typeof errno === 'string' && CONNECTION_ERRORS.has(errno)) return true;
    if (typeof message === 'string' && CONNECTION_MESSAGE.test(message)) return true;
  }
  return false;
}
