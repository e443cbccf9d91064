import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { Database } from '../db/client.js';
import type { Actor } from '../domain/actor.js';
import { actorForToken, type SignedIn } from '../domain/auth/sessions.js';
import { forbidden, unauthenticated } from '../domain/errors.js';
import { messages, type Tier } from '@bank/shared';

export type { Tier };

declare module 'fastify' {
  interface FastifyContextConfig {
    tier?: Tier;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    /** Every API route with its tier and schema, as registered: the access and fuzz tests walk this list. */
    apiRoutes: Array<{ method: string; url: string; tier: Tier; schema: FastifySchema | undefined }>;
  }
}

const allowedRoles: Record<Exclude<Tier, 'public'>, ReadonlyArray<Actor['role']>> = {
  user: ['ADMIN', 'TELLER', 'USER'],
  teller: ['ADMIN', 'TELLER'],
  admin: ['ADMIN'],
};

/** The signed-in actor of a request on a non-public route (the auth hook guarantees there is one). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthenticated();
  return request.actor;
}

export function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer ([A-Za-z0-9_-]{16,128})$/.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/**
 * What a user who still has a temporary password may do (API.md "Sessions"): read their own
 * record, replace the password, sign out. The server enforces it, not only the web app, so a
 * temporary password that leaks (it was printed, or read aloud) opens nothing else.
 */
function allowedWithTemporaryPassword(request: FastifyRequest, actor: SignedIn): boolean {
  const route = `${request.method} ${request.routeOptions.url}`;
  const params = request.params as Record<string, string | undefined>;
  const isSelf = (name: string | undefined) => name?.toLowerCase() === actor.username.toLowerCase();
  if (route === 'GET /api/user/users/:username') return isSelf(params.username);
  if (route === 'PUT /api/user/users/:userId/updatePassword') return isSelf(params.userId);
  return route === 'POST /api/logout';
}

/**
 * Authenticates and checks the tier before anything else runs (even body parsing), so an
 * unauthorised caller learns nothing from validation errors. Every API route must declare a tier.
 */
export function registerAuth(app: FastifyInstance, db: Database) {
  app.decorateRequest('actor', null);
  const routes: FastifyInstance['apiRoutes'] = [];
  app.decorate('apiRoutes', routes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const tier = route.config?.tier;
    if (!tier) throw new Error(`Route ${route.method} ${route.url} does not declare its tier`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, tier, schema: route.schema });
    }
  });
  app.addHook('onRequest', async (request) => {
    const tier = request.routeOptions.config.tier;
    if (!tier || tier === 'public') return;
    const token = bearerToken(request);
    const actor = token ? await actorForToken(db, token) : null;
    if (!actor) throw unauthenticated();
    if (!allowedRoles[tier].includes(actor.role)) throw forbidden();
    if (actor.mustChangePassword && !allowedWithTemporaryPassword(request, actor)) {
      throw forbidden(messages.choosePasswordFirst, 'PASSWORD_CHANGE_REQUIRED');
    }
    request.actor = actor;
  });
}
