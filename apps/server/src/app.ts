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
import { errorBody, limits, messages } from '@bank/shared';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { registerAuth } from './plugins/auth.js';
import { registerErrorHandling } from './plugins/errors.js';
import { apiRoutes } from './routes/index.js';

export interface AppOptions {
  config: Config;
  db: Database;
  /** Requests per minute per client address across the API; tests that hammer the API raise it. */
  rateLimitPerMinute?: number;
  /** Where log lines go (standard output by default); the log-safety test reads them. */
  logStream?: { write(line: string): void };
}

/**
 * The OpenAPI of each route, with the one error body as every 4xx answer the route does not
 * describe itself (the sign-in's plain-text 401 stays as it is).
 */
const withErrorResponses: typeof jsonSchemaTransform = (input) => {
  if (!input.schema || !input.url.startsWith('/api/')) return jsonSchemaTransform(input);
  const response = (input.schema.response ?? {}) as Record<string, unknown>;
  return jsonSchemaTransform({
    ...input,
    schema: { ...input.schema, response: { '4XX': errorBody, ...response } },
  });
};

const defaultWebDist = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/** Builds the whole HTTP application; server.ts listens with it, tests call it through `inject`. */
export async function buildApp({
  config,
  db,
  rateLimitPerMinute = 1200,
  logStream,
}: AppOptions): Promise<FastifyInstance> {
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
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
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
  await app.register(rateLimit, {
    max: rateLimitPerMinute,
    timeWindow: '1 minute',
    errorResponseBuilder: () => ({
      statusCode: 429,
      error: 'RATE_LIMITED',
      reason: 'RATE_LIMITED',
      message: messages.rateLimited,
    }),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'School Bank API', version: '1.0.0', description: 'The HTTP contract of the bank.' },
      servers: [{ url: '/api' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: withErrorResponses,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(apiRoutes, { prefix: '/api', db, config });

  const webDist = config.webDistDir ? path.resolve(config.webDistDir) : defaultWebDist;
  if (existsSync(path.join(webDist, 'index.html'))) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false });
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
