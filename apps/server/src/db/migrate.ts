import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from './database.js';
import { allowLongJob } from './timeouts.js';
import { inTransaction } from './transaction.js';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

/**
 * Applies the committed SQL migrations (written by drizzle-kit) that this database has not seen,
 * in file-name order, each in its own transaction. The caller holds the startup lock
 * (DatabaseHandle.duringStartup), so when several processes start at once on one database,
 * one migrates, from creating schema_migrations on, and the others then find nothing to do.
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
    await inTransaction(db, async (tx) => {
      // A migration's DDL waits for every statement under way on its tables, and may rewrite one.
      await allowLongJob(tx);
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
