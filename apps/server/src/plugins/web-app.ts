import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { messages, type ErrorBody } from '@bank/shared';
import { allowedMethods } from './method-not-allowed.js';
import { DOCUMENT_ONLY_HEADERS } from './security-headers.js';

/**
 * Files under assets/ carry a hash of their content in their name: a browser may keep them for a
 * year without asking again. Everything else (index.html, the icon) is asked about on every visit
 * (answered 304 by its ETag when unchanged), so that a release reaches everyone at once.
 */
export function cacheControlFor(filePath: string): string {
  return filePath.split(path.sep).includes('assets') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** The web app's scripts and stylesheets (and their compressed copies), which no browser opens as a page. */
const isScriptOrStyle = (filePath: string) => /\.(js|css)(\.(br|gz))?$/.test(filePath);

/**
 * A client-side route of the web app (/home, /account/123): a page address, not a file. An address
 * with a file extension (/robots.txt, /favicon.ico) names a file, and a missing file is a 404, not
 * the app's page (a crawler asking for robots.txt must not be given HTML).
 */
const isPageAddress = (url: string) => {
  const pathname = url.split('?', 1)[0]!;
  return !pathname.startsWith('/api') && !/\.[A-Za-z0-9]+$/.test(pathname);
};

/**
 * The built web app at / (when there is one): its files with their compressed copies, and its
 * page for every client-side route, to GET and to HEAD alike. Anything else is the API's 404, or
 * 405 when the address exists with other methods.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const hasApp = existsSync(path.join(webDist, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // The build writes .br and .gz copies of every text file; the smaller one accepted is sent.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', cacheControlFor(filePath));
        if (isScriptOrStyle(filePath)) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      hasApp && (request.method === 'GET' || request.method === 'HEAD') && isPageAddress(request.url);
    if (wantsPage)
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html', webDist);
    // The address exists with other methods: 405 and the ones it has (RFC 9110 §15.5.6).
    const allowed = allowedMethods(request.url);
    if (allowed.length > 0) {
      return reply
        .code(405)
        .header('allow', allowed.join(', '))
        .send({
          error: 'METHOD_NOT_ALLOWED',
          reason: 'METHOD_NOT_ALLOWED',
          message: messages.methodNotAllowed,
        } satisfies ErrorBody);
    }
    return reply
      .code(404)
      .send({ error: 'NOT_FOUND', reason: 'NOT_FOUND', message: messages.notFound } satisfies ErrorBody);
  });
}
