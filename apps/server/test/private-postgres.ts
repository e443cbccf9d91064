import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server-process.js';

const run = promisify(execFile);

/**
 * A PostgreSQL server of the test's own, for tests that stop and restart the database under the
 * bank: the shared server (TEST_DATABASE_URL) is never stopped. It lives in a temporary folder,
 * listens on 127.0.0.1 on a port of its own (PRIVATE_POSTGRES_PORT, else a free one) with its
 * socket in that folder, trusts local connections, and is stopped and removed by `remove`.
 * PostgreSQL refuses to run as root, so under root (CI) it runs as the `postgres` user.
 */
export interface PrivatePostgres {
  /** A URL to its `postgres` database. */
  url: string;
  /** Stops it: `fast` ends every session first (57P01), `immediate` is a crash (recovery at start). */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again (after `stop`), on the same port and data, and waits until it accepts connections. */
  start(): Promise<void>;
  /** Stops it if running and removes its folder. */
  remove(): Promise<void>;
}

/** The PostgreSQL server programs: PG_BINDIR, what pg_config says, or the newest Debian install. */
function binDir(): string {
  if (process.env.PG_BINDIR) return process.env.PG_BINDIR;
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    if (existsSync(path.join(dir, 'pg_ctl'))) return dir;
  } catch {
    // no pg_config on the PATH
  }
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian)
    ? readdirSync(debian)
        .filter((v) => existsSync(path.join(debian, v, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) throw new Error('No PostgreSQL server programs found: set PG_BINDIR');
  return path.join(debian, versions[0], 'bin');
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  const port = Number(process.env.PRIVATE_POSTGRES_PORT) || (await freePort());
  const folder = mkdtempSync(path.join(tmpdir(), 'bank-private-pg-'));
  const data = path.join(folder, 'data');
  const log = path.join(folder, 'server.log');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(folder, id('-u'), id('-g'));
  }
  /** One of the server's programs, as the user that owns the folder. */
  const program = async (name: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, name), ...args]]
      : [path.join(bin, name), args];
    try {
      await run(file, argv, { cwd: folder, timeout: 180_000 });
    } catch (error) {
      const logText = existsSync(log) ? readFileSync(log, 'utf8').slice(-2000) : '';
      throw new Error(`${name} ${args.join(' ')} failed: ${(error as Error).message}\n${logText}`, {
        cause: error,
      });
    }
  };
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1`;
  let running = false;
  const start = async () => {
    await program('pg_ctl', ['start', '-w', '-t', '120', '-D', data, '-l', log, '-o', options]);
    running = true;
  };
  const stop = async (mode: 'fast' | 'immediate') => {
    await program('pg_ctl', ['stop', '-w', '-t', '120', '-D', data, '-m', mode]);
    running = false;
  };
  try {
    await program('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
    await start();
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    remove: async () => {
      if (running) await stop('immediate').catch(() => undefined);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
