import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { Database } from '../db/client.js';
import type { Actor } from '../domain/actor.js';
import {
  actorForToken,
  forgetToken,
  rememberedActor,
  SessionNotCurrent,
  type SignedIn,
} from '../domain/auth/sessions.js';
import { forbidden, unauthenticated } from '../domain/errors.js';
import { messages, type Tier } from '@bank/shared';

export type { Tier };

declare module 'fastify' {
  interface FastifyContextConfig {
    tier?: Tier;
    /**
     * The route's own statement checks the session (a transfer's database function), so the actor
     * may come from what this process remembers; `sessionRemembered` says when it did.
     */
    sessionCheckedByStatement?: boolean;
  }
  interface FastifyRequest {
    actor: Actor | null;
    sessionRemembered: boolean;
  }
  interface FastifyInstance {
    /** Every API route with its tier and schema, as registered: the access and fuzz tests walk this list. */
    apiRoutes: Array<{ method: string; url: string; tier: Tier; schema: FastifySchema | undefined }>;
  }
}

const allowedRoles: Record<Exclude<Tier, 'public'>, ReadonlyArray<Actor['role']>> = {
  user: ['ADMIN', 'TELLER', 'USER'],
  student: ['USER'],
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
  app.decorateRequest('sessionRemembered', false);
  app.addHook('onRequest', async (request) => {
    const { tier, sessionCheckedByStatement } = request.routeOptions.config;
    if (!tier || tier === 'public') return;
    const token = bearerToken(request);
    const remembered = token && sessionCheckedByStatement ? rememberedActor(db, token) : null;
    // A remembered actor the rules refuse is looked up again: the refusal may be out of date.
    if (remembered && refusal(request, tier, remembered) === null) {
      request.actor = remembered;
      request.sessionRemembered = true;
      return;
    }
    await authenticate(db, request, tier, token);
  });
}

/**
 * Why the rules refuse this actor on this route, or null when they allow it. A temporary password
 * first: until it is replaced nothing else is open, whatever the route's tier.
 */
function refusal(request: FastifyRequest, tier: Exclude<Tier, 'public'>, actor: SignedIn): Error | null {
  if (actor.mustChangePassword && !allowedWithTemporaryPassword(request, actor)) {
    return forbidden(messages.choosePasswordFirst, 'PASSWORD_CHANGE_REQUIRED');
  }
  if (!allowedRoles[tier].includes(actor.role)) return forbidden();
  return null;
}

async function authenticate(
  db: Database,
  request: FastifyRequest,
  tier: Exclude<Tier, 'public'>,
  token: string | null,
) {
  const actor = token ? await actorForToken(db, token) : null;
  if (!actor) throw unauthenticated();
  const refused = refusal(request, tier, actor);
  if (refused) throw refused;
  request.actor = actor;
  request.sessionRemembered = false;
}

/**
 * The work of a `sessionCheckedByStatement` route: told whether its statement must check the
 * session (the actor came from memory). When the statement finds the session not current, the
 * session is forgotten, looked up as for any other call (401/403 as the rules say) and the work
 * runs again with the actor as it is now.
 */
export async function withCheckedSession<T>(
  db: Database,
  request: FastifyRequest,
  work: (checkSession: boolean) => Promise<T>,
): Promise<T> {
  try {
    return await work(request.sessionRemembered);
  } catch (error) {
    if (!(error instanceof SessionNotCurrent)) throw error;
    const token = bearerToken(request);
    if (token) forgetToken(db, token);
    const tier = request.routeOptions.config.tier;
    if (!tier || tier === 'public') throw error;
    await authenticate(db, request, tier, token);
    return work(false);
  }
}
