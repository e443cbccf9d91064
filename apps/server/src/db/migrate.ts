import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from './client.js';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));
/** Any constant shared by every process of this bank: several servers may start at once. */
const MIGRATION_LOCK_KEY = 7_310_001;

/**
 * Applies the committed SQL migrations (written by drizzle-kit) that this database has not seen,
 * in file-name order, each in its own transaction under an advisory lock so that two processes
 * starting together do not both apply one.
 */
export async function migrate(db: Database): Promise<void> {
  await db.execute(sql`
    create table if not exists schema_migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    )`);
  const files = readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  for (const file of files) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
      const done = await queryRows(tx, sql`select 1 from schema_migrations where name = ${file}`);
      if (done.length > 0) return;
      const statements = readFileSync(migrationsDir + file, 'utf8').split('--> statement-breakpoint');
      for (const statement of statements) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.execute(sql`insert into schema_migrations (name) values (${file})`);
    });
  }
}
