import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A database of its own on the PostgreSQL server, named `<prefix>_<pid>_<random>`; a copy of
 * `template` (the run's migrated template, when the global setup made one) unless told otherwise.
 */
export async function createScratchDatabase(
  adminUrl: string,
  options: { prefix?: string; template?: string | undefined } = {},
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${options.prefix ?? 'bank_test'}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = options.template === undefined ? '' : ` template ${options.template}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
