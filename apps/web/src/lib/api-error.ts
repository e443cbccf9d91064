import { errorCodes, errorReasons, type ErrorCode, type ErrorReason } from '@bank/shared/errors';
import { screenMessages } from '@bank/shared/messages';

/**
 * How the web app reads a failed answer, in one place for the HTTP client (lib/api-client.ts) and
 * the sign-in page's two calls (features/auth/sign-in-call.ts). Free of the contract and zod, so
 * the sign-in page, which runs before the app has loaded (issue 13), can use it.
 */

/**
 * An answer other than 2xx, or no answer at all (status 0). `message` is the server's
 * (API.md: "safe to show to a person") or, when the server sent none, a generic text.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'NETWORK' | 'UNKNOWN';
  readonly fields: Record<string, string> | undefined;
  /** The particular rule the server named (`BRANCH_EXISTS`, `INSUFFICIENT_FUNDS`, …), if it named one. */
  readonly reason: ErrorReason | undefined;

  constructor(
    status: number,
    code: ApiError['code'],
    message: string,
    fields?: Record<string, string>,
    reason?: ErrorReason,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.reason = reason;
  }

  /** The server answered, so (API.md) a failed request changed nothing. */
  get answered(): boolean {
    return this.status > 0;
  }
}

/** No answer at all: the bank could not be reached. */
export const networkError = () => new ApiError(0, 'NETWORK', screenMessages.ui.networkError);

/** JSON, or null for a body that is not (a failed sign-in answers plain text). */
export function parsed(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    // Not JSON: some answers (a failed sign-in) are plain text.
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function fieldsOf(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const fields: Record<string, string> = {};
  for (const [field, message] of Object.entries(value))
    if (typeof message === 'string') fields[field] = message;
  return fields;
}

/** The error body `{error, message, fields?, reason?}`, else a short plain text, else a generic text. */
export async function errorFrom(response: Response): Promise<ApiError> {
  const raw = await response.text().catch(() => '');
  const fallback =
    response.status >= 500
      ? screenMessages.ui.serverError
      : response.statusText || screenMessages.ui.unknownError;
  const body = parsed(raw);
  if (isRecord(body) && typeof body.message === 'string') {
    const code = errorCodes.find((known) => known === body.error) ?? 'UNKNOWN';
    const reason = errorReasons.find((known) => known === body.reason);
    return new ApiError(response.status, code, body.message, fieldsOf(body.fields), reason);
  }
  const text = raw.trim();
  const message = text && text.length <= 300 && !text.startsWith('<') ? text : fallback;
  return new ApiError(response.status, 'UNKNOWN', message);
}
