/** What PostgreSQL (either driver) said about a failed statement, if it was PostgreSQL that refused. */
export interface PgErrorInfo {
  /** The SQLSTATE, e.g. 23505 (unique_violation). */
  code: string;
  constraint: string | undefined;
}

/** The database error inside `error`, looking through the wrappers Drizzle puts around it. */
export function pgError(error: unknown): PgErrorInfo | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    }
  }
  return undefined;
}

/**
 * The DETAIL of a database error, parsed as JSON: what a database function says about its refusal
 * beyond its SQLSTATE (the figures a message needs). Undefined when there is none.
 */
export function pgErrorDetail<T>(error: unknown): T | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, detail } = e as { code?: unknown; detail?: unknown };
    if (typeof code === 'string' && typeof detail === 'string') return JSON.parse(detail) as T;
  }
  return undefined;
}

/** The SQLSTATE of a database error, or undefined for any other error. */
export const pgErrorCode = (error: unknown): string | undefined => pgError(error)?.code;

export const pgErrorCodes = {
  uniqueViolation: '23505',
  checkViolation: '23514',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
} as const;
