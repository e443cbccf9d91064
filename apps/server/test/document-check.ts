/**
 * Every API answer a test receives is checked against the OpenAPI document the app serves (issue
 * 23): its status must be documented for the operation the router chose, its content type must be
 * the documented one, and its body must satisfy the documented schema (AJV, a maintained JSON
 * Schema validator). A mismatch fails the test that made the request. The counts go to a file per
 * worker, and the run's global teardown (global-setup.ts) prints their sum once.
 */
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { inject as provided } from 'vitest';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { decodedPayload } from './content-encoding.js';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

type Schema = Record<string, unknown>;
interface MediaType {
  schema?: Schema;
}
interface DocumentResponse {
  content?: Record<string, MediaType>;
}
interface Operation {
  responses: Record<string, DocumentResponse>;
}
export interface OpenApiDocument {
  info: { description?: string };
  paths: Record<string, Record<string, Operation>>;
}

/**
 * An OpenAPI 3.0 schema as the JSON Schema AJV reads: `nullable` becomes "or null", and the
 * boolean `exclusiveMinimum`/`exclusiveMaximum` of OpenAPI 3.0 (JSON Schema draft 4) the numbers
 * of later drafts.
 */
export function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (typeof schema !== 'object' || schema === null) return schema;
  const { nullable, ...rest } = schema as Schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(rest)) {
    if (['properties', 'patternProperties'].includes(key) && value && typeof value === 'object') {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toJsonSchema(v)]));
    } else out[key] = toJsonSchema(value);
  }
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (out[flag] === true) {
      out[flag] = out[bound];
      delete out[bound];
    } else if (out[flag] === false) delete out[flag];
  }
  return nullable === true ? { anyOf: [out, { type: 'null' }] } : out;
}

/** An AJV as the document's schemas need it: formats, `u`-flag patterns, money's multipleOf 0.01. */
export function documentAjv(): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: false, multipleOfPrecision: 9, validateFormats: true });
  addFormats(ajv);
  return ajv;
}

interface PathMatcher {
  template: string;
  segments: string[];
}

/** The document's operation for a request, chosen as the router chooses: static segments first. */
export function operationFor(
  document: OpenApiDocument,
  matchers: PathMatcher[],
  method: string,
  pathname: string,
): { template: string; operation: Operation } | null {
  const parts = pathname.replace(/^\/api/, '').split('/');
  const score = (m: PathMatcher) => m.segments.map((s) => (s.startsWith('{') ? '0' : '1')).join('');
  const candidates = matchers
    .filter((m) => document.paths[m.template]![method] !== undefined)
    .filter((m) => m.segments.length === parts.length)
    .filter((m) => m.segments.every((s, i) => s.startsWith('{') || s === parts[i]))
    .sort((a, b) => score(b).localeCompare(score(a)));
  const best = candidates[0];
  return best ? { template: best.template, operation: document.paths[best.template]![method]! } : null;
}

export interface Tally {
  requests: number;
  validated: number;
}
/** This worker's counts since they were last written. */
export const tally: Tally = { requests: 0, validated: 0 };

/** Adds this worker's counts to the run's (global-setup.ts sums and prints them), and starts again. */
export function flushTally() {
  const dir = provided('documentCheckDir');
  if (!dir || tally.requests === 0) return;
  appendFileSync(path.join(dir, `${process.pid}.jsonl`), `${JSON.stringify(tally)}\n`);
  tally.requests = 0;
  tally.validated = 0;
}

export interface DocumentChecker {
  document: OpenApiDocument;
  /** Throws, naming what differs, when the answer is not one the document describes. */
  check(method: string, url: string, response: LightMyRequestResponse): void;
}

/** Builds the checker from the served document. */
export function documentChecker(document: OpenApiDocument): DocumentChecker {
  const ajv = documentAjv();
  const compiled = new Map<unknown, ValidateFunction>();
  const validatorOf = (schema: unknown) => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(toJsonSchema(schema) as Schema);
      compiled.set(schema, validate);
    }
    return validate;
  };
  const matchers = Object.keys(document.paths).map((template) => ({
    template,
    segments: template.split('/'),
  }));
  // The error body every operation documents (4XX), for the answers of no operation (404, 405).
  const anyOperation = Object.values(Object.values(document.paths)[0]!)[0]!;
  const errorMedia = anyOperation.responses['4XX']!.content!;

  return {
    document,
    check(method, url, response) {
      const pathname = url.split('?', 1)[0]!;
      const found = operationFor(document, matchers, method.toLowerCase(), pathname);
      const label = `${method} ${found?.template ?? pathname} → ${response.statusCode}`;
      const status = String(response.statusCode);
      const documented = found
        ? (found.operation.responses[status] ?? found.operation.responses[`${status[0]}XX`])
        : response.statusCode === 404 || response.statusCode === 405
          ? { content: errorMedia }
          : undefined;
      if (!documented) throw new Error(`${label}: the document lists no such answer`);
      const contentType = String(response.headers['content-type'] ?? '')
        .split(';', 1)[0]!
        .trim();
      if (!documented.content) {
        if (response.body !== '') throw new Error(`${label}: documented without a body, but has one`);
        return;
      }
      const media = documented.content[contentType];
      if (!media)
        throw new Error(
          `${label}: content type "${contentType}" is not documented (${Object.keys(documented.content).join(', ')})`,
        );
      if (!media.schema) return;
      const body: unknown =
        contentType === 'application/json'
          ? JSON.parse(response.body)
          : contentType === 'application/pdf'
            ? response.rawPayload.subarray(0, 5).toString('latin1')
            : response.body;
      if (contentType === 'application/pdf' && body !== '%PDF-') throw new Error(`${label}: not a PDF`);
      const validate = validatorOf(media.schema);
      if (!validate(body)) {
        throw new Error(
          `${label}: the body does not match the document: ${ajv.errorsText(validate.errors)}\n` +
            JSON.stringify(body).slice(0, 500),
        );
      }
    },
  };
}

/** The answer as its client reads it: a compressed body (issue 22) decoded, the rest as it is. */
function decoded(response: LightMyRequestResponse): LightMyRequestResponse {
  if (response.headers['content-encoding'] === undefined) return response;
  const rawPayload = decodedPayload(response);
  return { ...response, headers: response.headers, rawPayload, body: rawPayload.toString() };
}

const checked = Symbol('document-checked');
type Checked = FastifyInstance & { [checked]?: true };

/**
 * From now on every API answer this app gives through `inject` is checked against the document it
 * serves (read once, on the first request). Calling it again changes nothing.
 */
export function checkResponses(app: FastifyInstance): void {
  const target = app as Checked;
  if (target[checked]) return;
  target[checked] = true;
  const inject = app.inject.bind(app) as (options: InjectOptions) => Promise<LightMyRequestResponse>;
  let checker: DocumentChecker | undefined;
  const wrapped = async (options: InjectOptions | string) => {
    const opts: InjectOptions = typeof options === 'string' ? { url: options } : options;
    const response = await inject(opts);
    const url = String(opts.url ?? opts.path ?? '');
    const method = String(opts.method ?? 'GET').toUpperCase();
    if (!url.startsWith('/api/') || url.startsWith('/api/docs') || method === 'HEAD') return response;
    tally.requests++;
    // What /api/docs/json serves is app.swagger() (contract.test.ts checks they are equal); read
    // here without a request, so that no test's rate limit or request count sees one.
    if (!checker) {
      await app.ready();
      checker = documentChecker(app.swagger() as unknown as OpenApiDocument);
    }
    checker.check(method, url, decoded(response));
    tally.validated++;
    return response;
  };
  (app as unknown as { inject: typeof wrapped }).inject = wrapped;
}
