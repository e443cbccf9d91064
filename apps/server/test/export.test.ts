import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows, type DatabaseHandle } from '../src/db/client.js';
import { datasets, leftOut } from '../src/export/datasets.js';
import { schemaTables, seedSchoolYear } from './school-year.js';
import { scratchDatabase, serverDir, PROCESS_TEST_TIMEOUT, type Scratch } from './server-process.js';

// Every test here runs the bank's CLI as a process (PROCESS_TEST_TIMEOUT in server-process.ts).
vi.setConfig({ testTimeout: PROCESS_TEST_TIMEOUT, hookTimeout: PROCESS_TEST_TIMEOUT });
afterAll(() => vi.resetConfig());

/** `npm run bank -- export`: a school can always leave with its data, and with nothing else's. */
const run = promisify(execFile);
const tsx = path.resolve(serverDir, '../../node_modules/.bin/tsx');
const work = mkdtempSync(path.join(tmpdir(), 'bank-export-test-'));
const out = path.join(work, 'demo-school');
const bankCli = (...args: string[]) =>
  run(tsx, ['src/cli.ts', ...args], {
    cwd: serverDir,
    env: { ...process.env, LOG_LEVEL: 'silent', ...scratch.env },
  });

const HOSTILE_NAME = '=HYPERLINK("http://evil.example","Click")';
let scratch: Scratch;
let stdout: string;

/** One count(*) query. */
const count = async (db: DatabaseHandle, query: ReturnType<typeof sql>) =>
  (await queryRows<{ n: number }>(db.db, query))[0]!.n;

/** Rows of bank 1 per dataset of the export, counted in the database itself. */
async function bankCounts(db: DatabaseHandle) {
  const inBank = sql`(select account_number from accounts where bank_id = 1)`;
  return {
    branches: await count(db, sql`select count(*)::int as n from branches where bank_id = 1`),
    users: await count(db, sql`select count(*)::int as n from users where bank_id = 1`),
    accounts: await count(db, sql`select count(*)::int as n from accounts where bank_id = 1`),
    transactions: await count(
      db,
      sql`select count(*)::int as n from transactions where account_number in ${inBank}`,
    ),
    paydays: await count(db, sql`select count(*)::int as n from batches where bank_id = 1`),
    schedules: await count(db, sql`select count(*)::int as n from schedules where bank_id = 1`),
    'schedule-runs': await count(
      db,
      sql`select count(*)::int as n from schedule_runs
          where schedule_id in (select id from schedules where bank_id = 1)`,
    ),
    statements: await count(
      db,
      sql`select count(*)::int as n from statements where account_number in ${inBank}`,
    ),
    'banker-requests': await count(db, sql`select count(*)::int as n from banker_requests where bank_id = 1`),
    goals: await count(db, sql`select count(*)::int as n from goals where account_number in ${inBank}`),
    'audit-log': await count(db, sql`select count(*)::int as n from audit_log where bank_id = 1`),
    'support-tickets': await count(db, sql`select count(*)::int as n from support_tickets where bank_id = 1`),
  };
}

beforeAll(async () => {
  scratch = await scratchDatabase();
  const db = await scratch.open();
  await seedSchoolYear(db.db);
  await db.db.execute(sql`update users set name = ${HOSTILE_NAME} where username = 'maya'`);
  await db.close();
});
// Apart from the seeding, so each has the hook's time (a CLI process starts slowly on a busy machine).
beforeAll(async () => {
  ({ stdout } = await bankCli('export', '--bank', '1', '--to', out));
});
afterAll(async () => {
  await scratch.drop();
  rmSync(work, { recursive: true, force: true });
});

const readJson = (name: string) => JSON.parse(readFileSync(path.join(out, `${name}.json`), 'utf8'));
const readCsv = (name: string): Record<string, string>[] =>
  parse(readFileSync(path.join(out, `${name}.csv`)), { columns: true, bom: true });

describe('npm run bank -- export --bank 1', () => {
  it('writes every dataset as CSV and JSON with as many rows as the bank has, and its statement PDFs', async () => {
    const db = await scratch.open();
    const expected = await bankCounts(db);
    const pdfs = await queryRows<{ file_name: string; pdf: Uint8Array }>(
      db.db,
      sql`select file_name, pdf from statements`,
    );
    await db.close();
    expect(expected).toMatchObject({ paydays: expect.any(Number), 'schedule-runs': expect.any(Number) });
    expect(Math.min(...Object.values(expected))).toBeGreaterThan(0);

    for (const [name, rows] of Object.entries(expected)) {
      expect(readJson(name), name).toHaveLength(rows);
      expect(readCsv(name), name).toHaveLength(rows);
    }
    expect(readJson('export')).toMatchObject({
      counts: expected,
      bank: { id: 1, name: 'Demo School Bank', timeZone: 'UTC', savingsRatePercent: expect.any(Number) },
    });
    expect(stdout).toBe(
      `Exported bank 1 (Demo School Bank) to ${out}: ${expected.users} users, ${expected.accounts} accounts, ` +
        `${expected.transactions} transactions, ${expected.paydays} paydays, ${expected.schedules} schedules ` +
        `(${expected['schedule-runs']} runs), ${expected.statements} statements, ` +
        `${expected['banker-requests']} class banker requests, ${expected.goals} savings goals, ` +
        `${expected['audit-log']} audit log entries, ${expected['support-tickets']} support tickets.\n`,
    );
    expect(readdirSync(path.join(out, 'statements')).sort()).toEqual(pdfs.map((p) => p.file_name).sort());
    for (const { file_name, pdf } of pdfs)
      expect(readFileSync(path.join(out, 'statements', file_name)).equals(Buffer.from(pdf))).toBe(true);
    expect(readCsv('statements').map((s) => s.file)).toEqual(readJson('statements').map((s: any) => s.file));
  });

  it('writes money as "12.50" in CSV and 12.5 in JSON, and dates in ISO, row for row as in the database', async () => {
    const db = await scratch.open();
    const rows = await queryRows<{
      id: number;
      amount_cents: number;
      balance_cents: number | null;
      at: string;
    }>(
      db.db,
      sql`select t.id, t.amount_cents, t.account_balance_cents as balance_cents,
            to_char(t.transaction_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
          from transactions t join accounts a on a.account_number = t.account_number
          where a.bank_id = 1 order by t.id`,
    );
    await db.close();
    const csv = readCsv('transactions');
    const json = readJson('transactions');
    expect(csv.map((r) => [Number(r.id), r.amount, r.balanceAfter, r.transactionDate])).toEqual(
      rows.map((r) => [
        r.id,
        (r.amount_cents / 100).toFixed(2),
        r.balance_cents === null ? '' : (r.balance_cents / 100).toFixed(2),
        r.at,
      ]),
    );
    expect(json.map((r: any) => [r.id, r.amount, r.balanceAfter])).toEqual(
      rows.map((r) => [r.id, r.amount_cents / 100, r.balance_cents === null ? null : r.balance_cents / 100]),
    );
    expect(csv.some((r) => /^\d+\.\d5$/.test(r.amount!))).toBe(true);
    expect(json.find((r: any) => r.memo === 'Class jobs')).toMatchObject({
      amount: expect.any(Number),
      paydayId: expect.any(String),
    });
  });
});

describe('what an export holds', () => {
  it('every table of the bank is a dataset or left out for a reason it states', () => {
    const covered = [...datasets.map((d) => d.table), ...Object.keys(leftOut)].sort();
    expect(covered).toEqual(schemaTables);
  });

  it('the audit log (a reversal: who made it and why) and the support tickets as written', () => {
    const reversal = readJson('audit-log').find((entry: any) => entry.action === 'reverse');
    expect(reversal).toMatchObject({ actor: 'admin', summary: expect.stringContaining('Paid twice') });
    expect(readCsv('audit-log').find((entry) => entry.action === 'reverse')?.actor).toBe('admin');
    expect(readJson('support-tickets')).toEqual([
      expect.objectContaining({
        username: 'student',
        title: 'My statement',
        contents: 'The October statement is not there.',
        status: 'Open',
      }),
    ]);
  });
});

describe('npm run bank -- export leaves out', () => {
  it('password hashes, sessions and everything of another bank', async () => {
    const db = await scratch.open();
    const secrets = [
      ...(await queryRows<{ s: string }>(db.db, sql`select password_hash as s from users`)),
      ...(await queryRows<{ s: string }>(db.db, sql`select token_hash as s from sessions`)),
    ].map((r) => r.s);
    await db.close();
    expect(secrets.length).toBeGreaterThan(10);
    const everything = readdirSync(out, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => readFileSync(path.join(entry.parentPath, entry.name)).toString('latin1'))
      .join('\n');
    for (const secret of secrets) expect(everything).not.toContain(secret);
    expect(everything).not.toMatch(/passwordHash|password_hash|scrypt/i);
    expect(everything).not.toMatch(/hill-|hill Bank/);
    expect(readCsv('users')[0]).not.toHaveProperty('passwordHash');
  });

  it('running a name that looks like a formula: text in CSV, as typed in JSON', () => {
    expect(readCsv('users').find((u) => u.username === 'maya')?.name).toBe(`'${HOSTILE_NAME}`);
    expect(readJson('users').find((u: any) => u.username === 'maya')?.name).toBe(HOSTILE_NAME);
  });

  it('writing anything for a bank that does not exist or into a folder that is not empty', async () => {
    await expect(bankCli('export', '--bank', '9', '--to', path.join(work, 'nine'))).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(
        'There is no bank 9. The banks here are 1 (Demo School Bank), 2 (hill Bank).',
      ),
    });
    const used = path.join(work, 'used');
    mkdirSync(used);
    writeFileSync(path.join(used, 'notes.txt'), 'mine');
    await expect(bankCli('export', '--bank', '1', '--to', used)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('is not an empty folder'),
    });
    expect(readdirSync(work).sort()).toEqual(['demo-school', 'used']);
    expect(readdirSync(used)).toEqual(['notes.txt']);
  });
});
