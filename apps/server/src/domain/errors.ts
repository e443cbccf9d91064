import { messages, type ErrorCode, type ErrorReason } from '@bank/shared';

export interface AppErrorOptions {
  /** The particular rule (shared `errorReasons`); the broad `code` when none is more precise. */
  reason?: ErrorReason;
  /** Headers the answer carries, e.g. Retry-After. */
  headers?: Record<string, string>;
}

/**
 * A failure a person can be told about. It carries everything its answer needs (status, code,
 * reason, message, fields, headers), so the one error handler turns it into the error body
 * without knowing any domain class.
 */
export class AppError extends Error {
  readonly reason: ErrorReason;
  readonly headers: Record<string, string>;

  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    options: AppErrorOptions = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.reason = options.reason ?? code;
    this.headers = options.headers ?? {};
  }
}

export const badRequest = (
  message: string,
  fields?: Record<string, string>,
  reason: Extract<
    ErrorReason,
    'VALIDATION' | 'CURRENT_PASSWORD_WRONG' | 'PASSWORD_TOO_WEAK' | 'CSV_MALFORMED' | 'IMPORT_ROWS_INVALID'
  > = 'VALIDATION',
) => new AppError(400, 'VALIDATION', message, fields, { reason });
export const unauthenticated = () => new AppError(401, 'UNAUTHENTICATED', messages.unauthenticated);
export const forbidden = (
  message: string = messages.forbidden,
  reason: Extract<
    ErrorReason,
    | 'FORBIDDEN'
    | 'TELLER_PERMISSION_MISSING'
    | 'TICKET_STATUS_ADMIN_ONLY'
    | 'PASSWORD_CHANGE_REQUIRED'
    | 'NO_CLASS'
    | 'NOT_YOUR_CLASS'
  > = 'FORBIDDEN',
) => new AppError(403, 'FORBIDDEN', message, undefined, { reason });
/** Also the answer for another bank's or another customer's resource: we never confirm it exists. */
export const notFound = () => new AppError(404, 'NOT_FOUND', messages.notFound);
export const conflict = (message: string, reason: ErrorReason = 'CONFLICT') =>
  new AppError(409, 'CONFLICT', message, undefined, { reason });
