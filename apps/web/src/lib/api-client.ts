import { pathOf, type BodyOf, type ParamsOf, type QueryOf, type Route, type SuccessOf } from '@bank/shared';
import { ApiError, errorFrom, networkError, parsed } from './api-error';
import { authStore } from './auth-store';
import { JSON_ACCEPT, takeEarlyAnswer } from './early-answers';
import { uiText } from './ui-text';

export { ApiError };

interface RequestOptions {
  method: Route['method'];
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as a raw text body of this media type. */
  text?: { type: NonNullable<Route['consumes']>; content: string };
  query?: Readonly<Record<string, unknown>> | undefined;
  headers: Record<string, string>;
  signal?: AbortSignal | undefined;
  /** Send the bearer token and treat a 401 as the end of the session (default true). */
  auth?: boolean | undefined;
}

let onUnauthorized: (() => void) | null = null;

/** The app decides what a 401 means for the screens (sign out locally, go to login). */
export function setUnauthorizedHandler(handler: (() => void) | null) {
  onUnauthorized = handler;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

/** A GET of JSON with the session's token and no other header: what early-answers.ts asks for. */
function isPlainRead(
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  token: string | undefined,
): token is string {
  return (
    method === 'GET' &&
    body === undefined &&
    token !== undefined &&
    Object.keys(headers).length === 2 &&
    headers.Accept === JSON_ACCEPT &&
    headers.Authorization === `Bearer ${token}`
  );
}

/**
 * The one function that talks HTTP. It always checks the status: any non-2xx becomes an ApiError
 * carrying the server's {error, message}; a 401 on an authenticated call ends the session.
 */
async function request(path: string, options: RequestOptions): Promise<Response> {
  const { method, json, text, query, signal, auth = true } = options;
  const headers = { ...options.headers };
  let body: string | undefined;
  if (json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (text !== undefined) {
    headers['Content-Type'] = `${text.type}; charset=utf-8`;
    body = text.content;
  }
  const token = authStore.get()?.token;
  if (auth && token) headers.Authorization = `Bearer ${token}`;

  const url = buildUrl(path, query);
  let response: Response;
  try {
    // A first screen's read that the entry asked for before the app loaded (early-answers.ts): the
    // same request, so its response is taken instead (a failed one is asked again).
    const early = isPlainRead(method, headers, body, token) ? await takeEarlyAnswer(url, token) : undefined;
    response = early ?? (await fetch(url, { method, headers, body, signal }));
  } catch (error) {
    if (signal?.aborted) throw error;
    throw networkError();
  }
  if (!response.ok) {
    const error = await errorFrom(response);
    if (response.status === 401 && auth) onUnauthorized?.();
    throw error;
  }
  return response;
}

/** What a call answers: the entry's success body (nothing for a 204), or a Blob for a file. */
export type ResultOf<R extends Route> = R extends { produces: 'application/pdf' } ? Blob : SuccessOf<R>;

type ParamsOption<R extends Route> = R extends { params: object }
  ? { params: ParamsOf<R> }
  : { params?: never };
type QueryOption<R extends Route> = R extends { query: object } ? { query?: QueryOf<R> } : { query?: never };
type BodyOption<R extends Route> = R extends { body: object }
  ? undefined extends BodyOf<R>
    ? { body?: BodyOf<R> }
    : { body: BodyOf<R> }
  : { body?: never };

/** What a call sends: the entry's path parameters, query and body, typed from its schemas. */
export type CallOptions<R extends Route> = ParamsOption<R> &
  QueryOption<R> &
  BodyOption<R> & {
    headers?: Record<string, string>;
    signal?: AbortSignal;
    /** Send the bearer token and treat a 401 as the end of the session (default true). */
    auth?: boolean;
  };

/** The options may be left out when the entry needs none. */
type CallArgs<R extends Route> =
  Record<never, never> extends CallOptions<R> ? [options?: CallOptions<R>] : [options: CallOptions<R>];

interface LooseOptions {
  params?: Readonly<Record<string, unknown>>;
  query?: Readonly<Record<string, unknown>>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  auth?: boolean;
}

const accepts: Record<NonNullable<Route['produces']> | 'json', string> = {
  json: JSON_ACCEPT,
  'text/plain': JSON_ACCEPT,
  'application/pdf': 'application/pdf, application/json;q=0.9',
  'text/event-stream': 'text/event-stream, application/json;q=0.9',
};

async function send(entry: Route, options: LooseOptions): Promise<Response> {
  const { params, query, body, signal, auth } = options;
  const payload =
    body === undefined
      ? {}
      : entry.consumes
        ? { text: { type: entry.consumes, content: typeof body === 'string' ? body : '' } }
        : { json: body };
  return request(pathOf(entry, params), {
    method: entry.method,
    ...payload,
    query,
    headers: { Accept: accepts[entry.produces ?? 'json'], ...options.headers },
    signal,
    auth,
  });
}

/** The success answer as the entry declares it: JSON, text, a file, or nothing (204). */
async function answerOf(entry: Route, response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  if (entry.produces === 'application/pdf') return response.blob();
  if (entry.produces === 'text/plain') return response.text();
  const raw = await response.text();
  return raw ? parsed(raw) : undefined;
}

/*
 * The typed face of a call. The server writes every answer through the entry's response schema
 * (fastify-type-provider-zod encodes it and refuses to send what does not fit), so the answer has
 * the schema's type; these overloads are the one place the client takes that on trust, instead of
 * each caller asserting a type of its own.
 */
function call<R extends Route>(entry: R, ...args: CallArgs<R>): Promise<ResultOf<R>>;
async function call(entry: Route, options: LooseOptions = {}): Promise<unknown> {
  return answerOf(entry, await send(entry, options));
}

/** For lists that page with a header (X-Next-Cursor). */
function callWithHeaders<R extends Route>(
  entry: R,
  ...args: CallArgs<R>
): Promise<{ data: ResultOf<R>; headers: Headers }>;
async function callWithHeaders(
  entry: Route,
  options: LooseOptions = {},
): Promise<{ data: unknown; headers: Headers }> {
  const response = await send(entry, options);
  return { data: await answerOf(entry, response), headers: response.headers };
}

/**
 * The web's one way to the API: `api.call(userCalls.get, { params: { username } })`. The
 * path, method and body encoding come from the contract entry; the answer's type from its schema.
 */
/** A call whose answer is read as it arrives (a stream of events): the response, its status checked. */
function open<R extends Route>(entry: R, ...args: CallArgs<R>): Promise<Response>;
async function open(entry: Route, options: LooseOptions = {}): Promise<Response> {
  return send(entry, options);
}

export const api = { call, callWithHeaders, open };

/** A message for any error thrown by a call. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return uiText.unknownError;
}
