import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { dataDirHolder } from '../db/embedded-lock.js';
import { markRunning, takeDatabaseAlone } from '../db/running-mark.js';
import { setPasswordHashCost } from '../domain/auth/passwords.js';

/** How the operator tool names itself to a second process and in PostgreSQL's list of sessions. */
const WHO = 'the bank CLI';

/**
 * Opens the bank's database the way the server does (DATABASE_URL, or the embedded one in
 * DATA_DIR, which the CLI then holds until `work` is done) and closes it afterwards. On
 * PostgreSQL it marks itself as running there meanwhile (db/running-mark.ts), or, with `alone`
 * (the command's name), refuses unless no bank server or tool runs there and keeps them out.
 */
export async function withDatabase<T>(
  work: (db: Database) => Promise<T>,
  options: { alone?: string } = {},
): Promise<T> {
  const config = loadConfig();
  setPasswordHashCost(config.passwordHashCost);
  const mark = config.databaseUrl ? await markDatabase(config.databaseUrl, options.alone) : undefined;
  try {
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      owner: WHO,
    });
    try {
      return await work(database.db);
    } finally {
      await database.close();
    }
  } finally {
    await mark?.release();
  }
}

const markDatabase = (databaseUrl: string, alone: string | undefined) =>
  alone
    ? takeDatabaseAlone(databaseUrl, WHO, alone)
    : markRunning(databaseUrl, WHO, { info: () => {}, warn: (message) => console.error(`bank: ${message}`) });

/**
 * A file or folder the operator named: relative to the folder they ran npm in when `npm run bank`
 * started this tool (npm runs it in apps/server and says where it was started in INIT_CWD), else
 * to the current folder (`node dist/cli.js`; an INIT_CWD inherited from some other npm script
 * would point elsewhere).
 */
export const operatorPath = (name: string) =>
  path.resolve((process.env.npm_lifecycle_event === 'cli' && process.env.INIT_CWD) || process.cwd(), name);

/** Refuses, before anything is created, a DATA_DIR that holds no embedded database. */
export function assertEmbeddedDatabaseExists(dataDir: string): void {
  if (!existsSync(path.join(dataDir, 'PG_VERSION')))
    throw new Error(
      `There is no embedded database in ${path.resolve(dataDir)}. Set DATA_DIR to the folder the server ` +
        'uses (a relative one is taken from the folder the tool runs in: apps/server with npm run bank, ' +
        "where the server's default ./data is).",
    );
}

/** Refuses while another process holds the embedded database, saying who and what to do. */
export function assertDataDirFree(dataDir: string, what: string): void {
  const holder = dataDirHolder(dataDir);
  if (!holder) return;
  throw new Error(
    `${capitalised(holder.owner || 'another process')} (pid ${holder.pid}) is using the embedded database in ` +
      `${path.resolve(dataDir)}. Stop it, then run ${what} again.`,
  );
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
