import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { build, type BuildOptions } from 'rolldown';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accounts, banks, statements, users } from '../src/db/schema.js';
import { seedTwoBanks } from './fixtures.js';
import { databaseSnapshot } from './school-year.js';
import { scratchDatabase, serverDir, PROCESS_TEST_TIMEOUT, type Scratch } from './server-process.js';

// Every test here runs the bank's CLI as a process (PROCESS_TEST_TIMEOUT in server-process.ts).
vi.setConfig({ testTimeout: PROCESS_TEST_TIMEOUT, hookTimeout: PROCESS_TEST_TIMEOUT });
afterAll(() => vi.resetConfig());

/**
 * The operator tool as `npm run build` bundles it (dist/cli.js, run by node with nothing compiled
 * at run time): the other tests run src/cli.ts through tsx, so what only the bundle can get wrong
 * (an import rolldown resolves differently, the migrations it must find beside itself) shows here.
 * It is built from rolldown.config.mjs into a folder of its own, never over the real dist/, which
 * a running server or the browser suite may be using. That folder is under node_modules, so the
 * bundle finds its npm packages as dist/cli.js does.
 */
const run = promisify(execFile);
const cacheDir = path.resolve(serverDir, '../../node_modules/.cache/school-bank-tests');
mkdirSync(cacheDir, { recursive: true });
const buildDir = mkdtempSync(path.join(cacheDir, 'built-cli-'));
const work = path.join(buildDir, 'work');

let scratches: Scratch[] = [];
const builtCli = (scratch: Scratch, ...args: string[]) =>
  run(process.execPath, [path.join(buildDir, 'cli.js'), ...args], {
    // Not apps/server: the bundle must not lean on the folder it was built from.
    cwd: work,
    env: { ...process.env, LOG_LEVEL: 'silent', ...scratch.env },
  });

beforeAll(async () => {
  const config = (await import(pathToFileURL(path.join(serverDir, 'rolldown.config.mjs')).href)) as {
    default: BuildOptions[];
  };
  await build(
    config.default.map((options) => ({
      ...options,
      cwd: serverDir,
      logLevel: 'silent' as const,
      output: { ...options.output, dir: buildDir },
    })),
  );
  mkdirSync(work);
});
afterAll(async () => {
  for (const scratch of scratches) await scratch.drop();
  scratches = [];
  rmSync(buildDir, { recursive: true, force: true });
});

describe('the built operator tool (dist/cli.js)', () => {
  let original: Scratch;
  let target: Scratch;
  let before: Record<string, string[]>;
  const backupFile = path.join(work, 'two-banks.json.gz');

  beforeAll(async () => {
    original = await scratchDatabase();
    target = await scratchDatabase();
    scratches.push(original, target);
    const db = await original.open();
    await seedTwoBanks(db.db);
    before = await databaseSnapshot(db.db);
    await db.close();
  });

  it('writes a backup, naming the file relative to the folder it runs in', async () => {
    const { stdout } = await builtCli(original, 'backup', '--to', 'two-banks.json.gz');
    expect(stdout).toBe(
      `Backup written to ${backupFile} (${/\(([\d.]+ KB)\)/.exec(stdout)?.[1]}): ` +
        '2 banks, 8 users, 4 accounts, 0 transactions, 0 statements.\n',
    );
  });

  // Opening a database, the bundle reads the migrations and functions it carries (dist/migrations, dist/functions).
  it('restores it into an empty database, every row and sequence', async () => {
    const { stdout } = await builtCli(target, 'restore', '--from', 'two-banks.json.gz');
    expect(stdout).toContain('The books balance');
    const restored = await target.open();
    try {
      expect(await databaseSnapshot(restored.db)).toEqual(before);
    } finally {
      await restored.close();
    }
  });

  it('exports one bank of it', async () => {
    const { stdout } = await builtCli(target, 'export', '--bank', '2', '--to', 'bank-two');
    expect(stdout).toMatch(/^Exported bank 2 \(two Bank\) to .*bank-two: 4 users, 2 accounts/);
    const manifest = JSON.parse(readFileSync(path.join(work, 'bank-two', 'export.json'), 'utf8'));
    expect(manifest).toMatchObject({ bank: { id: 2, name: 'two Bank' }, counts: { users: 4, accounts: 2 } });
  });
});

describe('statements from the built operator tool', () => {
  // The fonts are read from node_modules when the first statement is drawn: from the bundle too.
  it('issues a statement with names in every script, finding its fonts from dist/', async () => {
    const scratch = await scratchDatabase();
    scratches.push(scratch);
    const handle = await scratch.open();
    try {
      const { one } = await seedTwoBanks(handle.db);
      await handle.db.update(banks).set({ name: 'Szkoła nr 7 學校' }).where(eq(banks.id, one.bankId));
      await handle.db.update(users).set({ name: 'Łukasz 王小明 김민준' }).where(eq(users.id, one.student.id));
      await handle.db
        .update(accounts)
        .set({ openedAt: new Date('2025-01-10T00:00:00Z') })
        .where(eq(accounts.accountNumber, one.checking.accountNumber));
    } finally {
      await handle.close();
    }
    const { stdout } = await builtCli(scratch, 'month-end', '--as-of', '2025-02-01');
    expect(JSON.parse(stdout)).toMatchObject({ months: ['2025-01'], statementsIssued: 1 });
    const reopened = await scratch.open();
    try {
      const [statement] = await reopened.db.select().from(statements);
      const { text } = await extractText(new Uint8Array(statement!.pdf), { mergePages: true });
      expect(text).toContain('Szkoła nr 7 學校');
      expect(text).toContain('Łukasz 王小明 김민준');
    } finally {
      await reopened.close();
    }
  });
});
