import { describe, expect, it } from 'vitest';
import { contract, type Route } from '@bank/shared';
import * as routeModule from '../../../../packages/shared/src/contract/route';
import * as transactionsArea from '../../../../packages/shared/src/contract/transactions';
import { addressModule, addressTables } from '../../build/contract-addresses';

/*
 * The web build replaces each contract module with its entries' addresses (build/contract-addresses.ts,
 * issue 22): nothing the API client reads of an entry may be lost (api-client.test.ts calls with
 * the addresses alone).
 */

describe("the contract's addresses (the web build)", () => {
  it('keeps every entry of every area with its method, path and encodings, and nothing else', () => {
    for (const [area, table] of Object.entries(contract)) {
      const addresses = addressTables({ [area]: table })[area]!;
      expect(Object.keys(addresses)).toEqual(Object.keys(table));
      for (const [key, entry] of Object.entries(table) as [string, Route][]) {
        const address = addresses[key]!;
        expect(address, `${area}.${key}`).toEqual({
          method: entry.method,
          path: entry.path,
          ...(entry.consumes ? { consumes: entry.consumes } : {}),
          ...(entry.produces ? { produces: entry.produces } : {}),
        });
        expect(Object.values(address).every((value) => typeof value === 'string')).toBe(true);
      }
    }
  });

  it("leaves out a module's other exports, and modules without a table", () => {
    expect(Object.keys(transactionsArea)).toContain('idempotencyHeaders');
    const source = addressModule(transactionsArea)!;
    expect(source).toMatch(/^export const transactionCalls = \{/);
    expect(source).not.toContain('idempotencyHeaders');
    expect(addressModule(routeModule)).toBeNull();
  });
});
