/**
 * Why the API refused a request, for programs: `error` is the broad class (one per status),
 * `reason` the particular rule, `message` the text for a person. A client may branch on `reason`;
 * the message may change wording, the reason does not.
 */
export const errorCodes = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'INTERNAL',
  'UNAVAILABLE',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorReasons = [
  // 400: the request breaks a rule of its own; `fields` says which field.
  'VALIDATION',
  'CURRENT_PASSWORD_WRONG',
  'PASSWORD_TOO_WEAK',
  'CSV_MALFORMED',
  'IMPORT_ROWS_INVALID',
  // 401
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  // 403
  'FORBIDDEN',
  'TELLER_PERMISSION_MISSING',
  // A teacher acting for a Student: they have no class (branch), or it is not this Student's.
  'NO_CLASS',
  'NOT_YOUR_CLASS',
  'PASSWORD_CHANGE_REQUIRED',
  'TICKET_STATUS_ADMIN_ONLY',
  // 404 (also for another bank's or customer's record: we never confirm it exists)
  'NOT_FOUND',
  // 405: the address exists, with other methods (the Allow header)
  'METHOD_NOT_ALLOWED',
  // 409
  'CONFLICT',
  'INSUFFICIENT_FUNDS',
  'ACCOUNT_CLOSED',
  'ACCOUNT_NOT_EMPTY',
  'ACCOUNT_TYPE_NOT_OFFERED',
  'ACCOUNT_OWNER_NOT_STUDENT_OF_BRANCH',
  'BRANCH_EXISTS',
  'BRANCH_IN_USE',
  'USERNAME_TAKEN',
  'USER_HAS_OPEN_ACCOUNTS',
  'STUDENT_HAS_OPEN_ACCOUNTS',
  'LAST_ADMIN',
  'IDEMPOTENCY_KEY_REUSED',
  'ALREADY_REVERSED',
  'REVERSAL_NOT_REVERSIBLE',
  'TRANSACTION_REVERSED',
  'SCHEDULE_TOO_BIG',
  // The store (API.md "The class economy"): no stock left, the Student's limit for the item reached.
  'SOLD_OUT',
  'LIMIT_REACHED',
  // Auctions: a bid below the least allowed, an auction no longer taking bids or changes.
  'BID_TOO_LOW',
  'AUCTION_ENDED',
  'AUCTION_HAS_BIDS',
  // 413
  'PAYLOAD_TOO_LARGE',
  // 429
  'RATE_LIMITED',
  'LOGIN_THROTTLED',
  // 500
  'INTERNAL',
  // 503, with Retry-After: nothing is wrong with the request; send it again later
  'UNAVAILABLE',
  'BUSY',
] as const;
export type ErrorReason = (typeof errorReasons)[number];
