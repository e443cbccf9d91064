/**
 * Requests generated from the served OpenAPI document (issue 23), for every operation, as an admin,
 * a teller and a Student: path, query, headers and body are values the document's schemas accept
 * (each checked with AJV before it is sent), with real ids, names and account numbers mixed in so
 * that requests reach the domain. A request the document allows must never be refused with a 400
 * for a reason the document does not state, and nothing may answer 5xx. Every answer is also
 * checked against the document by the harness (document-check.ts).
 *
 * DOCUMENT_FUZZ_RUNS sets the requests per operation and role (default 8); FUZZ_SEED replays a run.
 */
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ValidateFunction } from 'ajv';
import { createSession } from '../src/domain/auth/sessions.js';
import { codePoints, TEXT_STORED_NORMALISED } from '@bank/shared';
import { EVERY_BODY } from '../src/plugins/openapi-document.js';
import { documentAjv, toJsonSchema, type OpenApiDocument } from './document-check.js';
import { call, startTestApp, type TestApp } from './harness.js';
import { seedBank, type SeededBank } from './fixtures.js';
import { valueArbitrary, type Known, type Schema } from './schema-arbitrary.js';

const runsPerRole = Number(process.env.DOCUMENT_FUZZ_RUNS ?? 8);
const seed = process.env.FUZZ_SEED === undefined ? Date.now() % 2 ** 31 : Number(process.env.FUZZ_SEED);
const roles = ['admin', 'teller', 'student'] as const;
type Role = (typeof roles)[number];

/**
 * The 400s a request the document allows may still get, each for a reason its operation's
 * description states: `words` must appear in the served description, so this list cannot say
 * more than the document does. Anything else is a finding.
 */
interface Stated {
  /** The refused field (a key of `fields`), or the error's reason. */
  field?: RegExp;
  reason?: string;
  words: string;
}
const cursor: Stated = { field: /^cursor$/, words: 'X-Next-Cursor this list gave' };
const onceEach: Stated = { field: /^items\.[0-9]+\.accountId$/, words: 'Each account at most once' };
const wageTerms: Stated = {
  field: /^amount$|^amountFrom$/,
  words: 'amount is required unless amountFrom is "wage"',
};
const scheduleTerms: Stated[] = [{ field: /^startDate$/, words: 'startDate today or later' }, wageTerms];
const statedRefusals: Record<string, Stated[]> = {
  'post /user/transfers': [{ field: /^toAccountId$/, words: 'must differ' }],
  'post /admin/users/import': [
    { reason: 'CSV_MALFORMED', words: 'text/csv' },
    { reason: 'IMPORT_ROWS_INVALID', words: 'Any invalid row is a 400' },
    { field: /^rows/, words: 'Any invalid row is a 400' },
  ],
  'get /teller/accounts/bank/{bankId}': [cursor],
  'get /teller/students/{bankId}': [cursor],
  'post /teller/batches': [onceEach],
  'post /teller/batches/preview': [onceEach],
  'post /teller/schedules': scheduleTerms,
  'post /teller/schedules/preview': scheduleTerms,
  'put /admin/bank/update': [{ field: /^timeZone$/, words: 'IANA time zone name' }],
  'put /admin/users/{userId}/updateUser': [
    { field: /^userId$/, words: 'must equal the one in the path' },
    { field: /^banker$/, words: 'only a Student may be a banker' },
    { field: /^branch$/, words: 'A Student (USER) needs a branch' },
  ],
  'post /admin/users/create': [{ field: /^branchId$/, words: 'A Student (USER) needs a branchId' }],
  'put /user/users/{userId}/updatePassword': [
    { reason: 'CURRENT_PASSWORD_WRONG', words: '400 CURRENT_PASSWORD_WRONG' },
    { reason: 'PASSWORD_TOO_WEAK', words: '400 PASSWORD_TOO_WEAK' },
  ],
  'post /admin/batches/{batchId}/reverse': [
    { field: /^accountIds\.[0-9]+$/, words: 'an account the payday paid' },
  ],
  'post /user/goals': [{ field: /^accountId$/, words: 'accountId must be a savings account' }],
  'put /user/goals/{goalId}': [{ field: /^$|^body$/, words: 'At least one field' }],
  'put /teller/items/{itemId}': [{ field: /^$|^body$/, words: 'At least one field' }],
  'post /teller/auctions': [{ field: /^endsAt$/, words: 'endsAt must lie ahead (within 90 days)' }],
  'put /teller/auctions/{auctionId}': [
    { field: /^$|^body$/, words: 'At least one field' },
    { field: /^endsAt$/, words: 'endsAt must lie ahead (within 90 days)' },
  ],
  'put /teller/schedules/{scheduleId}': [{ field: /^$|^body$/, words: 'At least one field' }, wageTerms],
  'put /teller/jobs/{jobId}': [
    { field: /^$|^body$/, words: 'At least one field' },
    { field: /^holders\.[0-9]+$/, words: 'Each User Id at most once in holders, whatever its case' },
    { field: /^holders\.[0-9]+$/, words: "Holders must be current Students of the job's branch" },
  ],
  'put /teller/awards/{awardId}': [{ field: /^$|^body$/, words: 'At least one field' }],
  'post /teller/awards/{awardId}/give': [
    { field: /^$|^body$/, words: 'Exactly one of accountIds and usernames' },
    { field: /^usernames\.[0-9]+$/, words: 'a User Id whatever its case' },
  ],
};

/** Whether a JSON value has a key the parser refuses anywhere in it (the document's info states it). */
function hasPoisonKey(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (Object.hasOwn(value, '__proto__')) return true;
  const constructor = (value as Record<string, unknown>).constructor;
  if (Object.hasOwn(value, 'constructor') && typeof constructor === 'object' && constructor !== null) {
    if (Object.hasOwn(constructor, 'prototype')) return true;
  }
  return Object.values(value).some(hasPoisonKey);
}

/** The value a refusal's field names: a body path (`items.0.memo`), `body` itself, or a parameter. */
function valueAt(request: GeneratedRequest, field: string): unknown {
  if (field === 'body') return request.body;
  let value: unknown = request.body;
  for (const part of field.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  return value ?? request.query[field] ?? request.params[field];
}

/** Whether a text is longer, in code points, once normalised to NFC (as the server stores it). */
const growsWhenNormalised = (value: unknown) =>
  typeof value === 'string' && codePoints(value.normalize('NFC')) > codePoints(value);

/** Whether the document states why this request was refused. */
function stated(
  key: string,
  description: string,
  request: GeneratedRequest,
  body: { error?: string; reason?: string; fields?: Record<string, string> },
) {
  const fields = Object.keys(body.fields ?? {});
  const info = document.info.description ?? '';
  // Every body (the document's info): a key that could change every object is refused, whatever the field.
  if (hasPoisonKey(request.body) && body.error === 'VALIDATION' && info.includes(EVERY_BODY)) return true;
  const rules = (statedRefusals[key] ?? []).filter(
    (s) => description.includes(s.words) && (s.reason === undefined || s.reason === body.reason),
  );
  if (rules.some((s) => s.field === undefined)) return true;
  // Each refused field for a reason stated: the operation's own, or every text field's (the
  // document's info: its length counts the stored, normalised text).
  const fieldStated = (field: string) =>
    rules.some((s) => s.field!.test(field)) ||
    (info.includes(TEXT_STORED_NORMALISED) && growsWhenNormalised(valueAt(request, field)));
  return body.error === 'VALIDATION' && fields.length > 0 && fields.every(fieldStated);
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  description?: string;
}

interface GeneratedRequest {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  body?: unknown;
  /** No body, but a JSON content type all the same (as many clients send every call). */
  emptyJson?: boolean;
}

let t: TestApp;
let document: OpenApiDocument;
const ajv = documentAjv();
const validators = new Map<Schema, ValidateFunction>();
const satisfies = (schema: Schema, value: unknown) => {
  let validate = validators.get(schema);
  if (!validate) validators.set(schema, (validate = ajv.compile(toJsonSchema(schema) as Schema)));
  return validate(value);
};

const counts = { requests: 0, byClass: {} as Record<string, number>, skipped: 0 };
const findings: string[] = [];

beforeAll(async () => {
  t = await startTestApp();
  document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(async () => {
  await t?.close();
});

/** A fresh bank for each operation, with one deposit so a transaction exists. */
async function seedFor(): Promise<{ bank: SeededBank; known: Known }> {
  await t.reset();
  const bank = await seedBank(t.db, 'one');
  const deposit = await call(t.app, 'POST', '/teller/deposits', {
    token: bank.tokens.admin,
    body: { accountId: bank.checking.accountNumber, amount: 25 },
  });
  const usernames = [bank.student.username, bank.otherStudent.username, bank.teller.username];
  const accountNumbers = [bank.checking.accountNumber, bank.otherChecking.accountNumber];
  const known: Known = {
    bankId: [bank.bankId],
    branchId: [bank.main.id, bank.north.id],
    branch: [bank.main.id, bank.north.id],
    username: usernames,
    userId: usernames,
    accountId: accountNumbers,
    fromAccountId: accountNumbers,
    toAccountId: accountNumbers,
    accountIds: [accountNumbers],
    'accountIds[]': accountNumbers,
    transactionId: [deposit.body.id],
    id: [deposit.body.id],
  };
  return { bank, known };
}

function requestArbitrary(operation: Operation, known: Known): fc.Arbitrary<GeneratedRequest> {
  const group = (where: Parameter['in']) => {
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    const required: string[] = [];
    for (const p of (operation.parameters ?? []).filter((q) => q.in === where)) {
      model[p.name] = valueArbitrary(p.schema, known, p.name);
      if (p.required || where === 'path') required.push(p.name);
    }
    return fc.record(model, { requiredKeys: required });
  };
  const content = operation.requestBody?.content ?? {};
  const [mediaType] = Object.keys(content);
  const body = mediaType ? valueArbitrary(content[mediaType]!.schema, known) : fc.constant(undefined);
  const emptyJson = mediaType ? fc.constant(false) : fc.boolean();
  return fc.record({
    params: group('path'),
    query: group('query'),
    headers: group('header'),
    body,
    emptyJson,
  });
}

/** Whether every part of the request is what the document allows (the generator is checked too). */
function allowed(operation: Operation, request: GeneratedRequest): boolean {
  for (const p of operation.parameters ?? []) {
    const value = { path: request.params, query: request.query, header: request.headers }[p.in][p.name];
    if (value === undefined) {
      if (p.required || p.in === 'path') return false;
    } else if (!satisfies(p.schema, value)) return false;
  }
  const content = operation.requestBody?.content;
  if (content && request.body !== undefined) {
    const [mediaType] = Object.keys(content);
    if (!satisfies(content[mediaType!]!.schema, request.body)) return false;
  }
  return true;
}

async function send(
  template: string,
  method: string,
  operation: Operation,
  request: GeneratedRequest,
  token: string,
) {
  const path = template.replace(/\{(\w+)\}/g, (_m, name: string) =>
    encodeURIComponent(String(request.params[name])),
  );
  const query = new URLSearchParams(Object.entries(request.query).map(([k, v]) => [k, String(v)])).toString();
  const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
  const mediaType = Object.keys(operation.requestBody?.content ?? {})[0];
  if (mediaType && mediaType !== 'application/json') headers['content-type'] = mediaType;
  if (request.emptyJson) {
    headers['content-type'] = 'application/json';
    return call(t.app, method.toUpperCase() as 'GET', `${path}${query ? `?${query}` : ''}`, {
      token,
      headers,
      body: '',
    });
  }
  const body =
    request.body === undefined
      ? undefined
      : mediaType === 'application/json'
        ? request.body
        : String(request.body);
  return call(t.app, method.toUpperCase() as 'GET', `${path}${query ? `?${query}` : ''}`, {
    token,
    headers,
    ...(body === undefined ? {} : { body }),
  });
}

async function fuzzOperation(template: string, method: string, operation: Operation) {
  const { bank, known } = await seedFor();
  const users: Record<Role, number> = {
    admin: bank.admin.id,
    teller: bank.teller.id,
    student: bank.student.id,
  };
  const samples = fc.sample(requestArbitrary(operation, known), {
    numRuns: runsPerRole * roles.length,
    seed,
  });
  for (const [index, request] of samples.entries()) {
    if (!allowed(operation, request)) {
      counts.skipped++;
      continue;
    }
    const role = roles[index % roles.length]!;
    const token = await createSession(t.db, users[role], 3600);
    counts.requests++;
    const key = `${method} ${template}`;
    let res: Awaited<ReturnType<typeof send>>;
    try {
      res = await send(template, method, operation, request, token);
    } catch (error) {
      // The harness refused the answer (not what the document describes): a finding, with its request.
      findings.push(`${key} as ${role}: ${JSON.stringify(request)} → ${(error as Error).message}`);
      continue;
    }
    const statusClass = `${String(res.status)[0]}xx`;
    counts.byClass[statusClass] = (counts.byClass[statusClass] ?? 0) + 1;
    const what = `${key} as ${role}: ${JSON.stringify(request)} → ${res.status} ${JSON.stringify(res.body)}`;
    if (res.status >= 500) findings.push(what);
    if (res.status === 400 && !stated(key, operation.description ?? '', request, res.body))
      findings.push(what);
  }
}

describe('requests generated from the served OpenAPI document', () => {
  it(
    'are never refused for a reason the document does not state, and never answered 5xx',
    async () => {
      const only = process.env.DOCUMENT_FUZZ_ONLY ? new RegExp(process.env.DOCUMENT_FUZZ_ONLY) : null;
      const operations = Object.entries(document.paths)
        .flatMap(([template, methods]) =>
          Object.entries(methods).map(([method, operation]) => ({ template, method, operation })),
        )
        .filter(({ template, method }) => !only || only.test(`${method} ${template}`))
        // But the notification stream, which never ends an `inject` (notifications.test.ts opens it).
        .filter(({ operation }) => !JSON.stringify(operation).includes('"text/event-stream"'));
      for (const { template, method, operation } of operations)
        await fuzzOperation(template, method, operation as unknown as Operation);
      console.log(
        `Document fuzz (seed ${seed}): ${counts.requests} requests over ${operations.length} operations as admin, teller and Student; ` +
          `${Object.entries(counts.byClass)
            .sort()
            .map(([k, v]) => `${v} ${k}`)
            .join(', ')}; ${counts.skipped} generated requests outside the document skipped`,
      );
      if (process.env.DOCUMENT_FUZZ_FINDINGS)
        writeFileSync(process.env.DOCUMENT_FUZZ_FINDINGS, findings.join('\n'));
      expect(findings, findings.slice(0, 20).join('\n')).toEqual([]);
      expect(counts.requests).toBeGreaterThan(operations.length * roles.length);
    },
    60_000 + runsPerRole * 10_000,
  );
});
