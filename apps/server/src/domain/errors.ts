import { messages, type ErrorBody } from '@bank/shared';

type Code = ErrorBody['error'];

/** A failure a person can be told about: the one error handler turns it into `{error, message, fields}`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: Code,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'VALIDATION', message, fields);
export const unauthenticated = () => new AppError(401, 'UNAUTHENTICATED', messages.unauthenticated);
export const forbidden = (message: string = messages.forbidden) => new AppError(403, 'FORBIDDEN', message);
/** Also the answer for another bank's or another customer's resource: we never confirm it exists. */
export const notFound = () => new AppError(404, 'NOT_FOUND', messages.notFound);
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
