import type { z } from 'zod';

/**
 * Who may call a route (API.md "Tiers and tenancy"): anyone, anyone signed in, only a Student (a
 * Student's own call, under /user: staff get 403, API.md "Errors"), staff, or admins.
 */
export const tiers = ['public', 'user', 'student', 'teller', 'admin'] as const;
export type Tier = (typeof tiers)[number];

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One API call: everything the server registers, the web calls and the OpenAPI document shows.
 * `path` is below /api, with `:name` for each path parameter (named as in `params`).
 */
export interface Route {
  method: Method;
  path: string;
  tier: Tier;
  tags: readonly string[];
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  headers?: z.ZodType;
  /** The body is raw text (the display name) or a CSV file (a roster), not JSON. */
  consumes?: 'text/plain' | 'text/csv';
  /** The success answer is raw text or a file, not JSON. */
  produces?: 'text/plain' | 'application/pdf' | 'text/event-stream';
  /** The answers by status; every route also answers the error body for a 4xx. */
  response: { readonly [status: number]: z.ZodType };
}

/** An entry of the contract, its literal types kept so that both sides infer from it. */
export const route = <const R extends Route>(entry: R): R => entry;

/** `METHOD /path`: how tests and messages name a route. */
export const routeKey = (entry: Pick<Route, 'method' | 'path'>) => `${entry.method} ${entry.path}`;

/** The path parameters as the server reads them (after coercion): what a caller must supply. */
export type ParamsOf<R extends Route> = R extends { params: z.ZodObject } ? z.output<R['params']> : undefined;

/** The query a caller may send (every field optional: the schema fills defaults). */
export type QueryOf<R extends Route> = R extends { query: z.ZodObject }
  ? Partial<z.output<R['query']>>
  : undefined;

/** The body a caller sends: what the schema accepts. */
export type BodyOf<R extends Route> = R extends { body: z.ZodType } ? z.input<R['body']> : undefined;

/** The JSON (or text) of the success answer (either, when a route has two); nothing for a 204. */
export type SuccessOf<R extends Route> = R['response'] extends { 204: z.ZodType }
  ? void
  : [Extract<keyof R['response'], 200 | 201>] extends [never]
    ? void
    : z.output<R['response'][Extract<keyof R['response'], 200 | 201>]>;

/**
 * The path with its parameters filled in, each encoded as one path segment.
 * `pathOf(users.get, { username: 'a b' })` is `/user/users/a%20b`.
 */
export function pathOf(entry: Pick<Route, 'path'>, params?: Readonly<Record<string, unknown>>): string {
  return entry.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${entry.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
