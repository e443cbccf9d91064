/**
 * The route contract (packages/shared/src/contract) is the one list of API calls: the server
 * registers exactly its entries, with their tiers, and the OpenAPI document shows each of them with
 * its schemas and the one error body as its 4xx answer.
 */
import { describe, expect, it } from 'vitest';
import { routeDocs, routeKey, routeTable, STATEMENT_FILE_PATTERN, textPattern } from '@bank/shared';
import { documentChecker } from './document-check.js';
import { useTestApp } from './harness.js';

const t = useTestApp();

describe('the route contract', () => {
  it('is what the server registers: the same routes with the same tiers, and nothing else', () => {
    const registered = t.app.apiRoutes.map((r) => `${r.method} ${r.url} ${r.tier}`).sort();
    const declared = routeTable.map((entry) => `${entry.method} /api${entry.path} ${entry.tier}`).sort();
    expect(registered).toEqual(declared);
  });

  it('has the document’s words only for routes it has: every summary and description names a route', () => {
    const keys = new Set(routeTable.map(routeKey));
    expect(Object.keys(routeDocs).filter((key) => !keys.has(key))).toEqual([]);
  });

  it('names each route once', () => {
    const keys = routeTable.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('is the OpenAPI document: every route with its schemas and the error body as its 4xx answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths: Record<string, Record<string, any>> = res.json().paths;
    const documented = Object.entries(paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(
      routeTable.map((e) => `${e.method} ${e.path.replace(/:(\w+)/g, '{$1}')}`).sort(),
    );
    for (const entry of routeTable) {
      const operation = paths[entry.path.replace(/:(\w+)/g, '{$1}')]![entry.method.toLowerCase()];
      const label = routeKey(entry);
      expect(operation.tags, label).toEqual(entry.tags);
      const errorSchema = Object.values<any>(operation.responses['4XX'].content)[0].schema;
      expect(Object.keys(errorSchema.properties), label).toEqual(['error', 'reason', 'message', 'fields']);
      for (const status of Object.keys(entry.response))
        expect(operation.responses, label).toHaveProperty(status);
      const pathParams = (operation.parameters ?? []).filter((p: any) => p.in === 'path');
      expect(pathParams.map((p: any) => p.name).sort(), label).toEqual(
        Object.keys(entry.params?.shape ?? {}).sort(),
      );
      const queryParams = (operation.parameters ?? []).filter((p: any) => p.in === 'query');
      expect(queryParams.map((p: any) => p.name).sort(), label).toEqual(
        Object.keys(entry.query?.shape ?? {}).sort(),
      );
      expect(Boolean(operation.requestBody), label).toBe(Boolean(entry.body));
    }
  });

  it('documents each answer under the content type it is sent with, and no body on a 204', async () => {
    const paths: Record<string, Record<string, any>> = (
      await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    ).json().paths;
    for (const entry of routeTable) {
      const operation = paths[entry.path.replace(/:(\w+)/g, '{$1}')]![entry.method.toLowerCase()];
      const label = routeKey(entry);
      expect(Object.keys(operation.responses['4XX'].content), label).toEqual(['application/json']);
      expect(operation.responses['5XX'].content['application/json'].schema, label).toEqual(
        operation.responses['4XX'].content['application/json'].schema,
      );
      for (const status of Object.keys(entry.response)) {
        const content = operation.responses[status].content;
        if (status === '204') expect(content, label).toBeUndefined();
        else expect(Object.keys(content), label).toEqual([entry.produces ?? 'application/json']);
      }
    }
    const download = paths['/user/statements/download/{fileName}']!.get.responses['200'];
    expect(download.content['application/pdf'].schema).toMatchObject({ type: 'string', format: 'binary' });
  });

  it('shows the constraints the server enforces', async () => {
    const paths: Record<string, Record<string, any>> = (
      await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    ).json().paths;
    const body = (path: string, method: string) =>
      paths[path]![method].requestBody.content['application/json'].schema.properties;
    const parameter = (path: string, method: string, name: string) =>
      paths[path]![method].parameters.find((p: any) => p.name === name).schema;
    expect(body('/user/transfers', 'post').amount).toEqual({
      type: 'number',
      minimum: 0,
      exclusiveMinimum: true,
      maximum: 1_000_000_000,
      multipleOf: 0.01,
    });
    expect(parameter('/teller/deposits', 'post', 'idempotency-key')).toMatchObject({
      minLength: 1,
      maxLength: 64,
    });
    expect(body('/admin/users/create', 'post').username.pattern).toBe('^[A-Za-z0-9._-]{3,32}$');
    expect(body('/admin/accounts/create', 'post').branchId.anyOf.map((s: any) => s.type)).toEqual([
      'integer',
      'string',
    ]);
    expect(body('/admin/branches/create', 'post').branchName).toMatchObject({
      pattern: textPattern(false, true),
      maxLength: 80,
    });
    expect(body('/user/supportTickets/create', 'post').ticketContents.pattern).toBe(textPattern(true, true));
    expect(parameter('/user/users/{username}', 'get', 'username')).toMatchObject({
      pattern: textPattern(),
      maxLength: 256,
    });
    expect(parameter('/admin/audit', 'get', 'cursor').pattern).toBe('^[0-9]{1,15}$');
    expect(JSON.stringify(body('/teller/schedules', 'post').startDate)).toContain('^[1-9][0-9]{3}-');
    expect(parameter('/user/statements/download/{fileName}', 'get', 'fileName').pattern).toBe(
      STATEMENT_FILE_PATTERN.source,
    );
    expect(paths['/user/transfers']!.post.description).toMatch(/differ/);
    expect(paths['/admin/users/import']!.post.description).toMatch(/username,name,branch,accounts/);
  });

  it('is what /api/docs/json serves, and the check of every answer (document-check.ts) reads it', async () => {
    const served = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(served).toEqual(JSON.parse(JSON.stringify(t.app.swagger())));
    const checker = documentChecker(served);
    const answer = (statusCode: number, contentType: string, body: string) =>
      ({ statusCode, headers: { 'content-type': contentType }, body, rawPayload: Buffer.from(body) }) as any;
    const ok = answer(200, 'application/json; charset=utf-8', JSON.stringify({ status: 'ok' }));
    expect(() => checker.check('GET', '/api/healthz', ok)).not.toThrow();
    for (const [url, response, problem] of [
      ['/api/healthz', answer(200, 'application/json', '{"status":"fine"}'), /does not match/],
      ['/api/healthz', answer(200, 'text/plain', 'ok'), /content type "text\/plain" is not documented/],
      ['/api/healthz', answer(302, 'application/json', '{}'), /lists no such answer/],
      ['/api/logout', answer(204, 'application/json', '{}'), /without a body/],
      ['/api/admin/audit', answer(400, 'application/json', '{"error":"VALIDATION"}'), /does not match/],
    ] as const) {
      const method = url === '/api/logout' ? 'POST' : 'GET';
      expect(() => checker.check(method, url, response), url).toThrow(problem);
    }
  });
});
