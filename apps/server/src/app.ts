import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { limits, messages } from '@bank/shared';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { setPasswordHashCost } from './domain/auth/passwords.js';
import { registerAuth } from './plugins/auth.js';
import { answerClientError, answerFrameworkError, registerErrorHandling } from './plugins/errors.js';
import { registerNoStore } from './plugins/no-store.js';
import { apiRoutes } from './routes/index.js';

export interface AppOptions {
  config: Config;
  db: Database;
  /** Overrides config.rateLimitPerMinute; tests that hammer the API raise it. */
  rateLimitPerMinute?: number;
  /** Where log lines go (standard output by default); the log-safety test reads them. */
  logStream?: { write(line: string): void };
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/**
 * Files under assets/ carry a hash of their content in their name: a browser may keep them for a
 * year without asking again. Everything else (index.html, the icon) is asked about on every visit
 * (answered 304 by its ETag when unchanged), so that a release reaches everyone at once.
 */
export function cacheControlFor(filePath: string): string {
  return filePath.split(path.sep).includes('assets') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Builds the whole HTTP application; server.ts listens with it, tests call it through `inject`. */
export async function buildApp({
  config,
  db,
  rateLimitPerMinute = config.rateLimitPerMinute,
  logStream,
}: AppOptions): Promise<FastifyInstance> {
  setPasswordHashCost(config.passwordHashCost);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Request logs carry method, URL and address only; these never reach a log line.
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.body.password', 'body.password'],
      ...(logStream ? { stream: logStream } : {}),
    },
    bodyLimit: limits.bodyLimitBytes,
    requestTimeout: limits.requestTimeoutMs,
    trustProxy: false,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerNoStore(app);
  registerAuth(app, db);

  // The display name arrives as a raw text body (spec §7).
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        // Swagger UI and the web app's inline styles (Mantine) need 'unsafe-inline' styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        // The bank is served over plain HTTP on 127.0.0.1 by default; upgrading would break it.
        upgradeInsecureRequests: null,
      },
    },
  });
  if (rateLimitPerMinute > 0) {
    await app.register(rateLimit, {
      max: rateLimitPerMinute,
      timeWindow: '1 minute',
      // A signed-in call counts against its session, so a class behind one school address does not
      // share one allowance; anything else counts against the client address. The limiter runs
      // after the auth hook (route hooks follow app hooks), so `actor` is set only for a token that
      // names a live session: made-up tokens cannot buy fresh allowances.
      keyGenerator: (request) =>
        request.actor ? `session:${request.actor.sessionId}` : `address:${request.ip}`,
      // The web app's files (scripts, styles, pages) are not API calls: loading the app costs nothing.
      allowList: (request) => !request.url.startsWith('/api/'),
      errorResponseBuilder: () => ({
        statusCode: 429,
        error: 'RATE_LIMITED',
        reason: 'RATE_LIMITED',
        message: messages.rateLimited,
      }),
    });
  }
  await app.register(swagger, {
    openapi: {
      info: { title: 'School Bank API', version: '1.0.0', description: 'The HTTP contract of the bank.' },
      servers: [{ url: '/api' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    // Every route is registered from the contract (routes/register.ts), its 4xx error body included.
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(apiRoutes, { prefix: '/api', db, config });

  const webDist = config.webDistDir ? path.resolve(config.webDistDir) : defaultWebDist;
  if (existsSync(path.join(webDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // The build writes .br and .gz copies of every text file; the smaller one accepted is sent.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', cacheControlFor(filePath));
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      request.method === 'GET' &&
      !request.url.startsWith('/api') &&
      existsSync(path.join(webDist, 'index.html'));
    // Client-side routes (/home, /account/123, ...) are the web app's: answer its page.
    if (wantsPage) return reply.type('text/html').sendFile('index.html', webDist);
    return reply.code(404).send({ error: 'NOT_FOUND', reason: 'NOT_FOUND', message: messages.notFound });
  });
  return app;
}
