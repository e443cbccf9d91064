import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { DOCUMENT_ONLY_HEADERS } from '../src/plugins/security-headers.js';
import { appFilesLink } from '../src/plugins/web-app.js';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { testConfig } from './harness.js';

/**
 * How the web app's files leave the server: the build's compressed copies with Content-Encoding,
 * hashed files cached for a year, the page itself revalidated. About HTTP, not storage: it runs on
 * the embedded database whichever suite runs it, against a small built-looking folder.
 */
const script = `console.log(${JSON.stringify('School Bank '.repeat(200))});`;
/** A file the build left without compressed copies, larger than the API's compression threshold. */
const licenses = 'MIT License. Permission is hereby granted, free of charge. '.repeat(100);
/** The app's files as the build lists them for the page script, one of them not the build's. */
const appFiles = '/assets/index-Ab12Cd34.js /assets/index-Ef56Gh78.css https://elsewhere.example/x.js';
const page = `<!doctype html><html lang="en"><head><title>School Bank</title><meta name="app-files" content="${appFiles}"></head><body></body></html>`;
let dist: string;
let handle: DatabaseHandle;
let app: FastifyInstance;

async function writeWithCopies(file: string, content: string) {
  await writeFile(file, content);
  await writeFile(`${file}.br`, brotliCompressSync(content));
  await writeFile(`${file}.gz`, gzipSync(content));
}

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'bank-web-'));
  await mkdir(path.join(dist, 'assets'));
  await writeWithCopies(path.join(dist, 'index.html'), page);
  await writeWithCopies(path.join(dist, 'assets/index-Ab12Cd34.js'), script);
  await writeFile(path.join(dist, 'assets/index-Ef56Gh78.css'), 'body { margin: 0; }');
  await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(dist, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  await writeFile(path.join(dist, 'licenses.txt'), licenses);
  handle = await openDatabase({});
  app = await buildApp({ config: { ...testConfig, webDistDir: dist }, db: handle.db });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await handle.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('web app delivery', () => {
  it('sends the brotli copy of a hashed file to a browser that accepts it, cached for a year', async () => {
    const response = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a browser without brotli, and the file itself to one that accepts neither', async () => {
    const gzipped = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('has the browser revalidate the page at / and at client-side routes, compressed too', async () => {
    for (const url of ['/', '/account/1000000001']) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(page);
    }
  });

  it("is not compressed again on the way out: the build's copies as they are, other files as written (issue 22)", async () => {
    const asset = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.rawPayload.equals(await readFile(path.join(dist, 'assets/index-Ab12Cd34.js.br')))).toBe(
      true,
    );
    const plain = await get('/licenses.txt', 'gzip, deflate, br, zstd');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(licenses);
  });

  it('answers HEAD for a page as GET does, and a missing file with a 404, never the page', async () => {
    for (const url of ['/', '/home', '/account/1000000001']) {
      const head = await app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toMatch(/text\/html/);
      expect(head.body, url).toBe('');
    }
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/text\/plain/);
    expect(robots.body).toContain('Disallow: /');
    for (const url of ['/missing.txt', '/favicon.ico', '/assets/gone-Zz99.js']) {
      const missing = await get(url);
      expect(missing.statusCode, url).toBe(404);
      expect(missing.headers['content-type'], url).toMatch(/json/);
    }
    expect((await app.inject({ method: 'HEAD', url: '/api/nowhere' })).statusCode).toBe(404);
  });

  it('keeps the headers only a page acts on off the scripts and stylesheets, and every other header on (issue 22)', async () => {
    const forEveryFile = {
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    };
    for (const [url, encoding] of [
      ['/assets/index-Ab12Cd34.js', 'br'],
      ['/assets/index-Ab12Cd34.js', undefined],
      ['/assets/index-Ef56Gh78.css', undefined],
    ] as const) {
      const response = await get(url, encoding);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers, url).toMatchObject(forEveryFile);
      for (const name of DOCUMENT_ONLY_HEADERS)
        expect(response.headers[name], `${url} ${name}`).toBeUndefined();
    }
    // A page, an image a browser may open as a page, and the API keep them all.
    for (const url of ['/', '/home', '/favicon.svg', '/api/healthz']) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers, url).toMatchObject(forEveryFile);
      expect(response.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it("names the app's files in a Link header on every page but the sign-in page (issue 22)", async () => {
    const link =
      '</assets/index-Ab12Cd34.js>; rel=modulepreload; crossorigin, ' +
      '</assets/index-Ef56Gh78.css>; rel=preload; as=style; crossorigin';
    for (const url of ['/', '/home', '/account/1000000001', '/home?from=bookmark']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await app.inject({ method, url });
        expect(response.statusCode, `${method} ${url}`).toBe(200);
        expect(response.headers.link, `${method} ${url}`).toBe(link);
      }
    }
    for (const url of [
      '/login',
      '/login?next=%2Fhome',
      '/assets/index-Ab12Cd34.js',
      '/favicon.svg',
      '/api/healthz',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers.link, url).toBeUndefined();
    }
    // A page without the build's list names nothing.
    expect(appFilesLink('<!doctype html><title>School Bank</title>')).toBeNull();
  });
});
