import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
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

/** The product's sign-in page (spec §2): what a signed-out visit shows, and all it loads. */
const SIGN_IN_PAGE = '/login';

/**
 * The app's files as a `Link` header (issue 22): what index.html's `<meta name="app-files">` lists
 * (written by the web build, apps/web/build/first-screens.ts), each a `modulepreload` or a
 * stylesheet's `preload`, in the credentials mode of the page's own links (`crossorigin`). Null
 * when the page lists none. Only the build's hashed files under /assets are taken.
 */
export function appFilesLink(indexHtml: string): string | null {
  const listed = /<meta name="app-files" content="([^"]*)"/.exec(indexHtml)?.[1] ?? '';
  const links = listed
    .split(' ')
    .filter((file) => /^\/assets\/[\w.-]+\.(js|css)$/.test(file))
    .map((file) =>
      file.endsWith('.css')
        ? `<${file}>; rel=preload; as=style; crossorigin`
        : `<${file}>; rel=modulepreload; crossorigin`,
    );
  return links.length ? links.join(', ') : null;
}

/**
 * Whether a page answer names the app's files in a Link header: every page but the sign-in page.
 * A signed-in first visit (home, an account) then asks for them as soon as the page's headers
 * arrive, not after the page's script has downloaded and run (boot.ts asks again, from the
 * cache): about half a second earlier on a phone's network, for the largest files the first screen
 * waits for. The sign-in page loads no more than it shows; a signed-out visit elsewhere, sent on
 * to sign in, has the app's files when the user has.
 */
const namesAppFiles = (url: string) => url.split('?', 1)[0] !== SIGN_IN_PAGE;

/**
 * The built web app at / (when there is one): its files with their compressed copies, and its
 * page for every client-side route, to GET and to HEAD alike. Anything else is the API's 404, or
 * 405 when the address exists with other methods.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const hasApp = existsSync(path.join(webDist, 'index.html'));
  const link = hasApp ? appFilesLink(readFileSync(path.join(webDist, 'index.html'), 'utf8')) : null;
  const withAppFiles = (reply: FastifyReply) => {
    if (link && namesAppFiles(reply.request.url)) reply.header('link', link);
  };
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
        if (path.basename(filePath).startsWith('index.html')) withAppFiles(reply);
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      hasApp && (request.method === 'GET' || request.method === 'HEAD') && isPageAddress(request.url);
    if (wantsPage) {
      withAppFiles(reply);
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html', webDist);
    }
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
