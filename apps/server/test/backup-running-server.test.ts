import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBackup } from '../src/backup/read-backup.js';
import { restoreBackup } from '../src/backup/restore-backup.js';
import { nightlyFileName } from '../src/backup/nightly.js';
import { verifyLedger } from '../src/domain/ledger/index.js';
import { databaseKind, openTestDatabase } from './harness.js';
import { balances, databaseSnapshot, firstStatement, seedSchoolYear } from './school-year.js';
import {
  scratchDatabase,
  runBankCli,
  startServer,
  type RunningServer,
  type Scratch,
} from './server-process.js';

/**
 * A backup while the server runs. With the embedded database the server holds the data directory,
 * so the CLI asks the server to write the backup (backup/server-request.ts); with PostgreSQL the
 * CLI connects beside it. Either way the file restores to what the server held.
 */
const work = mkdtempSync(path.join(tmpdir(), 'bank-backup-server-test-'));
const bankCli = (...args: string[]) => runBankCli(scratch.env, ...args);

/** Waits for something the server does on its own, checking every 100 ms for up to 30 s. */
async function until(done: () => boolean): Promise<void> {
  for (let tries = 0; !done(); tries++) {
    if (tries > 300) throw new Error('it did not happen within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let scratch: Scratch;
let server: RunningServer;

beforeAll(async () => {
  scratch = await scratchDatabase();
  const db = await scratch.open();
  await seedSchoolYear(db.db);
  await db.close();
  server = await startServer({ ...scratch.env, BACKUP_DIR: path.join(work, 'nightly'), BACKUP_KEEP: '7' });
});
afterAll(async () => {
  if (server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  await scratch.drop();
  rmSync(work, { recursive: true, force: true });
});

describe('npm run bank -- backup while the server runs', () => {
  it('writes a backup that restores to what the server held, and leaves no request behind', async () => {
    const file = path.join(work, 'while-running.json.gz');
    const { stdout } = await bankCli('backup', '--to', file);
    if (databaseKind === 'pglite')
      expect(stdout).toContain(`The bank server (pid ${server.child.pid}) is running; it writes the backup.`);
    expect(stdout).toMatch(/Backup written to .*while-running\.json\.gz \([\d.]+ KB\): 2 banks, 10 users/);
    expect(server.child.exitCode).toBeNull();
    if (databaseKind === 'pglite')
      expect(readdirSync(scratch.env.DATA_DIR!).filter((f) => f.startsWith('backup-re'))).toEqual([
        'backup-requests.pid',
      ]);

    // The server writes the day's backup a second after it starts (BACKUP_KEEP=7).
    const nightly = path.join(work, 'nightly', nightlyFileName(new Date()));
    await until(() => existsSync(nightly));
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const original = await scratch.open();
    const restored = await openTestDatabase();
    try {
      await restoreBackup(restored.db, file);
      expect(await verifyLedger(restored.db)).toEqual([]);
      expect(await balances(restored.db)).toEqual(await balances(original.db));
      expect((await firstStatement(restored.db)).pdf.equals((await firstStatement(original.db)).pdf)).toBe(
        true,
      );
      expect(await databaseSnapshot(restored.db)).toEqual(await databaseSnapshot(original.db));
    } finally {
      await restored.close();
      await original.close();
    }
    // The day's backup is a whole one; at exit the server removed its request mark.
    expect((await readBackup(nightly)).header.tables.banks).toBe(2);
    if (databaseKind === 'pglite')
      expect(existsSync(path.join(scratch.env.DATA_DIR!, 'backup-requests.pid'))).toBe(false);
  });
});

describe.runIf(databaseKind === 'pglite')('npm run bank while the server holds the embedded database', () => {
  beforeAll(async () => {
    if (server.child.exitCode !== null) server = await startServer(scratch.env);
  });

  it('refuses restore (with --force too) and export, naming the server, and the server runs on', async () => {
    const refusal = (command: string) =>
      `The bank server (pid ${server.child.pid}) is using the embedded database in ${scratch.env.DATA_DIR}. ` +
      `Stop it, then run ${command} again.`;
    for (const force of [[], ['--force']])
      await expect(
        bankCli('restore', '--from', path.join(work, 'while-running.json.gz'), ...force),
      ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining(refusal('restore')) });
    await expect(bankCli('export', '--bank', '1', '--to', path.join(work, 'export'))).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(refusal('export')),
    });
    expect(existsSync(path.join(work, 'export'))).toBe(false);
    expect((await fetch(`${server.base}/healthz`)).ok).toBe(true);
  });

  it('does not signal a server that does not take backup requests (an older version would stop)', async () => {
    rmSync(path.join(scratch.env.DATA_DIR!, 'backup-requests.pid'));
    await expect(bankCli('backup', '--to', path.join(work, 'not-written.json.gz'))).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('does not take backup requests'),
    });
    expect(existsSync(path.join(work, 'not-written.json.gz'))).toBe(false);
    expect((await fetch(`${server.base}/healthz`)).ok).toBe(true);
  });
});
