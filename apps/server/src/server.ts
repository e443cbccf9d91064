import { buildApp } from './app.js';
import { systemClock } from './clock.js';
import { answerBackupRequests } from './backup/server-request.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { describeError } from './db/describe-error.js';
import { markRunning } from './db/running-mark.js';
import { seedDemoBankOnce } from './domain/demo/seed-demo-bank.js';
import { jobs as allJobs } from './jobs/registry.js';
import { startJobs } from './jobs/scheduler.js';

/** Starts the bank: database, demo data on first start, background jobs, then HTTP. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    owner: 'the bank server',
  });
  // The one clock of this process: every request and job reads the time from it.
  const clock = systemClock;
  const app = await buildApp({ config, db: database.db, clock });
  // On PostgreSQL, restore refuses while this process runs there (db/running-mark.ts): marked
  // before the demo bank, the jobs or a request write anything.
  const running = config.databaseUrl
    ? await markRunning(config.databaseUrl, 'the bank server', app.log)
    : undefined;
  if (config.demoData) {
    const seeded = await seedDemoBankOnce(database, clock.now());
    if (seeded)
      app.log.info(
        'created the demo bank "Demo School Bank" (sign in as admin, teller or student with Demo-1234)',
      );
  }
  const jobs = startJobs(database.db, config, app.log, allJobs, clock);
  // With the embedded database the CLI cannot open the data directory while this process holds
  // it, so `npm run bank -- backup` asks this process to write the backup (backup/server-request.ts).
  const backups =
    database.kind === 'pglite' ? answerBackupRequests(config.dataDir, database.db, app.log) : undefined;

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    jobs.stop();
    backups?.stop();
    // Stop taking requests, let those under way finish, then close the database.
    await app.close();
    await jobs.idle();
    await backups?.idle();
    await database.close();
    await running?.release();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
}

main().catch((error: unknown) => {
  console.error(describeError(error));
  process.exit(1);
});
