import { inspect } from 'node:util';
import { DrizzleQueryError } from 'drizzle-orm';
import { pgErrorCode } from './pg-error.js';

/**
 * Any thrown value as a line an operator can act on. A database error is its reason and its
 * SQLSTATE, not the wrapper Drizzle puts around it ("Failed query: <the SQL> params: ..."), which
 * hides the reason behind the statement. Not everything thrown is an Error (PGlite's runtime
 * throws its exit status as a plain object), and String() of an object is "[object Object]".
 */
export function describeError(error: unknown): string {
  const database = databaseError(error);
  if (database) return `${database.message} (PostgreSQL error ${database.code})`;
  if (error instanceof DrizzleQueryError && error.cause !== undefined) return describeError(error.cause);
  if (error instanceof AggregateError && !error.message)
    return error.errors.map(describeError).join('; ') || error.name;
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error || 'an empty error';
  const message = (error as { message?: unknown } | null)?.message;
  if (typeof message === 'string' && message) return message;
  return inspect(error, { depth: 2, breakLength: Infinity, maxStringLength: 500 });
}

/** The error PostgreSQL (or PGlite) itself raised, found inside the wrappers around it. */
function databaseError(error: unknown): { code: string; message: string } | undefined {
  const code = pgErrorCode(error);
  if (!code) return undefined;
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code: own, message, syscall } = e as { code?: unknown; message?: unknown; syscall?: unknown };
    // A system call's error (EPERM, EROFS) has a code of five capitals too.
    if (own === code && typeof message === 'string' && syscall === undefined) return { code, message };
  }
  return undefined;
}
