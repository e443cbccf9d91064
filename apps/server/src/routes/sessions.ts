import { sql } from 'drizzle-orm';
import { loginBody, messages, sessionCalls as calls, type LoginBody } from '@bank/shared';
import { InvalidCredentialsError, login } from '../domain/auth/login.js';
import { revokeSession } from '../domain/auth/sessions.js';
import { badRequest } from '../domain/errors.js';
import { actorOf } from '../plugins/auth.js';
import { registerRoute, type RoutePlugin } from './register.js';

/**
 * Credentials from a Basic header, if one was sent, held to the same rules as the JSON body (a NUL
 * or an override in the username is a 400 naming it, never a database error).
 */
function basicCredentials(header: string | undefined): LoginBody | null {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  const parsed = loginBody.safeParse({
    username: decoded.slice(0, colon),
    password: decoded.slice(colon + 1),
  });
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  const message = issue?.message ?? messages.validation;
  throw badRequest(message, { [String(issue?.path[0] ?? 'authorization')]: message });
}

export const sessionRoutes: RoutePlugin = async (app, { db, config }) => {
  registerRoute(app, calls.login, async (request, reply) => {
    const basic = basicCredentials(request.headers.authorization);
    const body = request.body ?? null;
    if (basic && body && (basic.username !== body.username || basic.password !== body.password)) {
      throw badRequest(messages.basicAndBodyCredentialsDiffer);
    }
    const credentials = body ?? basic;
    try {
      if (!credentials) throw new InvalidCredentialsError();
      const token = await login(db, {
        ...credentials,
        address: request.ip,
        sessionTtlSeconds: config.sessionTtlSeconds,
        limits: config.signInLimits,
      });
      return reply.type('text/plain; charset=utf-8').send(token);
    } catch (error) {
      if (!(error instanceof InvalidCredentialsError)) throw error;
      return reply.code(401).type('text/plain; charset=utf-8').send(messages.invalidCredentials);
    }
  });

  registerRoute(app, calls.logout, async (request, reply) => {
    await revokeSession(db, actorOf(request).sessionId);
    return reply.code(204).send(null);
  });

  registerRoute(app, calls.health, async (_request, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: 'ok' as const };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
};
