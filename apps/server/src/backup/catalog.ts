import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client.js';

/**
 * What a backup holds is read from the database's own catalog, not listed by hand: a table or a
 * sequence that a later migration adds is in the next backup without a change here.
 */

/** Every table of the bank but the migrations' own record (a backup carries that list apart). */
export async function bankTables(db: Executor): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables
        where schemaname = 'public' and tablename <> 'schema_migrations' order by tablename`,
  );
  return rows.map((row) => row.name);
}

export async function bankSequences(db: Executor): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'S' and n.nspname = 'public' order by c.relname`,
  );
  return rows.map((row) => row.name);
}

/** The migrations applied, in order: a backup restores only into a database at the same point. */
export async function appliedMigrations(db: Executor): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(db, sql`select name from schema_migrations order by name`);
  return rows.map((row) => row.name);
}

export interface ForeignKey {
  /** The table, as PostgreSQL names it in SQL (quoted when it must be). */
  table: string;
  name: string;
  /** `FOREIGN KEY (...) REFERENCES ...`, as PostgreSQL writes it back. */
  definition: string;
}

export async function foreignKeys(db: Executor): Promise<ForeignKey[]> {
  return queryRows<ForeignKey>(
    db,
    sql`select c.conrelid::regclass::text as "table", c.conname as name,
               pg_get_constraintdef(c.oid) as definition
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = 'public' order by c.conname`,
  );
}

/** How many rows each table holds (exact: a restore refuses a database that holds anything). */
export async function rowCounts(db: Executor, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(table)}`,
    );
    counts[table] = row!.n;
  }
  return counts;
}
