import { hostname } from 'node:os';
import pg from 'pg';
import { describeError } from './describe-error.js';
import { LOCK_KEYS } from './locks.js';

/**
 * "A bank process runs on this PostgreSQL database", said in a way that dies with the process:
 * each server and each run of the operator tool holds the running lock (db/locks.ts) shared,
 * session-level, on a connection of its own for as long as it runs. However the process ends,
 * its connection closes and PostgreSQL lets the lock go. Restore, which replaces everything
 * every process sees, takes the lock exclusive with a try and refuses while anyone holds it
 * (docs/adr, "Restore runs alone, in one transaction").
 */

export interface RunningMark {
  /** Lets go of the lock and stops marking (at shutdown). */
  release(): Promise<void>;
}

export interface MarkLog {
  info(message: string): void;
  warn(message: string): void;
}

const CONNECT_TIMEOUT_MS = 10_000;
const QUERY_TIMEOUT_MS = 10_000;
/** While a restore holds the lock exclusive, a process starting looks again this often. */
const RESTORE_POLL_MS = 1_000;
const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/**
 * Holds the running lock shared until `release`. When its connection is lost (a restart of the
 * database, a failover, pg_terminate_backend), it connects again, with growing pauses, and takes
 * the lock again; meanwhile a restore could start, and its single transaction (backup/restore-backup.ts)
 * keeps every acknowledged write. Waits while a restore runs: a process must not start on a
 * database that is being replaced.
 */
export async function markRunning(databaseUrl: string, who: string, log: MarkLog): Promise<RunningMark> {
  let current: pg.Client | undefined;
  let released = false;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;

  const lost = (client: pg.Client, reason: string) => {
    if (client !== current || released) return;
    current = undefined;
    client.end().catch(() => {});
    log.warn(
      `lost the connection that marks this process as running on the database (${reason}); connecting again`,
    );
    reconnect();
  };

  const acquire = async () => {
    const client = connection(databaseUrl, who);
    client.on('error', (error) => lost(client, describeError(error)));
    client.on('end', () => lost(client, 'the database closed it'));
    try {
      await client.connect();
      // A machine that vanishes with a server on it: PostgreSQL lets its lock go within minutes, not hours.
      await client.query(
        `select set_config('tcp_keepalives_idle', '60', false), set_config('tcp_keepalives_interval', '10', false),
                set_config('tcp_keepalives_count', '6', false)`,
      );
      for (let waited = false; !(await tryLock(client, 'pg_try_advisory_lock_shared')); waited = true) {
        if (!waited) log.warn('a restore of the database is under way: waiting for it to finish');
        if (released) break;
        await new Promise((resolve) => setTimeout(resolve, RESTORE_POLL_MS));
      }
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (released) await client.end().catch(() => {});
    else current = client;
  };

  const reconnect = () => {
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** failures);
    retry = setTimeout(() => {
      acquire().then(
        () => {
          failures = 0;
          if (!released) log.info('marked as running on the database again');
        },
        () => {
          failures++;
          if (!released) reconnect();
        },
      );
    }, delay);
    // Marking again never keeps a process alive that has nothing else to do.
    retry.unref();
  };

  await acquire();
  return {
    release: async () => {
      released = true;
      clearTimeout(retry);
      const client = current;
      current = undefined;
      await client?.end().catch(() => {});
    },
  };
}

/**
 * Takes the running lock exclusive, for `what` (restore), so no bank process runs on the database
 * until `release`; refuses at once, naming them, while any does. A bank process starting
 * meanwhile waits (markRunning).
 */
export async function takeDatabaseAlone(
  databaseUrl: string,
  who: string,
  what: string,
): Promise<RunningMark> {
  const client = connection(databaseUrl, who);
  // Losing it mid-restore lets processes start, which then wait for the restore's table locks.
  client.on('error', () => {});
  await client.connect();
  try {
    if (!(await tryLock(client, 'pg_try_advisory_lock'))) {
      const holders = await runningProcesses(client);
      throw new Error(
        `A bank server or tool is using this database: ${holders.join('; ')}. ` +
          `Stop every bank server and tool that uses it, then run ${what} again.`,
      );
    }
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  return { release: () => client.end() };
}

/** The connection that holds the lock: named, so pg_stat_activity and a refused restore show whose it is. */
function connection(databaseUrl: string, who: string): pg.Client {
  return new pg.Client({
    connectionString: databaseUrl,
    application_name: `${who} (pid ${process.pid} on ${hostname()})`,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    keepAlive: true,
  });
}

async function tryLock(client: pg.Client, fn: 'pg_try_advisory_lock' | 'pg_try_advisory_lock_shared') {
  const { rows } = await client.query<{ locked: boolean }>(`select ${fn}($1) as locked`, [LOCK_KEYS.running]);
  return rows[0]?.locked === true;
}

/** Who holds the running lock on this database, as each connection named itself. */
async function runningProcesses(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ pid: number; name: string | null }>(
    `select l.pid, nullif(a.application_name, '') as name
     from pg_locks l left join pg_stat_activity a on a.pid = l.pid
     where l.locktype = 'advisory' and l.granted and l.classid = 0 and l.objid = $1 and l.objsubid = 1
       and l.database = (select oid from pg_database where datname = current_database())
       and l.pid <> pg_backend_pid()
     order by l.pid`,
    [LOCK_KEYS.running],
  );
  return rows.length === 0
    ? ['a process that has just stopped']
    : rows.map((row) => row.name ?? `a session of PostgreSQL process ${row.pid}`);
}
