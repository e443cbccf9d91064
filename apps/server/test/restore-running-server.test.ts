import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { readBackup } from '../src/backup/read-backup.js';
import { queryRows, type DatabaseHandle } from '../src/db/client.js';
import { takeDatabaseAlone } from '../src/db/running-mark.js';
import { seedBank, type SeededBank } from './fixtures.js';
import { call, databaseKind, testConfig } from './harness.js';
import { databaseSnapshot } from './school-year.js';
import {
  PROCESS_TEST_TIMEOUT,
  runBankCli,
  scratchDatabase,
  spawnServer,
  startServer,
  type RunningServer,
  type Scratch,
} from './server-process.js';

// Every test here runs the bank's CLI and server as processes (PROCESS_TEST_TIMEOUT in server-process.ts).
vi.setConfig({ testTimeout: PROCESS_TEST_TIMEOUT, hookTimeout: PROCESS_TEST_TIMEOUT });
afterAll(() => vi.resetConfig());

/**
 * `restore --force` on PostgreSQL replaces what every process on that database sees. It refuses
 * while a bank server runs on it (each holds the running lock, db/running-mark.ts), and it backs
 * up and replaces in one transaction, so nothing acknowledged meanwhile is lost.
 */
const work = mkdtempSync(path.join(tmpdir(), 'bank-restore-running-test-'));
const setAsideDir = path.join(work, 'set-aside');
const bankCli = (env: Record<string, string>, ...args: string[]) =>
  runBankCli({ BACKUP_DIR: setAsideDir, ...env }, ...args);

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(work, { recursive: true, force: true });
});

/** A database with one bank, a backup of it, then one deposit more than the backup holds. */
async function bankWithBackup(name: string): Promise<{ scratch: Scratch; bank: SeededBank; file: string }> {
  const scratch = await scratchDatabase();
  cleanups.push(scratch.drop);
  const db = await scratch.open();
  const bank = await seedBank(db.db, name);
  await db.close();
  const file = path.join(work, `${name}.json.gz`);
  await bankCli(scratch.env, 'backup', '--to', file);
  const later = await scratch.open();
  const app = await buildApp({ config: testConfig, db: later.db });
  const deposit = await call(app, 'POST', '/teller/deposits', {
    token: bank.tokens.teller,
    body: { accountId: bank.checking.accountNumber, amount: 5, memo: 'after the backup' },
  });
  expect(deposit.status).toBe(201);
  await app.close();
  await later.close();
  return { scratch, bank, file };
}

async function snapshotOf(scratch: Scratch) {
  const db = await scratch.open();
  try {
    return await databaseSnapshot(db.db);
  } finally {
    await db.close();
  }
}

const setAsideFiles = () => (existsSync(setAsideDir) ? readdirSync(setAsideDir) : []);

describe.runIf(databaseKind === 'postgres')(
  'restore --force while a bank server runs on the database',
  () => {
    let scratch: Scratch;
    let file: string;
    let server: RunningServer;
    let before: Record<string, string[]>;

    beforeAll(async () => {
      ({ scratch, file } = await bankWithBackup('running'));
      before = await snapshotOf(scratch);
      server = await startServer(scratch.env);
      cleanups.push(async () => {
        if (server.child.exitCode !== null) return;
        server.child.kill('SIGTERM');
        await server.exited;
      });
    });

    const refusal = () =>
      expect.stringMatching(
        new RegExp(
          `A bank server or tool is using this database: the bank server \\(pid ${server.child.pid} on [^)]*\\)\\. ` +
            'Stop every bank server and tool that uses it, then run restore again\\.',
        ),
      );

    it('refuses, naming the server, and changes nothing', async () => {
      await expect(bankCli(scratch.env, 'restore', '--from', file, '--force')).rejects.toMatchObject({
        code: 1,
        stderr: refusal(),
      });
      expect(await snapshotOf(scratch)).toEqual(before);
      expect(setAsideFiles()).toEqual([]);
      expect((await fetch(`${server.base}/healthz`)).ok).toBe(true);
    });

    it('refuses again after the connection that marks the server was cut, and the server runs on', async () => {
      const url = scratch.env.DATABASE_URL!;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        const marking = async () =>
          (
            await admin.query<{ pid: number }>(
              `select pid from pg_stat_activity where datname = current_database() and application_name like $1`,
              [`the bank server (pid ${server.child.pid}%`],
            )
          ).rows.map((row) => row.pid);
        const [first] = await marking();
        expect(first).toBeGreaterThan(0);
        await admin.query('select pg_terminate_backend($1)', [first]);
        // The server connects again on its own, within seconds.
        for (let tries = 0; ; tries++) {
          const now = await marking();
          if (now.length === 1 && now[0] !== first) break;
          if (tries > 300) throw new Error('the server did not mark itself again within 30 s');
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      } finally {
        await admin.end();
      }
      expect(server.child.exitCode).toBeNull();
      expect((await fetch(`${server.base}/healthz`)).ok).toBe(true);
      await expect(bankCli(scratch.env, 'restore', '--from', file, '--force')).rejects.toMatchObject({
        code: 1,
        stderr: refusal(),
      });
      expect(await snapshotOf(scratch)).toEqual(before);
    });

    it('restores once the server has stopped, after setting aside what the database held', async () => {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      const { stdout } = await bankCli(scratch.env, 'restore', '--from', file, '--force');
      expect(stdout).toMatch(/Restored .*running\.json\.gz/);
      const saved = /is backed up in (\S+\.json\.gz)\./.exec(stdout)?.[1];
      expect((await readBackup(saved!)).header.tables.transactions).toBe(1);
      const after = await snapshotOf(scratch);
      expect(after.transactions).toEqual([]);
      rmSync(saved!);
    });

    it('starts a server only once a restore under way has finished', async () => {
      const restoring = await takeDatabaseAlone(scratch.env.DATABASE_URL!, 'a restore', 'restore');
      const starting = await spawnServer(scratch.env);
      cleanups.push(async () => {
        if (starting.child.exitCode !== null) return;
        starting.child.kill('SIGKILL');
        await starting.exited;
      });
      const admin = new pg.Client({ connectionString: scratch.env.DATABASE_URL });
      await admin.connect();
      try {
        // The server has connected to mark itself, and goes no further while the restore runs.
        for (let tries = 0; ; tries++) {
          const { rowCount } = await admin.query(
            `select 1 from pg_stat_activity where datname = current_database() and application_name like $1`,
            [`the bank server (pid ${starting.child.pid}%`],
          );
          if (rowCount) break;
          if (tries > 600) throw new Error('the server did not connect within 60 s');
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(starting.child.exitCode).toBeNull();
        await expect(fetch(`${starting.base}/healthz`)).rejects.toThrow();
      } finally {
        await admin.end();
        await restoring.release();
      }
      await starting.ready;
      starting.child.kill('SIGTERM');
      expect(await starting.exited).toBe(0);
    });
  },
);

describe.runIf(databaseKind === 'postgres')('restore --force beside a writer it cannot see', () => {
  it('loses no deposit answered 201: each is in the set-aside backup or in the restored database', async () => {
    const { scratch, bank, file } = await bankWithBackup('writer');
    // The writer is this process: it holds no running lock, as a server whose marking
    // connection is being made again would not for a moment.
    const handle: DatabaseHandle = await scratch.open();
    const app = await buildApp({ config: testConfig, db: handle.db });
    const acknowledged: string[] = [];
    let restoring = true;
    const writer = async (name: string) => {
      for (let n = 0; restoring || n % 20 !== 0; n++) {
        const memo = `${name}-${n}`;
        const response = await call(app, 'POST', '/teller/deposits', {
          token: bank.tokens.teller,
          body: { accountId: bank.checking.accountNumber, amount: 1, memo },
        });
        if (response.status === 201) acknowledged.push(memo);
      }
    };
    const writers = Promise.all([writer('a'), writer('b')]);
    let stdout: string;
    try {
      ({ stdout } = await bankCli(scratch.env, 'restore', '--from', file, '--force'));
    } finally {
      restoring = false;
      await writers;
      await app.close();
    }
    try {
      const saved = /is backed up in (\S+\.json\.gz)\./.exec(stdout)![1]!;
      const setAside = new Set<string>();
      await readBackup(saved, async (table, rows) => {
        if (table === 'transactions')
          for (const row of rows) setAside.add((JSON.parse(row) as { memo: string | null }).memo ?? '');
      });
      const kept = new Set(
        (
          await queryRows<{ memo: string }>(
            handle.db,
            sql`select memo from transactions where memo is not null`,
          )
        ).map((row) => row.memo),
      );
      expect(acknowledged.length).toBeGreaterThan(0);
      expect(acknowledged.filter((memo) => !setAside.has(memo) && !kept.has(memo))).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});

describe.runIf(databaseKind === 'postgres')('restore --force while another session holds a table', () => {
  it('gives up with the reason and its code, not the query, and changes nothing', async () => {
    const { scratch, file } = await bankWithBackup('held');
    const before = await snapshotOf(scratch);
    const other = new pg.Client({ connectionString: scratch.env.DATABASE_URL });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('lock table users in access exclusive mode');
      const restore = bankCli(scratch.env, 'restore', '--from', file, '--force');
      const failed = await restore.then(
        () => undefined,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failed?.code).toBe(1);
      expect(failed?.stderr).toContain(
        'The backup could not be restored, so nothing changed: canceling statement due to lock timeout ' +
          '(PostgreSQL error 55P03).',
      );
      expect(failed?.stderr).not.toContain('Failed query');
    } finally {
      await other.query('rollback');
      await other.end();
    }
    expect(await snapshotOf(scratch)).toEqual(before);
  });
});
