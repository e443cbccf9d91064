import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { openDatabase } from '../src/db/client.js';
import { inject } from 'vitest';
import {
  createScratchDatabase,
  databaseKind,
  migratedSnapshot,
  TEST_PASSWORD_HASH_COST,
  testDatabaseUrl,
} from './harness.js';

/** Helpers for tests that run the bank as a real process, the way an operator does. */

export const serverDir = fileURLToPath(new URL('..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * For tests that run the bank's CLI or server as processes: each start loads PGlite or connects
 * anew, and on a shared, busy machine a few of them in one test can take minutes. The tests assert
 * nothing about time; this only keeps a slow machine from failing them.
 */
export const PROCESS_TEST_TIMEOUT = 180_000;

export interface Scratch {
  /** The environment that points a process at this database. */
  env: Record<string, string>;
  open: () => ReturnType<typeof openDatabase>;
  drop: () => Promise<void>;
}

/** A database of the test's own: a temporary PGlite directory, or a scratch database on the PostgreSQL server. */
export async function scratchDatabase(): Promise<Scratch> {
  if (!testDatabaseUrl) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bank-test-'));
    // Unpacked from the run's migrated copy, so the first process to open it skips initdb.
    await (await openDatabase({ dataDir, initialData: migratedSnapshot() })).close();
    return {
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ dataDir }),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const scratch = await createScratchDatabase(testDatabaseUrl, { template: inject('postgresTemplate') });
  return {
    env: { DATABASE_URL: scratch.url },
    open: () => openDatabase({ databaseUrl: scratch.url }),
    drop: scratch.drop,
  };
}

/**
 * An empty database to restore into: on PGlite a data directory that does not exist yet (restore
 * creates it, as on a new machine); on PostgreSQL a new, migrated, empty database.
 */
export async function emptyDatabase(): Promise<Scratch> {
  if (databaseKind === 'postgres') return scratchDatabase();
  const parent = mkdtempSync(path.join(tmpdir(), 'bank-empty-'));
  const dataDir = path.join(parent, 'data');
  return {
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir }),
    drop: async () => rmSync(parent, { recursive: true, force: true }),
  };
}

export interface RunningServer {
  child: ChildProcess;
  base: string;
  exited: Promise<number | null>;
}

export interface SpawnedServer extends RunningServer {
  /** Resolves once /api/healthz answers; rejects if the process exits first or never answers. */
  ready: Promise<void>;
  /** What the process wrote to standard error so far. */
  stderr: () => string;
}

/** Starts `src/server.ts` as a child process on a free port, without waiting for it. */
export async function spawnServer(env: Record<string, string>, port?: number): Promise<SpawnedServer> {
  port ??= await freePort();
  const { DATABASE_URL: _ignored, DATA_DIR: _ignoredToo, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      ...inherited,
      DEMO_DATA: '0',
      LOG_LEVEL: 'error',
      PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST),
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}/api`;
  const ready = (async () => {
    // Generous: on a shared machine under load, compiling and starting a server took over 60 s.
    const deadline = Date.now() + 150_000;
    let last = 'not listening';
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`server exited at start (${child.exitCode}): ${stderr}`);
      try {
        const response = await fetch(`${base}/healthz`);
        if (response.ok) return;
        last = `healthz answered ${response.status}`;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    child.kill('SIGKILL');
    throw new Error(`server did not start (${last}): ${stderr}`);
  })();
  ready.catch(() => undefined);
  return { child, base, exited, ready, stderr: () => stderr };
}

/** Starts `src/server.ts` as a child process on a free port and waits until /api/healthz answers. */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const server = await spawnServer(env);
  await server.ready;
  return { child: server.child, base: server.base, exited: server.exited };
}

const tsx = path.resolve(serverDir, '../../node_modules/.bin/tsx');

/** The operator tool (src/cli.ts) in a process of its own, as an operator runs it, with `env` added. */
export function runBankCli(env: Record<string, string>, ...args: string[]) {
  return promisify(execFile)(tsx, ['src/cli.ts', ...args], {
    cwd: serverDir,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
  });
}
