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
  const app = await buildApp({ config, db: database.db, clock, listen: database.listen });
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
    await closeWithin('the database connections', () => database.close(), app.log);
    await closeWithin('the running mark', async () => running?.release(), app.log);
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

/**
 * How long shutting down waits to close a connection: node-postgres can wait for ever to end one
 * the database already ended (pg_terminate_backend, a restart). By then every request and job has
 * finished, so the process exits anyway and the OS closes the socket (PostgreSQL then lets the
 * running lock go).
 */
const CLOSE_LIMIT_MS = 5_000;

async function closeWithin(
  what: string,
  close: () => Promise<unknown>,
  log: { warn: (message: string) => void },
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), CLOSE_LIMIT_MS);
  });
  const closed = close().then(
    () => 'closed' as const,
    (error: unknown) => {
      log.warn(`${what} could not be closed: ${String(error)}`);
      return 'closed' as const;
    },
  );
  if ((await Promise.race([closed, late])) === 'late')
    log.warn(`${what} did not close within ${CLOSE_LIMIT_MS} ms: exiting anyway`);
  clearTimeout(timer);
}
