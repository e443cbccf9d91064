/**
 * The route contract (packages/shared/src/contract) is the one list of API calls: the server
 * registers exactly its entries, with their tiers, and the OpenAPI document shows each of them with
 * its schemas and the one error body as its 4xx answer.
 */
import { describe, expect, it } from 'vitest';
import { routeKey, routeTable } from '@bank/shared';
import { useTestApp } from './harness.js';

const t = useTestApp();

describe('the route contract', () => {
  it('is what the server registers: the same routes with the same tiers, and nothing else', () => {
    const registered = t.app.apiRoutes.map((r) => `${r.method} ${r.url} ${r.tier}`).sort();
    const declared = routeTable.map((entry) => `${entry.method} /api${entry.path} ${entry.tier}`).sort();
    expect(registered).toEqual(declared);
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
});
