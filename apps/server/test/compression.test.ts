import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { apiCompression } from '../src/plugins/compression.js';
import { decodedPayload } from './content-encoding.js';
import { useTestApp } from './harness.js';
import { insertStudentSavings, openWith, seedBank, type SeededBank } from './fixtures.js';
import { runMonthEnd } from '../src/domain/month-end/index.js';

/**
 * The API's answers are compressed when the client accepts it (issue 22): brotli first, then
 * gzip, from 2 KB up; everything else about an answer is as it was. Requests go through `inject`
 * as the other tests' do; without an Accept-Encoding header (as `call` sends them) nothing changes.
 */

const t = useTestApp();
let bank: SeededBank;
let savings: string;
/** What a browser sends with every request. */
const BROWSER = 'gzip, deflate, br, zstd';
/** Smaller answers are sent as they are (plugins/compression.ts). */
const THRESHOLD = apiCompression.threshold!;

beforeEach(async () => {
  bank = await seedBank(t.db, 'one');
  savings = await insertStudentSavings(t.db, bank);
  await openWith(t.db, bank.checking.accountNumber, 1_000_000);
  // A page of an account's history as a busy account has it: 60 rows, the page asks for 50.
  await t.db.execute(
    sql`insert into transactions (account_number, type, description, amount_cents, transaction_date, memo)
        select ${bank.checking.accountNumber}, 'debit', 'Transfer to SAVINGS **' || lpad(n::text, 4, '0'),
               100 + n, now() - n * interval '1 hour', case when n % 3 = 0 then 'Class job: librarian' end
        from generate_series(1, 60) as n`,
  );
});

/** A request as the bank's student (or as nobody, `token: null`), with the Accept-Encoding given. */
const request = (options: InjectOptions & { acceptEncoding?: string | undefined; token?: string | null }) => {
  const { acceptEncoding, headers, token = bank.tokens.student, ...rest } = options;
  return t.app.inject({
    ...rest,
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
      ...headers,
    },
  });
};
const page = (acceptEncoding?: string) =>
  request({
    method: 'GET',
    url: `/api/user/transactions/${bank.checking.accountNumber}?limit=50`,
    acceptEncoding,
  });

/** The body as the client reads it once it has undone the Content-Encoding. */
const decoded = (response: LightMyRequestResponse) => decodedPayload(response).toString();

/** The headers that must not differ between two answers to the same request (not the encoding's). */
function sameHeaders(response: LightMyRequestResponse) {
  const {
    'content-encoding': _encoding,
    'content-length': _length,
    'transfer-encoding': _transfer,
    vary: _vary,
    date: _date,
    // The limiter counts every request: these two move between any two requests.
    'x-ratelimit-remaining': _remaining,
    'x-ratelimit-reset': _reset,
    connection: _connection,
    ...rest
  } = response.headers;
  return rest;
}

describe('compressed API answers (issue 22)', () => {
  it('sends a page of transactions as brotli to a browser, which decodes to the same JSON', async () => {
    const plain = await page();
    const compressed = await page(BROWSER);
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(THRESHOLD);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(decoded(compressed)).toBe(plain.body);
    expect(JSON.parse(decoded(compressed))).toHaveLength(50);
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    console.log(
      `GET /api/user/transactions/:id?limit=50: ${plain.rawPayload.length} bytes, ` +
        `${compressed.rawPayload.length} as brotli, ${(await page('gzip')).rawPayload.length} as gzip`,
    );
  });

  it('keeps every other header: no-store, the security and rate-limit headers, the paging headers', async () => {
    const plain = await page();
    const compressed = await page('br');
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['cache-control']).toBe('no-store');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(compressed.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(compressed.headers['x-next-cursor']).toBeDefined();
    expect(compressed.headers['x-ratelimit-limit']).toBeDefined();
    expect(compressed.headers['x-ratelimit-remaining']).toBeDefined();
    expect(compressed.headers['content-security-policy']).toBeDefined();
    expect(sameHeaders(compressed)).toEqual(sameHeaders(plain));
    // The length stated is that of the bytes sent.
    expect(compressed.headers['content-length']).toBe(String(compressed.rawPayload.length));
  });

  it('sends gzip to a client that accepts only gzip, and brotli whenever brotli is accepted', async () => {
    const gzipped = await page('gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    expect(decoded(gzipped)).toBe((await page()).body);
    for (const accepted of ['br', 'gzip, br', 'br;q=0.5, gzip;q=0.5', 'zstd, br, gzip'])
      expect((await page(accepted)).headers['content-encoding'], accepted).toBe('br');
    expect((await page('br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
  });

  it('sends the JSON itself to a client that accepts no encoding the server has', async () => {
    const plain = await page();
    for (const accepted of [undefined, '', 'identity', 'deflate', 'zstd', 'br;q=0, gzip;q=0']) {
      const response = await page(accepted);
      expect(response.headers['content-encoding'], String(accepted)).toBeUndefined();
      expect(response.body, String(accepted)).toBe(plain.body);
    }
  });

  it('answers HEAD as before: no body, and the headers of the uncompressed answer (nothing is compressed to be dropped)', async () => {
    const get = await page();
    for (const acceptEncoding of [undefined, BROWSER]) {
      const head = await request({
        method: 'HEAD',
        url: `/api/user/transactions/${bank.checking.accountNumber}?limit=50`,
        acceptEncoding,
      });
      expect(head.statusCode, acceptEncoding).toBe(200);
      expect(head.rawPayload.length, acceptEncoding).toBe(0);
      expect(head.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(head.headers['content-length'], acceptEncoding).toBe(String(get.rawPayload.length));
      expect(head.headers['content-type'], acceptEncoding).toBe(get.headers['content-type']);
      expect(head.headers['cache-control'], acceptEncoding).toBe('no-store');
      expect(head.headers['x-next-cursor'], acceptEncoding).toBe(get.headers['x-next-cursor']);
    }
  });

  it('leaves answers under 2 KB as they are: a transfer (even with the longest memo), sign-in, a small list', async () => {
    // The longest memo (60 characters), each four bytes of UTF-8, on both sides of the transfer.
    const transfer = await request({
      method: 'POST',
      url: '/api/user/transfers',
      acceptEncoding: BROWSER,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        fromAccountId: bank.checking.accountNumber,
        toAccountId: savings,
        amount: 12.34,
        memo: '💰'.repeat(60),
      }),
    });
    expect(transfer.statusCode).toBe(201);
    expect(transfer.headers['content-encoding']).toBeUndefined();
    expect(transfer.rawPayload.length).toBeLessThan(THRESHOLD);
    expect(transfer.json().debit.memo).toBe('💰'.repeat(60));
    const signIn = await request({
      method: 'POST',
      url: '/api/login',
      acceptEncoding: BROWSER,
      token: null,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'one-student', password: 'Fixture-1234' }),
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['content-encoding']).toBeUndefined();
    const small = await request({
      method: 'GET',
      url: `/api/user/accounts/user/one-student`,
      acceptEncoding: 'br',
    });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(THRESHOLD);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBeUndefined();
    console.log(
      `POST /api/user/transfers: ${transfer.rawPayload.length} bytes with a 60-emoji memo; ` +
        `sign-in ${signIn.rawPayload.length}; GET /api/user/accounts/user/:username ${small.rawPayload.length}`,
    );
  });

  it('answers errors with their status and body unchanged', async () => {
    const cases: (InjectOptions & { token?: string })[] = [
      // The router's 404 and the sign-in check's 401 (before any route), a route's own 404 and 400.
      { method: 'GET', url: '/api/nowhere' },
      { method: 'GET', url: '/api/user/transactions/1234567890', token: 'nope' },
      { method: 'GET', url: '/api/user/transactions/9999999999?limit=50' },
      { method: 'GET', url: `/api/user/transactions/${bank.checking.accountNumber}?limit=0` },
      {
        method: 'POST',
        url: '/api/user/transfers',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({
          fromAccountId: bank.checking.accountNumber,
          toAccountId: savings,
          amount: 1e9,
        }),
      },
      // A class payday's 60 refused amounts: 400 with a field for each, a few KB, so compressed.
      {
        method: 'POST',
        url: '/api/teller/batches/preview',
        token: bank.tokens.teller,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({
          kind: 'deposit',
          items: Array.from({ length: 60 }, (_, i) => ({ accountId: String(1_000_000_000 + i), amount: -1 })),
        }),
      },
    ];
    const encodings = new Set<unknown>();
    for (const options of cases) {
      const plain = await request(options);
      const asked = await request({ ...options, acceptEncoding: BROWSER });
      const label = `${options.method} ${options.url} → ${plain.statusCode}`;
      expect(plain.statusCode, label).toBeGreaterThanOrEqual(400);
      expect(asked.statusCode, label).toBe(plain.statusCode);
      expect(decoded(asked), label).toBe(plain.body);
      expect(asked.headers['cache-control'], label).toBe('no-store');
      expect(asked.headers['content-type'], label).toBe(plain.headers['content-type']);
      encodings.add(asked.headers['content-encoding']);
    }
    // The small ones as they were; the payday's refusal compressed.
    expect(encodings).toEqual(new Set([undefined, 'br']));
  });

  it('does not inflate a request body sent with Content-Encoding: such a body is refused as before', async () => {
    const response = await request({
      method: 'POST',
      url: '/api/user/transfers',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(
        JSON.stringify({ fromAccountId: bank.checking.accountNumber, toAccountId: savings, amount: 1 }),
      ),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });

  it('sends the OpenAPI document as it is (it is not on the phone path)', async () => {
    const plain = await request({ method: 'GET', url: '/api/docs/json', token: null });
    const asked = await request({
      method: 'GET',
      url: '/api/docs/json',
      token: null,
      acceptEncoding: BROWSER,
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.rawPayload.length).toBeGreaterThan(THRESHOLD);
    expect(asked.headers['content-encoding']).toBeUndefined();
    expect(asked.body).toBe(plain.body);
    console.log(`GET /api/docs/json: ${plain.rawPayload.length} bytes`);
  });

  it('sends a statement PDF as it is: a PDF is compressed already', async () => {
    await t.db.execute(
      sql`update accounts set opened_at = '2025-01-10T09:00:00Z' where account_number = ${bank.checking.accountNumber}`,
    );
    await runMonthEnd(t.db, { now: new Date('2025-02-01T00:00:00Z') });
    const fileName = `statement-${bank.checking.accountNumber}-2025-01.pdf`;
    const url = `/api/user/statements/download/${fileName}`;
    const plain = await request({ method: 'GET', url });
    const asked = await request({ method: 'GET', url, acceptEncoding: BROWSER });
    expect(plain.statusCode).toBe(200);
    expect(asked.headers['content-type']).toBe('application/pdf');
    expect(asked.rawPayload.length).toBeGreaterThan(THRESHOLD);
    expect(asked.headers['content-encoding']).toBeUndefined();
    expect(asked.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(asked.rawPayload.length).toBe(plain.rawPayload.length);
  });
});
