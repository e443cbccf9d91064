import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { gunzipSync, gzipSync } from 'node:zlib';
import { readBackup } from '../src/backup/read-backup.js';
import { restoreBackup } from '../src/backup/restore-backup.js';
import { writeBackup } from '../src/backup/write-backup.js';
import { openDatabase } from '../src/db/client.js';
import { verifyLedger } from '../src/domain/ledger/index.js';
import { seedBank } from './fixtures.js';
import { databaseKind, openTestDatabase } from './harness.js';
import { balances, databaseSnapshot, firstStatement, schemaTables, seedSchoolYear } from './school-year.js';
import {
  emptyDatabase,
  PROCESS_TEST_TIMEOUT,
  scratchDatabase,
  runBankCli,
  type Scratch,
} from './server-process.js';

// Every test here runs the bank's CLI as a process (PROCESS_TEST_TIMEOUT in server-process.ts).
vi.setConfig({ testTimeout: PROCESS_TEST_TIMEOUT, hookTimeout: PROCESS_TEST_TIMEOUT });
afterAll(() => vi.resetConfig());

const work = mkdtempSync(path.join(tmpdir(), 'bank-backup-test-'));
const backupDir = path.join(work, 'kept');

/** The operator tool in its own process, on the database `env` names. */
const bankCli = (env: Record<string, string>, ...args: string[]) =>
  runBankCli({ BACKUP_DIR: backupDir, ...env }, ...args);

let original: Scratch;
let before: Awaited<ReturnType<typeof databaseSnapshot>>;
const backupFile = path.join(work, 'school-year.json.gz');
const scratches: Scratch[] = [];

beforeAll(async () => {
  original = await scratchDatabase();
  scratches.push(original);
  const db = await original.open();
  await seedSchoolYear(db.db);
  before = await databaseSnapshot(db.db);
  await db.close();
});
// Apart from the seeding, so each has the hook's time (a CLI process starts slowly on a busy machine).
beforeAll(async () => {
  const { stdout } = await bankCli(original.env, 'backup', '--to', backupFile);
  expect(stdout).toMatch(
    /^Backup written to .*school-year\.json\.gz \([\d.]+ KB\): 2 banks, 10 users, 8 accounts, [\d,]+ transactions, 18 statements\.\n$/,
  );
});
afterAll(async () => {
  for (const scratch of scratches) await scratch.drop();
  rmSync(work, { recursive: true, force: true });
});

describe('what a backup holds', () => {
  // The restore test below compares every row; a table the seed leaves empty would prove nothing.
  it('every table of the schema, each with rows of the school year', async () => {
    const { header } = await readBackup(backupFile);
    expect(Object.keys(header.tables).sort()).toEqual(schemaTables);
    expect(Object.entries(header.tables).filter(([, rows]) => rows === 0)).toEqual([]);
  });
});

describe('npm run bank -- backup, then restore into an empty database', () => {
  it('brings back the books, every row and every sequence, and a statement byte for byte', async () => {
    const target = await emptyDatabase();
    scratches.push(target);
    const { stdout } = await bankCli(target.env, 'restore', '--from', backupFile);
    expect(stdout).toContain(`Restored ${backupFile} (written 20`);
    expect(stdout).toContain('The books balance');

    const restored = await target.open();
    const db = await original.open();
    try {
      expect(await verifyLedger(restored.db)).toEqual([]);
      expect(await balances(restored.db)).toEqual(await balances(db.db));
      const statement = await firstStatement(restored.db);
      const originalStatement = await firstStatement(db.db);
      expect(statement.fileName).toBe(originalStatement.fileName);
      expect(statement.pdf.equals(originalStatement.pdf)).toBe(true);
      expect(statement.pdf.subarray(0, 5).toString()).toBe('%PDF-');
      // Not only the books: users, sessions, paydays, schedule runs, the audit log, the sequences.
      expect(await databaseSnapshot(restored.db)).toEqual(before);
    } finally {
      await restored.close();
      await db.close();
    }
  });

  it('refuses a database that holds anything, and changes nothing', async () => {
    await expect(bankCli(original.env, 'restore', '--from', backupFile)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/The database is not empty: it holds 2 banks, .* add --force/),
    });
    const db = await original.open();
    expect(await databaseSnapshot(db.db)).toEqual(before);
    await db.close();
  });

  it('with --force replaces what a database holds, after backing that up', async () => {
    // A migrated copy, not a new data dir: this one is not empty, and initdb would only cost time.
    const target = await scratchDatabase();
    scratches.push(target);
    const other = await target.open();
    await seedBank(other.db, 'other');
    await other.close();

    const { stdout } = await bankCli(target.env, 'restore', '--from', backupFile, '--force');
    const saved = /is backed up in (\S+\.json\.gz)\./.exec(stdout)?.[1];
    expect(saved && path.dirname(saved)).toBe(backupDir);
    const { header } = await readBackup(saved!);
    expect(header.tables).toMatchObject({ banks: 1, users: 4, accounts: 2 });

    const restored = await target.open();
    expect(await databaseSnapshot(restored.db)).toEqual(before);
    await restored.close();
  });
});

describe('npm run bank -- restore of a bad file', () => {
  it('refuses a file cut off, with a message, creating and changing nothing', async () => {
    const whole = readFileSync(backupFile);
    const cut = path.join(work, 'cut.json.gz');
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));
    const target = await emptyDatabase();
    scratches.push(target);
    await expect(bankCli(target.env, 'restore', '--from', cut)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`${cut} is not a complete backup of the bank`),
    });
    if (databaseKind === 'pglite') expect(existsSync(target.env.DATA_DIR!)).toBe(false);
    else {
      const db = await target.open();
      const tables = Object.entries(await databaseSnapshot(db.db)).filter(
        ([name]) => !name.startsWith('sequence'),
      );
      expect(tables.filter(([, rows]) => rows.length > 0)).toEqual([]);
      await db.close();
    }
  });

  it('says plainly when a file is not a backup or is not there', async () => {
    const notBackup = path.join(work, 'notes.json.gz');
    writeFileSync(notBackup, 'hello');
    await expect(readBackup(notBackup)).rejects.toThrow(`${notBackup} is not a backup of the bank.`);
    const missing = path.join(work, 'missing.json.gz');
    await expect(readBackup(missing)).rejects.toThrow(`There is no file ${missing}.`);
  });

  it('refuses to write a backup over a file that exists', async () => {
    await expect(bankCli(original.env, 'backup', '--to', backupFile)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('already exists. Choose another file name.'),
    });
    expect(readdirSync(work).filter((f) => f.endsWith('.partial'))).toEqual([]);
  });
});

describe('a backup and the versions of the bank', () => {
  it('refuses a backup made at another migration, saying which version to use', async () => {
    const lines = gunzipSync(readFileSync(backupFile)).toString().split('\n');
    const header = JSON.parse(lines[0]!);
    const older = path.join(work, 'older.json.gz');
    lines[0] = JSON.stringify({ ...header, migrations: header.migrations.slice(0, -1) });
    writeFileSync(older, gzipSync(lines.join('\n')));
    const db = await openTestDatabase();
    try {
      await expect(restoreBackup(db.db, older)).rejects.toThrow(
        /made by an older version of the bank .* Restore it with that version, then start this one/,
      );
      expect(await balances(db.db)).toEqual({});
    } finally {
      await db.close();
    }
  });

  // The way from the embedded database to a PostgreSQL server: one format for both.
  it.runIf(databaseKind === 'postgres')(
    'moves a school from the embedded database to PostgreSQL',
    async () => {
      const embedded = await openDatabase({});
      const file = path.join(work, 'embedded.json.gz');
      let expected: { balances: Record<string, number>; pdf: Buffer };
      try {
        await seedSchoolYear(embedded.db);
        await writeBackup(embedded.db, file);
        expected = { balances: await balances(embedded.db), pdf: (await firstStatement(embedded.db)).pdf };
      } finally {
        await embedded.close();
      }
      const target = await emptyDatabase();
      scratches.push(target);
      const db = await target.open();
      try {
        await restoreBackup(db.db, file);
        expect(await verifyLedger(db.db)).toEqual([]);
        expect(await balances(db.db)).toEqual(expected.balances);
        expect((await firstStatement(db.db)).pdf.equals(expected.pdf)).toBe(true);
      } finally {
        await db.close();
      }
    },
  );
});
