import { errorReasons, type ErrorBody, type ErrorReason } from '@bank/shared';
import { authStore } from './auth-store';
import { uiText } from './ui-text';

/**
 * An answer other than 2xx, or no answer at all (status 0). `message` is the server's
 * (API.md: "safe to show to a person") or, when the server sent none, a generic text.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorBody['error'] | 'NETWORK' | 'UNKNOWN';
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

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as a raw text/plain body. */
  text?: string;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Send the bearer token and treat a 401 as the end of the session (default true). */
  auth?: boolean;
}

let onUnauthorized: (() => void) | null = null;

/** The app decides what a 401 means for the screens (sign out locally, go to login). */
export function setUnauthorizedHandler(handler: (() => void) | null) {
  onUnauthorized = handler;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

async function errorFrom(response: Response): Promise<ApiError> {
  const raw = await response.text().catch(() => '');
  const fallback = response.status >= 500 ? uiText.serverError : response.statusText || uiText.unknownError;
  try {
    const body = JSON.parse(raw) as Partial<ErrorBody>;
    if (body && typeof body.message === 'string') {
      const code = (typeof body.error === 'string' ? body.error : 'UNKNOWN') as ApiError['code'];
      const reason = errorReasons.find((known) => known === body.reason);
      return new ApiError(response.status, code, body.message, body.fields, reason);
    }
  } catch {
    // Not JSON: some answers (a failed sign-in) are plain text.
  }
  const text = raw.trim();
  const message = text && text.length <= 300 && !text.startsWith('<') ? text : fallback;
  return new ApiError(response.status, 'UNKNOWN', message);
}

/**
 * The one function that talks HTTP. It always checks the status: any non-2xx becomes an ApiError
 * carrying the server's {error, message}; a 401 on an authenticated call ends the session.
 */
export async function request(path: string, options: RequestOptions = {}): Promise<Response> {
  const { method = 'GET', json, text, query, signal, auth = true } = options;
  const headers: Record<string, string> = {
    Accept: 'application/json, text/plain;q=0.9',
    ...options.headers,
  };
  let body: string | undefined;
  if (json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (text !== undefined) {
    // A caller may name another text type (the roster import sends text/csv).
    headers['Content-Type'] ??= 'text/plain; charset=utf-8';
    body = text;
  }
  const token = authStore.get()?.token;
  if (auth && token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), { method, headers, body, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'NETWORK', uiText.networkError);
  }
  if (!response.ok) {
    const error = await errorFrom(response);
    if (response.status === 401 && auth) onUnauthorized?.();
    throw error;
  }
  return response;
}

async function readJson<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const raw = await response.text();
  return (raw ? JSON.parse(raw) : undefined) as T;
}

export const api = {
  async json<T>(path: string, options?: RequestOptions): Promise<T> {
    return readJson<T>(await request(path, options));
  },
  /** For lists that page with a header (X-Next-Cursor). */
  async jsonWithHeaders<T>(path: string, options?: RequestOptions): Promise<{ data: T; headers: Headers }> {
    const response = await request(path, options);
    return { data: await readJson<T>(response), headers: response.headers };
  },
  async text(path: string, options?: RequestOptions): Promise<string> {
    return (await request(path, options)).text();
  },
  /** A file (a statement PDF) as a Blob, fetched with the bearer token like every other call. */
  async blob(path: string, options?: RequestOptions): Promise<Blob> {
    return (await request(path, options)).blob();
  },
  async none(path: string, options?: RequestOptions): Promise<void> {
    await request(path, options);
  },
};

/** A message for any error thrown by a call. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return uiText.unknownError;
}
