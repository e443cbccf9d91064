/**
 * Values that satisfy a schema of the OpenAPI document, as fast-check arbitraries: the document
 * fuzz test (document-fuzz.test.ts) builds its requests from them. Only what the document uses is
 * read: type, enum, pattern, lengths, bounds, multipleOf, nullable, anyOf/allOf, object properties
 * and required, array items. Every generated value is checked against the schema with AJV by the
 * caller, so a gap here shows as a generator bug, never as a false finding.
 */
import fc from 'fast-check';

export type Schema = Record<string, any>;

/** Hints for fields whose random values would only ever name nothing: real ones mixed in. */
export type Known = Record<string, readonly unknown[]>;

const MAX_TEXT = 24;

/**
 * Characters that test how a length is counted: plain letters, a two-unit emoji (one code point
 * in JSON Schema, two in UTF-16), a combining mark, a CJK letter, and U+0958, which becomes two
 * code points once normalised to NFC (the server stores and measures NFC).
 */
const MEASURING_UNITS = ['a', 'Z', '7', ' ', 'é', '\u0301', '字', '😀'];
const GROWS_IN_NFC = '\u0958';

/**
 * A text exactly as long as the schema allows, in characters that count differently: half of
 * them without U+0958, so that a length counted in UTF-16 units is not hidden by the NFC rule.
 */
function fullLength(minLength: number, maxLength: number): fc.Arbitrary<string> {
  const text = (units: string[]) =>
    fc
      .array(fc.constantFrom(...units), { minLength: maxLength, maxLength })
      .map((chosen) => chosen.join(''))
      .filter((joined) => joined.length >= minLength);
  return fc.oneof(text(MEASURING_UNITS), text([...MEASURING_UNITS, GROWS_IN_NFC]));
}

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const minLength: number = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? MAX_TEXT, MAX_TEXT));
  if (schema.format === 'binary') return fc.constant('');
  const patterns: string[] = [
    ...(schema.pattern ? [schema.pattern] : []),
    ...((schema.allOf ?? []) as Schema[]).flatMap((s) => (s.pattern ? [s.pattern] : [])),
  ];
  const regexes = patterns.map((p) => new RegExp(p, 'u'));
  const fits = (s: string) => s.length >= minLength && [...s].length <= (schema.maxLength ?? Infinity);
  const all = (s: string) => fits(s) && regexes.every((r) => r.test(s));
  const [first, ...rest] = regexes;
  if (first) {
    try {
      // fast-check reads most patterns (not lookaheads): generate from the first, keep what fits all.
      return fc.stringMatching(first).filter((s) => fits(s) && rest.every((r) => r.test(s)));
    } catch {
      // The text rule's pattern has lookaheads: any characters at all, kept when the pattern allows them.
    }
  }
  // Texts of every length the document allows, its maximum among them (not only short ones).
  const longest = schema.maxLength === undefined ? [] : [fullLength(minLength, schema.maxLength as number)];
  return fc
    .oneof(
      fc.string({ minLength, maxLength }),
      fc.string({ unit: 'grapheme', minLength, maxLength }),
      fc.string({ unit: 'binary', minLength, maxLength }),
      ...longest,
    )
    .filter(all);
}

function numberArbitrary(schema: Schema): fc.Arbitrary<number> {
  const integer = schema.type === 'integer';
  const step: number = schema.multipleOf ?? (integer ? 1 : 0);
  let min: number = schema.minimum ?? -1e9;
  let max: number = schema.maximum ?? 1e9;
  if (step > 0) {
    const exclusiveMin = schema.exclusiveMinimum === true;
    const exclusiveMax = schema.exclusiveMaximum === true;
    let low = Math.ceil(min / step);
    let high = Math.floor(max / step);
    if (exclusiveMin && low * step <= min) low++;
    if (exclusiveMax && high * step >= max) high--;
    // Mostly small values (a class's amounts), sometimes anywhere in the range.
    const small = fc.integer({ min: low, max: Math.max(low, Math.min(high, low + 10_000)) });
    const any = fc.integer({ min: Math.max(low, -(2 ** 52)), max: Math.min(high, 2 ** 52) });
    return fc.oneof(small, any, fc.constantFrom(low, high)).map((n) => Number((n * step).toFixed(2)));
  }
  if (schema.exclusiveMinimum === true) min += 1e-6;
  if (schema.exclusiveMaximum === true) max -= 1e-6;
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

function objectArbitrary(schema: Schema, known: Known): fc.Arbitrary<Record<string, unknown>> {
  const properties: Record<string, Schema> = schema.properties ?? {};
  const required = new Set<string>(schema.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties))
    model[name] = valueArbitrary(property, known, name);
  // "One of these is required" (anyOf of required lists): each branch's keys, in turn.
  const oneOf = ((schema.anyOf ?? []) as Schema[]).filter((branch) => Array.isArray(branch.required));
  const record =
    oneOf.length > 0 && oneOf.length === (schema.anyOf as Schema[]).length
      ? fc.oneof(
          ...oneOf.map((branch) =>
            fc.record(model, {
              requiredKeys: [...required, ...(branch.required as string[])].filter((k) => k in model),
            }),
          ),
        )
      : fc.record(model, { requiredKeys: [...required].filter((k) => k in model) });
  // A key the document does not name is allowed unless it says otherwise (additionalProperties).
  if (schema.additionalProperties === false) return record;
  return fc.oneof(
    { arbitrary: record, weight: 4 },
    record.map((value) => ({ ...value, unnamed: 'anything' })),
  );
}

/**
 * A value the schema accepts; `name` is the field's own name, for the known values of that field
 * (and, in an array, `name[]` for its items: real ids, so that one may come twice).
 */
export function valueArbitrary(schema: Schema, known: Known = {}, name?: string): fc.Arbitrary<unknown> {
  const own = schemaArbitrary(schema, known, name);
  const real = name ? known[name] : undefined;
  return real && real.length > 0 ? fc.oneof({ arbitrary: fc.constantFrom(...real), weight: 3 }, own) : own;
}

function schemaArbitrary(schema: Schema, known: Known, name?: string): fc.Arbitrary<unknown> {
  const plain = baseArbitrary(schema, known, name);
  return schema.nullable === true ? fc.oneof(fc.constant(null), plain) : plain;
}

function baseArbitrary(schema: Schema, known: Known, name?: string): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  if ((Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf)) && schema.type !== 'object') {
    const branches = (schema.anyOf ?? schema.oneOf) as Schema[];
    const outer = schema.pattern ? new RegExp(schema.pattern, 'u') : null;
    const choice = fc.oneof(...branches.map((b) => schemaArbitrary(b, known)));
    return outer ? choice.filter((v) => typeof v !== 'string' || outer.test(v)) : choice;
  }
  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
    case 'number':
      return numberArbitrary(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (Array.isArray(schema.items))
        return fc.tuple(...schema.items.map((s: Schema) => schemaArbitrary(s, known)));
      const items = name
        ? valueArbitrary(schema.items ?? {}, known, `${name}[]`)
        : schemaArbitrary(schema.items ?? {}, known);
      const minLength: number = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 3, 3));
      return schema.uniqueItems
        ? fc.uniqueArray(items, { minLength, maxLength, selector: (v) => JSON.stringify(v) })
        : fc.array(items, { minLength, maxLength });
    }
    case 'object':
      return objectArbitrary(schema, known);
    default:
      // No type at all ({}): anything JSON.
      return fc.jsonValue({ maxDepth: 1 });
  }
}
