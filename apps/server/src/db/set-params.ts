import { sql, type SQL } from 'drizzle-orm';

/**
 * A whole set as ONE statement parameter, for statements over many rows (a class payday touches a
 * thousand accounts): building, sending and parsing a statement with a parameter per value costs
 * more than the work itself. Both drivers (node-postgres and PGlite) pass a text parameter the same
 * way, so these are text the statement casts: a JSON array of objects, or an array literal.
 */

/** `rows` as a jsonb array, for `jsonb_to_recordset(...) as x(column type, ...)`. */
export const jsonbParam = (rows: readonly object[]): SQL => sql`${JSON.stringify(rows)}::jsonb`;

/** `values` as a PostgreSQL array literal, for `= any(...::type[])`; each element quoted. */
export const arrayParam = (values: readonly (string | number)[], elementType: SQL): SQL => {
  const literal = `{${values.map((v) => `"${String(v).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
  return sql`${literal}::${elementType}[]`;
};
