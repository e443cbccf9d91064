import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedDemoBankOnce } from './domain/demo/seed-demo-bank.js';
import { startJobs } from './jobs/scheduler.js';

/** Starts the bank: database, demo data on first start, background jobs, then HTTP. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    owner: 'the bank server',
  });
  const app = await buildApp({ config, db: database.db });
  if (config.demoData) {
    const seeded = await seedDemoBankOnce(database);
    if (seeded)
      app.log.info(
        'created the demo bank "Demo School Bank" (sign in as admin, teller or student with Demo-1234)',
      );
  }
  const jobs = startJobs(database.db, config, app.log);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    jobs.stop();
    // Stop taking requests, let those under way finish, then close the database.
    await app.close();
    await jobs.idle();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
