import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteHandlerMethod,
} from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorBody, routeDocs, routeKey, type Route } from '@bank/shared';
import type { RouteDeps } from './deps.js';

/** What a route file is: a plugin given the database and the configuration. */
export type RoutePlugin = FastifyPluginAsyncZod<RouteDeps>;
type ZodApp = Parameters<RoutePlugin>[0];

type Field<R, K extends string> = R extends { [key in K]: infer S extends z.ZodType } ? S : undefined;

/** The Fastify schema of an entry, as the type provider reads it to type the handler. */
interface SchemaOf<R extends Route> extends FastifySchema {
  params: Field<R, 'params'>;
  querystring: Field<R, 'query'>;
  body: Field<R, 'body'>;
  headers: Field<R, 'headers'>;
  response: R['response'];
}

type App =
  ZodApp extends FastifyInstance<infer S, infer Req, infer Rep, infer _L, infer _T>
    ? { server: S; request: Req; reply: Rep }
    : never;

/** A route's handler, its request and answer typed from the contract entry. */
export type Handler<R extends Route> = RouteHandlerMethod<
  App['server'],
  App['request'],
  App['reply'],
  Record<never, never>,
  unknown,
  SchemaOf<R>,
  ZodTypeProvider
>;
export type RequestOf<R extends Route> = Parameters<Handler<R>>[0];
export type ReplyOf<R extends Route> = Parameters<Handler<R>>[1];
export type { FastifyReply, FastifyRequest };

/**
 * Registers one entry of the contract with its handler: the method, path, tier and schemas all
 * come from the entry, and the one error body is every route's 4xx and 5xx answer (the server writes
 * it through that schema, and the OpenAPI document shows it). Routes are registered nowhere else.
 */
export function registerRoute<const R extends Route>(
  app: ZodApp,
  entry: R,
  handler: Handler<NoInfer<R>>,
  /**
   * What only the server knows of a route: a hook of its own, a larger body limit, whether its
   * statement checks the session itself (plugins/auth.ts).
   */
  {
    sessionCheckedByStatement,
    ...options
  }: {
    onRequest?: (request: FastifyRequest) => Promise<void>;
    bodyLimit?: number;
    sessionCheckedByStatement?: boolean;
  } = {},
) {
  const schema: FastifySchema & Record<string, unknown> = {
    tags: [...entry.tags],
    // A 5xx (the database is down: INTERNAL, never a stack trace) has the same shape.
    response: { '4xx': errorBody, '5xx': errorBody, ...entry.response },
  };
  const summary = routeDocs[routeKey(entry)]?.summary;
  if (summary) schema.summary = summary;
  if (entry.tier === 'public') schema.security = [];
  if (entry.params) schema.params = entry.params;
  if (entry.query) schema.querystring = entry.query;
  if (entry.body) schema.body = entry.body;
  if (entry.headers) schema.headers = entry.headers;
  if (entry.consumes) schema.consumes = [entry.consumes];
  // Any of them may also answer the error body, as JSON.
  if (entry.produces) schema.produces = [entry.produces, 'application/json'];
  app.route<Record<never, never>, unknown, SchemaOf<R>>({
    method: entry.method,
    url: entry.path,
    config: { tier: entry.tier, sessionCheckedByStatement },
    ...options,
    schema: schema as SchemaOf<R>,
    handler,
  });
}
