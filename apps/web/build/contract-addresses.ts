import { runnerImport, type Plugin } from 'vite';

/**
 * The shared contract's areas (packages/shared/src/contract/*.ts), not its index or its table of
 * every route, which only gather the areas' tables (and would bring them all).
 */
const CONTRACT_MODULE =
  /[\\/]packages[\\/]shared[\\/]src[\\/]contract[\\/](?!index\.ts$|table\.ts$)[^\\/]+\.ts$/;

/** What the web's API client reads of an entry (lib/api-client.ts: `send`, `answerOf`, `pathOf`). */
export const ADDRESS_KEYS = ['method', 'path', 'consumes', 'produces'] as const;

/** What the client reads of an entry (packages/shared/src/contract/route.ts `Route`). */
type Entry = { method: string; path: string; consumes?: string; produces?: string };
const isEntry = (value: unknown): value is Entry =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Entry).method === 'string' &&
  typeof (value as Entry).path === 'string';

/** A table of calls (`userCalls`): an object of entries and nothing else. */
const isCallTable = (value: unknown): value is Record<string, Entry> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length > 0 &&
  Object.values(value).every(isEntry);

type Address = Partial<Record<(typeof ADDRESS_KEYS)[number], string>>;

/** An entry's address: the keys of ADDRESS_KEYS it has. */
export function addressOf(entry: Entry): Address {
  return Object.fromEntries(
    ADDRESS_KEYS.filter((key) => entry[key] !== undefined).map((key) => [key, entry[key]]),
  );
}

/**
 * A contract module's tables of calls with each entry cut down to its address. Its other exports
 * (a schema such as `idempotencyHeaders`) are left out: a web module that imported one would fail
 * the build, loudly, rather than bring zod back unseen.
 */
export function addressTables(exports: Record<string, unknown>): Record<string, Record<string, Address>> {
  return Object.fromEntries(
    Object.entries(exports)
      .filter((pair): pair is [string, Record<string, Entry>] => isCallTable(pair[1]))
      .map(([name, table]) => [
        name,
        Object.fromEntries(Object.entries(table).map(([key, entry]) => [key, addressOf(entry)])),
      ]),
  );
}

/** The module the web build gets in place of a contract module; null when it has no table (route.ts). */
export function addressModule(exports: Record<string, unknown>): string | null {
  const tables = Object.entries(addressTables(exports));
  if (!tables.length) return null;
  return tables.map(([name, table]) => `export const ${name} = ${JSON.stringify(table)};`).join('\n');
}

/**
 * The web app takes only the addresses of the contract's entries (issue 22). Its API client reads
 * an entry's method, path and encodings, never its schemas: the server checks every request and
 * writes every answer through them. Yet importing `userCalls` would bring every schema of its
 * area, and zod with them, into the files each signed-in screen waits for, a large share of what a
 * phone downloads before it shows home (docs/perf/web-bundle.md). Each contract module is run at build time (Vite's
 * module runner) and replaced by its tables of addresses. The forms that check their fields before
 * sending (lib/validation.ts) import the schemas they use by name and still get zod, in their own
 * screens' files. Builds only: the tests, and the types everywhere, see the whole entries.
 */
export function contractAddresses(): Plugin {
  return {
    name: 'school-bank:contract-addresses',
    apply: 'build',
    enforce: 'pre',
    async load(id) {
      if (!CONTRACT_MODULE.test(id)) return null;
      const { module } = await runnerImport<Record<string, unknown>>(id, {
        configFile: false,
        logLevel: 'silent',
      });
      return addressModule(module);
    },
  };
}
