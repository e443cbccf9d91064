import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's security headers on every answer. They follow from helmet's options alone, the same
 * for every request, so they are worked out once at start (@fastify/helmet built helmet anew for
 * every request: about 4 % of the server's CPU under load) and set by the first hook of every
 * request, before the sign-in check can refuse it (its 401s and 403s went without them).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** The headers helmet's middleware sets on a response, for these options. */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * The headers that only a document (a page, a frame, a worker) acts on: a script or a stylesheet
 * the page loads is not one, and these would add some 500 bytes to each of the dozen files a
 * phone downloads before it shows a screen. What does apply to those files stays:
 * X-Content-Type-Options (no running a file as another type), Cross-Origin-Resource-Policy (no
 * loading it from another site), Referrer-Policy (a module's own imports follow it) and HSTS.
 * A script or stylesheet opened as a page is shown as text (nosniff), with nothing to frame or run.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;
