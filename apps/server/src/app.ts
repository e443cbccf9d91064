import { fileURLToPath } from 'node:url';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { limits, messages } from '@bank/shared';
import { systemClock, type Clock } from './clock.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Listen } from './db/listen.js';
import { setPasswordHashCost } from './domain/auth/passwords.js';
import { registerAuth } from './plugins/auth.js';
import { apiCompression } from './plugins/compression.js';
import { answerClientError, answerFrameworkError, registerErrorHandling } from './plugins/errors.js';
import { registerNoStore } from './plugins/no-store.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerDocument } from './plugins/openapi-document.js';
import { OneLinePerRequest } from './plugins/request-log.js';
import { registerWebApp } from './plugins/web-app.js';
import { logDestination } from './logging.js';
import { apiRoutes } from './routes/index.js';

export interface AppOptions {
  config: Config;
  db: Database;
  /** Overrides config.rateLimitPerMinute; tests that hammer the API raise it. */
  rateLimitPerMinute?: number;
  /** Where log lines go (config.logFormat to standard output by default); the log tests read them. */
  logStream?: { write(line: string): void };
  /** Where every request reads the time (the system's by default); tests set it where they need. */
  clock?: Clock;
  /** LISTEN on the database (DatabaseHandle.listen): the notification streams hear through it. */
  listen?: Listen;
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/** How request bodies are read: raw text, and JSON where an empty body is no body. */
function registerBodyParsers(app: FastifyInstance) {
  // The display name arrives as a raw text body (spec §7).
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  // A call without a body may still say it sends JSON (many clients always do): an empty JSON body
  // is no body, as the document has it, not a 400. Anything else is parsed as Fastify parses it.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    body === '' ? done(null, undefined) : parseJson(request, String(body), done),
  );
}

/** Builds the whole HTTP application; server.ts listens with it, tests call it through `inject`. */
export async function buildApp({
  config,
  db,
  rateLimitPerMinute = config.rateLimitPerMinute,
  logStream,
  clock = systemClock,
  listen,
}: AppOptions): Promise<FastifyInstance> {
  setPasswordHashCost(config.passwordHashCost);
  const destination = logStream ? null : logDestination(config.logFormat);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Request logs carry method, path, status and user only; these never reach a log line.
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.body.password', 'body.password'],
      stream: logStream ?? destination!.stream,
    },
    logController: new OneLinePerRequest(),
    // Every path parameter the document allows reaches authentication, then validation (issue 23).
    routerOptions: { maxParamLength: limits.rawPathParamMaxLength },
    bodyLimit: limits.bodyLimitBytes,
    requestTimeout: limits.requestTimeoutMs,
    trustProxy: false,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerSecurityHeaders(app, {
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
  registerNoStore(app);
  registerAuth(app, db);
  // Log lines still buffered are written when the server stops.
  app.addHook('onClose', (_instance, done) => {
    destination?.flush();
    done();
  });

  registerBodyParsers(app);

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
  await registerDocument(app);
  // The API's answers are compressed for clients that accept it (issue 22), in a context of their
  // own: the plugin hooks the routes declared after it in its context, so the web app's files
  // (compressed once at the build) and the document at /api/docs are left out of it.
  await app.register(async (api) => {
    await api.register(compress, apiCompression);
    await api.register(apiRoutes, { prefix: '/api', db, config, clock, listen });
  });

  await registerWebApp(app, config.webDistDir ? path.resolve(config.webDistDir) : defaultWebDist);
  return app;
}
