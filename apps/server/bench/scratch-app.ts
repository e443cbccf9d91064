import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { testConfigFor } from './config.js';
import { scratchPostgres } from './scratch.js';

/**
 * Runs `work` against the whole app (no listening socket: requests by inject) on a scratch
 * PostgreSQL database of its own, named from `prefix`, and drops it afterwards whatever happens.
 */
export async function withScratchApp<T>(
  adminUrl: string,
  prefix: string,
  work: (app: FastifyInstance, db: Database) => Promise<T>,
): Promise<T> {
  const scratch = await scratchPostgres(adminUrl, prefix);
  const handle = await openDatabase({ databaseUrl: scratch.url });
  const app = await buildApp({
    config: { ...testConfigFor(process.env), logLevel: 'silent' },
    db: handle.db,
  });
  try {
    return await work(app, handle.db);
  } finally {
    await app.close();
    await handle.close();
    await scratch.drop();
  }
}
