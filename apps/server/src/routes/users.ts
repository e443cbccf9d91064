import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteDeps } from './deps.js';

export const userRoutes: FastifyPluginAsyncZod<RouteDeps> = async (_app, _deps) => {};
