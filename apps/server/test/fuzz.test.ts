/**
 * Fuzzing every API route (issue 9): bodies, query strings and path parameters built from each
 * route's own zod schemas (the fields they declare, their types and enums), then bent — wrong types,
 * boundary and huge values, control and invisible characters, lone surrogates, malformed JSON, odd
 * content types. Each request is signed in as a caller the route's tier admits, so it reaches
 * validation and the domain. Every answer must be 2xx or 4xx with the error shape: never a 5xx, a
 * stack trace or SQL. Afterwards the books must be exactly what the accepted requests made them.
 *
 * At least 10,000 requests a run, spread evenly over the routes; FUZZ_RUNS_PER_ROUTE sets the depth
 * instead (for a quick look), FUZZ_SEED replays a run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { errorBody, routeTable } from '@bank/shared';
import { queryRows } from '../src/db/client.js';
import { createSession } from '../src/domain/auth/sessions.js';
import { verifyLedger } from '../src/domain/ledger/invariants.js';
import { runMonthEnd } from '../src/domain/month-end/index.js';
import { startTestApp, type TestApp } from './harness.js';
import { insertAccount, insertUser, seedTwoBanks, type SeededBank } from './fixtures.js';

const minimumRequests = 10_000;
const seed = process.env.FUZZ_SEED === undefined ? Date.now() % 2 ** 31 : Number(process.env.FUZZ_SEED);

let t: TestApp;
let one: SeededBank;
let two: SeededBank;
let savings: string;
let statementName: string;
let ticketIds: number[] = [];

// ---------------------------------------------------------------------------------------------
// What the accepted requests did to the books: every live transaction the API told us about.
// ---------------------------------------------------------------------------------------------

interface Leg {
  signedCents: number;
  transferId: string | null;
}
const ledger = new Map<number, Leg>();
let acceptedMoneyMoves = 0;
/** Schedules and paydays the fuzz made, so later requests can name them; Run now's paydays, to count. */
const scheduleIds: number[] = [];
const batchIds: string[] = [];
const runNowBatches = new Set<string>();

interface TransactionAnswer {
  id: number;
  type: 'debit' | 'credit';
  amount: number;
  transferId: string | null;
}
const signed = (txn: TransactionAnswer) => Math.round(txn.amount * 100) * (txn.type === 'credit' ? 1 : -1);
const remember = (txn: TransactionAnswer) =>
  ledger.set(txn.id, { signedCents: signed(txn), transferId: txn.transferId ?? null });
const twinsOf = (id: number) => {
  const transferId = ledger.get(id)?.transferId;
  return transferId ? [...ledger].filter(([, leg]) => leg.transferId === transferId).map(([k]) => k) : [id];
};

/** Updates the expected ledger from an accepted answer of a money-moving route. */
function track(route: string, url: string, status: number, body: any) {
  if (status >= 300) return;
  switch (route) {
    case 'POST /api/teller/deposits':
    case 'POST /api/teller/withdrawals':
    case 'POST /api/user/transactions/create':
      remember(body);
      acceptedMoneyMoves++;
      return;
    case 'POST /api/teller/batches':
      // A payday's transactions (a replay names the same ones again: remembered once).
      for (const txn of body.transactions) remember(txn);
      if (!batchIds.includes(body.batchId)) batchIds.push(body.batchId);
      acceptedMoneyMoves++;
      return;
    case 'POST /api/admin/transactions/:transactionId/reverse':
    case 'POST /api/admin/batches/:batchId/reverse':
    case 'POST /api/teller/transactions/:transactionId/reverse':
    case 'POST /api/teller/batches/:batchId/reverse':
      // A reversal (the admin's, or a teacher's for their class) writes the opposite legs; the originals stay.
      for (const txn of body.transactions) remember(txn);
      acceptedMoneyMoves++;
      return;
    case 'POST /api/teller/schedules':
      scheduleIds.push(body.scheduleId);
      return;
    case 'POST /api/teller/schedules/:scheduleId/runNow':
      // Its answer names its payday, not the payday's transactions: counted from the payday below.
      if (body.batchId) runNowBatches.add(body.batchId);
      acceptedMoneyMoves++;
      return;
    case 'POST /api/user/transfers':
      remember(body.debit);
      remember(body.credit);
      acceptedMoneyMoves++;
      return;
    case 'PUT /api/admin/transactions/update':
      // Editing a transfer leg's amount changes its twin the same way (API.md).
      for (const id of twinsOf(body.id)) {
        const leg = ledger.get(id)!;
        const amount = Math.round(body.amount * 100);
        ledger.set(id, { ...leg, signedCents: Math.sign(leg.signedCents) * amount });
      }
      acceptedMoneyMoves++;
      return;
    case 'DELETE /api/admin/transactions/:transactionId/delete': {
      const id = Number(/\/admin\/transactions\/([0-9]+)\/delete/.exec(url)?.[1]);
      for (const twin of twinsOf(id)) ledger.delete(twin);
      acceptedMoneyMoves++;
      return;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Values: the valid ones a route needs to reach its domain code, and the hostile ones.
// ---------------------------------------------------------------------------------------------

const nastyCharacters = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\b',
  '\t',
  '\n',
  '\r',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u00ad',
  '\u034f',
  '\u061c',
  '\u115f',
  '\u180e',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u200e',
  '\u200f',
  '\u2028',
  '\u2029',
  '\u202a',
  '\u202e',
  '\u2060',
  '\u2066',
  '\u2069',
  '\u3000',
  '\u3164',
  '\ufeff',
  '\ufffd',
  '\uffff',
  '\u{e0041}',
  'e\u0301',
  "'",
  '"',
  '\\',
  '%',
  '_',
  ';--',
  '${',
  '../',
  '<script>',
];
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
/** NUL on its own too: it is the one character PostgreSQL cannot store at all, so it must come often. */
const nasty = fc.oneof(fc.constantFrom(...nastyCharacters), loneSurrogate, fc.constant('\u0000'));
const unit = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 4, arbitrary: nasty },
);
/** A valid value with hostile characters slipped in: it passes every other check, so the text rule must act. */
const poisoned = (valid: unknown[]) => {
  const strings = valid.filter((v): v is string => typeof v === 'string' && v.length > 0);
  if (strings.length === 0) return null;
  return fc
    .tuple(fc.constantFrom(...strings), fc.string({ unit: nasty, minLength: 1, maxLength: 3 }), fc.nat())
    .map(([value, bad, at]) => {
      const i = at % (value.length + 1);
      return value.slice(0, i) + bad + value.slice(i);
    });
};
const hostileString = fc.oneof(
  { weight: 8, arbitrary: fc.string({ unit, maxLength: 30 }) },
  { weight: 1, arbitrary: fc.constantFrom(65, 121, 201, 257, 5001).map((n) => 'x'.repeat(n)) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', '   ', 'null', 'undefined', 'NaN', '0', '-1', '1e309') },
);
/** Big enough to pass the 64 KiB body limit: the answer must be a 413, not a crash. */
const hugeString = fc.constant('y'.repeat(70_000));
const boundaryNumber = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    1,
    0.001,
    0.005,
    0.01,
    0.1 + 0.2,
    12.345,
    1e-7,
    2 ** 31 - 1,
    2 ** 31,
    2 ** 53,
    2 ** 53 + 2,
    -(2 ** 53),
    999_999_999.99,
    1_000_000_000,
    1_000_000_000.01,
    1e21,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const junk = fc.oneof(
  fc.constantFrom(null, true, false, [], {}, [1], { $gt: '' }, ['a', 'b']),
  fc.jsonValue({ maxDepth: 2 }),
);
/** Marks a field to leave out of the body. */
const MISSING = Symbol('missing');

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
}

/** The input shape of a route's zod schema, as JSON Schema: which fields, of which types and values. */
function shapeOf(schema: unknown): JsonSchema | null {
  if (!(schema instanceof z.ZodType)) return null;
  const shape = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  // `loginBody.nullish()`: the object inside the union.
  return shape.anyOf?.find((option) => option.properties) ?? shape;
}

/** Near misses of an enum's values: other case, padding, look-alikes. */
const enumNearMisses = (values: unknown[]) =>
  values.flatMap((v) =>
    typeof v === 'string' ? [v.toLowerCase(), v.toUpperCase(), ` ${v}`, `${v}\u200b`, `${v}\u0000`] : [],
  );

/** Hostile values for one field, guided by its declared type and its valid values. */
function hostileFor(field: JsonSchema | undefined, valid: unknown[] = []): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [hostileString, boundaryNumber, junk];
  if (field?.enum) options.push(fc.constantFrom(...enumNearMisses(field.enum)));
  const types = [field?.type ?? []].flat();
  const slipped = poisoned(valid);
  if (slipped) options.push(slipped, slipped, slipped);
  if (types.includes('string')) options.push(hostileString, hostileString);
  if (types.includes('number') || types.includes('integer'))
    options.push(boundaryNumber, boundaryNumber.map(String));
  return fc.oneof(...options);
}

/** A field's value: mostly valid (so the rest of the body gets through), else hostile or absent. */
function fieldValue(valid: unknown[], field: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const validValues = valid.length > 0 ? valid : (field?.enum ?? []);
  return fc.oneof(
    ...(validValues.length > 0 ? [{ weight: 6, arbitrary: fc.constantFrom(...validValues) }] : []),
    { weight: 3, arbitrary: hostileFor(field, validValues) },
    { weight: 1, arbitrary: fc.constant(MISSING) },
  );
}

/** One field bent (hostile or absent), every other field valid: the bent one must be what is judged. */
function oneFieldBent(valid: unknown[], field: JsonSchema | undefined, bent: boolean): fc.Arbitrary<unknown> {
  const validValues = valid.length > 0 ? valid : (field?.enum ?? []);
  if (!bent && validValues.length > 0) return fc.constantFrom(...validValues);
  return fc.oneof(
    { weight: 4, arbitrary: hostileFor(field, validValues) },
    { weight: 1, arbitrary: fc.constant(MISSING) },
  );
}

// ---------------------------------------------------------------------------------------------
// Per route: who calls it, and the valid values its fields and path parameters can take.
// ---------------------------------------------------------------------------------------------

type Caller = 'admin' | 'teller' | 'student' | 'otherStudent';

/** Valid values by field or parameter name; they name real records, so requests reach the domain. */
function validValues(): Record<string, unknown[]> {
  const transactionIds = [...ledger.keys()].slice(-20);
  return {
    accountId: [
      one.checking.accountNumber,
      one.otherChecking.accountNumber,
      savings,
      two.checking.accountNumber,
    ],
    fromAccountId: [one.checking.accountNumber, savings],
    toAccountId: [savings, one.otherChecking.accountNumber, one.checking.accountNumber],
    amount: [0.01, 1, 2.5, 12.34, 100],
    type: ['credit', 'debit'],
    description: ['Correction', 'Caf\u00e9 money', '  Snack  '],
    id: transactionIds.length > 0 ? transactionIds : [1],
    transactionId: transactionIds.length > 0 ? transactionIds : [1],
    transactionDate: ['2030-01-02', '2026-01-05', new Date(Date.now() + 86_400_000).toISOString()],
    branchName: ['East', 'Main\u00a0Campus', 'North Campus'],
    bankId: [one.bankId, String(one.bankId)],
    branchId: [one.main.id, one.north.id],
    branch: [one.main.id, one.north.id, null],
    numOfAccounts: [0, 5],
    username: [one.student.username, 'fz-victim'],
    password: ['Fixture-1234', 'wrong-password'],
    userId: [one.student.username, 'fz-victim'],
    name: ['Fuzzy Kid', 'Zo\u00eb'],
    userRole: ['USER', 'TELLER'],
    accountType: ['CHECKING', 'SAVINGS'],
    bankName: ['Fuzz Bank', 'One Bank'],
    checkingActive: [true],
    savingsActive: [true],
    savingsRate: [0, 2.5],
    tellerDepositPermission: [true],
    tellerWithdrawalPermission: [true],
    tellerTransferPermission: [true],
    ticketType: ['Bug', 'Enhancement Request'],
    severity: ['3. Major'],
    status: ['Open', 'Closed'],
    title: ['It broke', 'Ça marche pas'],
    ticketContents: ['Line one\nLine two\twith a tab'],
    supportTicketId: ticketIds,
    limit: [1, 10, 500],
    cursor: ['1', '99999'],
    fileName: [statementName, `statement-${one.checking.accountNumber}-2020-01.pdf`],
    // Classroom tools: a payday, the students roster, the roster import.
    kind: ['deposit', 'withdrawal'],
    memo: ['Class job: librarian', null],
    items: [
      [
        { accountId: one.checking.accountNumber, amount: 1 },
        { accountId: savings, amount: 2.5 },
      ],
      [{ accountId: one.otherChecking.accountNumber, amount: 0.01 }],
    ],
    q: ['stud', 'Zo\u00eb'],
    dryRun: ['true', 'false'],
    // The school year: schedules and reversals.
    reason: ['Paid twice', 'Wrong class'],
    every: ['week', '2weeks', 'month'],
    startDate: ['2099-01-31', new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10)],
    target: [{ branchId: one.north.id }, { accountIds: [savings, one.otherChecking.accountNumber] }],
    shortfall: ['skip', 'partial'],
    active: [true, false],
    timeZone: ['UTC', 'America/New_York'],
    accountIds: [[savings], [one.checking.accountNumber, one.otherChecking.accountNumber]],
    scheduleId: scheduleIds.length > 0 ? scheduleIds : [1],
    batchId: batchIds.length > 0 ? batchIds.slice(-5) : ['00000000-0000-4000-8000-000000000000'],
  };
}

/** Path parameters that destroy or rename must not hit the callers the fuzz itself signs in as. */
const pathValues = (): Record<string, unknown[]> => ({
  ...validValues(),
  userId: ['fz-victim', one.student.username, two.student.username],
  username: [one.student.username, one.otherStudent.username, 'nobody'],
  branchId: [one.north.id, 999_999],
  accountId: [one.checking.accountNumber, savings, one.otherChecking.accountNumber],
});

function callerFor(route: string, tier: string): fc.Arbitrary<Caller> {
  if (tier === 'admin') return fc.constant('admin');
  if (tier === 'teller') return fc.constantFrom('teller', 'admin');
  if (tier === 'student') return fc.constant('student');
  if (route === 'POST /api/user/transactions/create') return fc.constantFrom('admin', 'teller');
  return fc.constantFrom('student', 'student', 'admin', 'teller');
}

const rawBodies = [
  '{',
  '}',
  '{"a":',
  '[1,]',
  '{"amount": 1,}',
  'nul',
  'undefined',
  '\u0000',
  '{"__proto__": {"isAdmin": true}}',
  '{"constructor": {"prototype": {"x": 1}}}',
  '"just a string"',
  '12',
  '[]',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  '{"amount": 1e400}',
  '{"amount": -0}',
  '\ufeff{}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
];
const contentTypes = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/json; charset=latin1',
  'multipart/form-data; boundary=x',
  '',
];

/** Path segments that only make sense raw (not encoded): broken escapes, traversal, very long. */
const rawSegments = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%C0%AE',
  '%00',
  '..',
  '%2e%2e%2f',
  '%2F',
  'a'.repeat(3000),
  '%F0%9F',
];

function pathSegment(param: string): fc.Arbitrary<string> {
  const valid = pathValues()[param] ?? [];
  // A lone surrogate has no UTF-8 form: it is sent as the bytes a careless encoder would produce.
  const encoded = (v: unknown) =>
    Array.from(String(v), (ch) => (/\p{Cs}/u.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch))).join('');
  return fc.oneof(
    ...(valid.length > 0 ? [{ weight: 5, arbitrary: fc.constantFrom(...valid).map(encoded) }] : []),
    {
      weight: 3,
      arbitrary: fc
        .oneof(hostileString, boundaryNumber.map(String), poisoned(valid) ?? hostileString)
        .map(encoded),
    },
    { weight: 1, arbitrary: fc.constantFrom(...rawSegments) },
  );
}

interface FuzzRequest {
  caller: Caller;
  url: string;
  headers: Record<string, string>;
  payload: string | undefined;
}

/** Requests for one route, from its schemas. */
function requestsFor(route: {
  method: string;
  url: string;
  tier: string;
  schema: any;
}): fc.Arbitrary<FuzzRequest> {
  const key = `${route.method} ${route.url}`;
  const params = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
  const path = fc
    .tuple(...params.map(pathSegment))
    .map((segments) =>
      params.reduce((url, param, i) => url.replace(`:${param}`, segments[i] ?? ''), route.url),
    );

  const queryShape = shapeOf(route.schema?.querystring);
  const queryKeys = Object.keys(queryShape?.properties ?? {});
  const valid = validValues();
  const query = fc
    .tuple(
      fc.tuple(...queryKeys.map((k) => fieldValue(valid[k] ?? [], queryShape?.properties?.[k]))),
      fc.option(fc.dictionary(fc.string({ unit, maxLength: 8 }), hostileString, { maxKeys: 2 })),
    )
    .map(([values, extra]) => {
      const search = new URLSearchParams();
      queryKeys.forEach((k, i) => {
        const v = values[i];
        if (v !== MISSING) search.append(k, typeof v === 'string' ? v : JSON.stringify(v));
      });
      for (const [k, v] of Object.entries(extra ?? {})) search.append(k, v);
      const text = search.toString();
      return text ? `?${text}` : '';
    });

  const bodyShape = shapeOf(route.schema?.body);
  const body: fc.Arbitrary<{ payload: string | undefined; contentType: string | undefined }> = (() => {
    if (!bodyShape) {
      return fc.oneof(
        { weight: 4, arbitrary: fc.constant({ payload: undefined, contentType: undefined }) },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom(...rawBodies)
            .map((p) => ({ payload: p, contentType: 'application/json' })),
        },
      );
    }
    let structured: fc.Arbitrary<unknown>;
    let contentType = 'application/json';
    if (bodyShape.properties) {
      const fields = Object.keys(bodyShape.properties);
      const properties = bodyShape.properties;
      const mixed = fc.tuple(...fields.map((f) => fieldValue(valid[f] ?? [], properties[f])));
      const focused = fc
        .nat({ max: fields.length - 1 })
        .chain((bent) =>
          fc.tuple(...fields.map((f, i) => oneFieldBent(valid[f] ?? [], properties[f], i === bent))),
        );
      structured = fc
        .tuple(
          fc.oneof({ weight: 3, arbitrary: focused }, { weight: 1, arbitrary: mixed }),
          fc.option(fc.dictionary(fc.string({ unit, maxLength: 8 }), junk, { maxKeys: 2 })),
        )
        .map(([values, extra]) => {
          const object: Record<string, unknown> = { ...extra };
          fields.forEach((f, i) => {
            if (values[i] !== MISSING) object[f] = values[i];
          });
          return object;
        });
    } else if (bodyShape.prefixItems) {
      // [currentPassword, newPassword]
      const item = fc.oneof(fc.constantFrom('Fixture-1234', 'Another-5678!'), hostileString, junk);
      structured = fc.oneof(fc.tuple(item, item), fc.array(item, { maxLength: 4 }), junk);
    } else {
      // A raw text body (the display name).
      contentType = 'text/plain';
      structured = fc.oneof(fc.constantFrom('Sammy', ''), hostileString);
    }
    const encode = (value: unknown) =>
      contentType === 'text/plain' && typeof value === 'string' ? value : JSON.stringify(value);
    return fc.oneof(
      { weight: 12, arbitrary: structured.map((v) => ({ payload: encode(v), contentType })) },
      { weight: 1, arbitrary: fc.constantFrom(...rawBodies).map((p) => ({ payload: p, contentType })) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(structured, fc.constantFrom(...contentTypes))
          .map(([v, type]) => ({ payload: JSON.stringify(v) ?? 'null', contentType: type })),
      },
      { weight: 1, arbitrary: hugeString.map((s) => ({ payload: JSON.stringify({ x: s }), contentType })) },
      { weight: 1, arbitrary: fc.constant({ payload: undefined, contentType: undefined }) },
    );
  })();

  const idempotencyKey = fc.option(
    fc.oneof(
      fc.string({ unit: 'binary-ascii', maxLength: 70 }),
      fc.constantFrom('', 'k'.repeat(65), 'same-key'),
    ),
    { freq: 3 },
  );

  return fc
    .record({ caller: callerFor(key, route.tier), path, query, body, idempotencyKey })
    .map(({ caller, path, query, body, idempotencyKey }) => {
      const headers: Record<string, string> = {};
      if (body.contentType) headers['content-type'] = body.contentType;
      // Header values may not hold control characters in HTTP at all; Node refuses to send them.
      if (idempotencyKey !== null && !/\p{Cc}/u.test(idempotencyKey))
        headers['idempotency-key'] = idempotencyKey;
      return { caller, url: `${path}${query}`, headers, payload: body.payload };
    });
}

// ---------------------------------------------------------------------------------------------

const leaks =
  /\bat .+:[0-9]+:[0-9]+|node_modules|\/src\/|\bselect\b.+\bfrom\b|insert into|violates|syntax error|duplicate key|relation "|drizzle|postgres|pglite/i;

/** The promises of API.md "Errors" for one answer. */
function checkAnswer(
  label: string,
  response: { statusCode: number; headers: Record<string, unknown>; body: string },
) {
  const { statusCode, body } = response;
  expect(statusCode, `${label}: ${body.slice(0, 300)}`).toBeLessThan(500);
  expect(response.headers['cache-control'], label).toBe('no-store');
  if (statusCode < 400) return;
  expect(body, label).not.toMatch(leaks);
  const contentType = String(response.headers['content-type'] ?? '');
  if (label.startsWith('POST /api/login') && statusCode === 401) {
    expect(body, label).toBe('Invalid username or password');
    return;
  }
  expect(contentType, label).toContain('application/json');
  const parsed = errorBody.safeParse(JSON.parse(body));
  expect(parsed.success, `${label}: ${body.slice(0, 300)}`).toBe(true);
}

beforeAll(async () => {
  t = await startTestApp();
  ({ one, two } = await seedTwoBanks(t.db));
  const savingsAccount = await insertAccount(t.db, {
    userId: one.student.id,
    bankId: one.bankId,
    branchId: one.main.id,
    type: 'SAVINGS',
  });
  savings = savingsAccount.accountNumber;
  await insertUser(t.db, { username: 'fz-victim', role: 'TELLER', bankId: one.bankId });
  // An issued statement to download: the checking account has been open since January 2025.
  await t.db.execute(
    sql`update accounts set opened_at = '2025-01-10T09:00:00Z' where account_number = ${one.checking.accountNumber}`,
  );
  await runMonthEnd(t.db, { now: new Date('2025-02-01T00:00:00Z') });
  statementName = `statement-${one.checking.accountNumber}-2025-01.pdf`;
  // Money to move, through the API so the expected ledger knows it.
  for (const accountId of [one.checking.accountNumber, savings, one.otherChecking.accountNumber]) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/teller/deposits',
      headers: { authorization: `Bearer ${one.tokens.admin}` },
      payload: { accountId, amount: 1000 },
    });
    expect(res.statusCode).toBe(201);
    track('POST /api/teller/deposits', '', res.statusCode, res.json());
  }
  const ticket = await t.app.inject({
    method: 'POST',
    url: '/api/user/supportTickets/create',
    headers: { authorization: `Bearer ${one.tokens.student}` },
    payload: { ticketType: 'Bug', title: 'Broken', ticketContents: 'Help', severity: '3. Major' },
  });
  ticketIds = [ticket.json().id];
}, 120_000);
afterAll(() => t.close());

describe('fuzzing every API route', () => {
  it('answers only 2xx or 4xx with the error shape, and leaves the books as the accepted requests made them', async () => {
    const [before] = await queryRows<{ total: number }>(
      t.db,
      sql`select coalesce(sum(balance_cents), 0)::bigint as total from accounts`,
    );
    const statusCounts = new Map<number, number>();
    let requests = 0;
    // Every call of the contract, with the schemas the server validates it by.
    // But the notification stream, which never ends an `inject` (notifications.test.ts opens it).
    const routes = routeTable
      .filter((entry) => entry.produces !== 'text/event-stream')
      .map((entry) => ({
        method: entry.method,
        url: `/api${entry.path}`,
        tier: entry.tier,
        schema: { querystring: entry.query, body: entry.body },
      }));
    const runsPerRoute = Number(
      process.env.FUZZ_RUNS_PER_ROUTE ?? Math.ceil(minimumRequests / routes.length),
    );
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      await fc.assert(
        fc.asyncProperty(requestsFor(route), async (request) => {
          const token =
            route.url === '/api/logout'
              ? await createSession(t.db, one.student.id, 3600)
              : one.tokens[request.caller];
          const response = await t.app.inject({
            method: route.method,
            url: request.url,
            headers: { ...request.headers, authorization: `Bearer ${token}` },
            ...(request.payload === undefined ? {} : { payload: request.payload }),
          });
          requests++;
          statusCounts.set(response.statusCode, (statusCounts.get(response.statusCode) ?? 0) + 1);
          checkAnswer(`${key} ${request.url.slice(0, 200)}`, response);
          const json = String(response.headers['content-type']).includes('json') ? response.json() : null;
          track(key, request.url, response.statusCode, json);
        }),
        { numRuns: runsPerRoute, seed, endOnFailure: true },
      );
    }

    // The books: every balance is Σ credits − Σ debits of its live transactions, running balances
    // add up, transfers have two matching legs; and the bank's total moved only by what was accepted.
    expect(await verifyLedger(t.db)).toEqual([]);
    const [after] = await queryRows<{ total: number }>(
      t.db,
      sql`select coalesce(sum(balance_cents), 0)::bigint as total from accounts`,
    );
    const [ranNow] = runNowBatches.size
      ? await queryRows<{ total: number }>(
          t.db,
          sql`select coalesce(sum(case when type = 'credit' then amount_cents else -amount_cents end), 0)::bigint as total
              from transactions where deleted_at is null
                and batch_id::text in (${sql.join(
                  [...runNowBatches].map((id) => sql`${id}`),
                  sql`, `,
                )})`,
        )
      : [{ total: 0 }];
    // Run now's paydays count as their transactions, unless a later request (a reversal, a
    // delete) already told the ledger about a leg of them.
    const expected =
      [...ledger.values()].reduce((sum, leg) => sum + leg.signedCents, 0) + Number(ranNow!.total);
    expect(Number(after!.total)).toBe(expected);
    expect(Number(before!.total)).toBe(300_000);

    const byClass = [...statusCounts].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
    console.log(
      `fuzz: ${requests} requests over ${routes.length} routes (seed ${seed}), no 5xx; ${acceptedMoneyMoves} accepted money moves; statuses ${byClass.join(' ')}`,
    );
    expect(requests).toBe(runsPerRoute * routes.length);
    if (process.env.FUZZ_RUNS_PER_ROUTE === undefined)
      expect(requests).toBeGreaterThanOrEqual(minimumRequests);
  }, 600_000);
});
