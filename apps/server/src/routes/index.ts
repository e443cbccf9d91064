import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bankRoutes } from './bank.js';
import type { RouteDeps } from './deps.js';
import { sessionRoutes } from './sessions.js';

/** Every API route, mounted under /api. */
export const apiRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config }) => {
  // Only the dependencies travel on: the options object also carries this plugin's own prefix.
  const deps: RouteDeps = { db, config };
  await app.register(sessionRoutes, deps);
  await app.register(bankRoutes, deps);
};
