import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** zod's modules that turn a schema into JSON Schema (the server's OpenAPI document uses them). */
const JSON_SCHEMA_MODULE = /[\\/]zod[\\/]v4[\\/]core[\\/](to-json-schema|json-schema-processors)\.js$/;

/** The names a module exports (`export const x`, `export function x`, `export { x as y }`). */
function exportedNames(code: string): string[] {
  const names = new Set<string>();
  for (const m of code.matchAll(/^export (?:const|function\*?|let|class) (\w+)/gm)) names.add(m[1]!);
  for (const m of code.matchAll(/^export \{([^}]*)\}/gm)) {
    for (const part of m[1]!.split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) names.add(name);
    }
  }
  return [...names];
}

/**
 * The web app leaves zod's JSON Schema conversion out (issue 22): zod's classic schemas import it
 * for `.toJSONSchema()` and Standard Schema's `jsonSchema`, which the browser never calls, and it
 * would otherwise be part of the download every screen with a form's schema waits for. Each export
 * becomes a function that returns one that throws, so that building a schema (which creates those
 * methods) works and only a conversion would fail, loudly. Built from the real module's export list, so a
 * new zod export is stubbed too. Builds only: the tests run the real zod.
 */
export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'school-bank:zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (!JSON_SCHEMA_MODULE.test(id)) return null;
      const names = exportedNames(readFileSync(id, 'utf8'));
      const unavailable =
        "const unavailable = () => () => { throw new Error('JSON Schema is not part of the web app'); };";
      return [unavailable, ...names.map((name) => `export const ${name} = unavailable;`)].join('\n');
    },
  };
}
