import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Tx } from '../db/client.js';
import { allowLongJob } from '../db/timeouts.js';
import { datasets, iso, type Dataset } from './datasets.js';

/** "12.50": cents as a decimal string with two places, exactly (no floating point). */
export function moneyText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

type Row = Record<string, unknown>;

function csvValue(value: unknown, kind: Dataset['columns'][string]): string {
  if (value === null || value === undefined) return '';
  if (kind === 'money') return moneyText(Number(value));
  if (kind === 'json') return JSON.stringify(value);
  if (kind === 'list') return (value as unknown[]).join(' ');
  return String(value);
}

function jsonValue(value: unknown, kind: Dataset['columns'][string]): unknown {
  if (kind === 'money' && value !== null && value !== undefined) return Number(value) / 100;
  return value ?? null;
}

function writeDataset(dir: string, dataset: Dataset, rows: Row[]): void {
  const names = Object.keys(dataset.columns);
  const pick = (row: Row, value: (v: unknown, kind: Dataset['columns'][string]) => unknown) =>
    Object.fromEntries(names.map((name) => [name, value(row[name], dataset.columns[name]!)]));
  writeFileSync(
    path.join(dir, `${dataset.name}.json`),
    `${JSON.stringify(
      rows.map((r) => pick(r, jsonValue)),
      null,
      2,
    )}\n`,
  );
  // A cell that starts like a formula (= + - @) gets a leading ' so a spreadsheet shows it as
  // text instead of running it: names and memos are typed by students. The JSON keeps them as typed.
  const csv = stringify(
    rows.map((r) => pick(r, csvValue)),
    { header: true, columns: names, escape_formulas: true, bom: true },
  );
  writeFileSync(path.join(dir, `${dataset.name}.csv`), csv);
}

export interface BankExport {
  bank: { id: number; name: string };
  dir: string;
  /** Rows per dataset. */
  counts: Record<string, number>;
}

/**
 * Writes one bank's records into `dir` (new or empty): every dataset as CSV and JSON, each stored
 * statement PDF under statements/, and export.json naming the bank (with its settings), the time
 * and the counts. Read
 * in one snapshot, so the files agree with each other.
 */
export async function exportBank(db: Database, bankId: number, dir: string): Promise<BankExport> {
  assertEmptyFolder(dir);
  return db.transaction(
    async (tx) => {
      // One bank's every table and statement file from one snapshot: longer than a request may take.
      await allowLongJob(tx);
      const bank = await findBank(tx, bankId);
      mkdirSync(path.join(dir, 'statements'), { recursive: true });
      const counts: Record<string, number> = {};
      for (const dataset of datasets) {
        const rows = await queryRows<Row>(tx, dataset.query(bankId));
        writeDataset(dir, dataset, rows);
        counts[dataset.name] = rows.length;
      }
      await writeStatementFiles(tx, bankId, path.join(dir, 'statements'));
      // When the files were written, like a log line's own time: the machine's, not the bank's clock.
      const manifest = { bank, exportedAt: new Date().toISOString(), counts, money, files };
      writeFileSync(path.join(dir, 'export.json'), `${JSON.stringify(manifest, null, 2)}\n`);
      return { bank: { id: bank.id, name: bank.name }, dir, counts };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

export function assertEmptyFolder(dir: string): void {
  if (existsSync(dir) && (!statSync(dir).isDirectory() || readdirSync(dir).length > 0))
    throw new Error(`${dir} is not an empty folder. Export into a new or empty folder.`);
}

const money =
  'CSV: a decimal string with two places ("12.50"); JSON: a number (12.5). Dates and times are ISO 8601, times in UTC.';
const files =
  "Each dataset is <name>.csv and <name>.json with the same columns. statements/ holds every issued statement PDF, as stored; statements.csv lists them. In CSV, a column that holds a structure (an audit entry's before and after, a run's leftOut and cut) is JSON text.";

/** The bank and its settings, as export.json names it; a bank that is not there is refused by name. */
async function findBank(tx: Tx, bankId: number) {
  const banks = await queryRows<{ id: number; name: string }>(
    tx,
    sql`select id, name from banks order by id`,
  );
  if (!banks.some((b) => b.id === bankId)) {
    const known = banks.map((b) => `${b.id} (${b.name})`).join(', ');
    throw new Error(
      `There is no bank ${bankId}. ${known ? `The banks here are ${known}.` : 'There is no bank yet.'}`,
    );
  }
  const [bank] = await queryRows<{ id: number; name: string }>(
    tx,
    sql`select id, name, checking_active as "checkingActive", savings_active as "savingsActive",
          (savings_rate_hundredths / 100.0)::float8 as "savingsRatePercent",
          teller_deposit_permission as "tellerDepositPermission",
          teller_withdrawal_permission as "tellerWithdrawalPermission",
          teller_transfer_permission as "tellerTransferPermission", time_zone as "timeZone",
          ${iso('created_at')} as "createdAt"
        from banks where id = ${bankId}`,
  );
  return bank!;
}

async function writeStatementFiles(tx: Tx, bankId: number, dir: string): Promise<void> {
  const rows = await queryRows<{ file_name: string; pdf: Uint8Array }>(
    tx,
    sql`select st.file_name, st.pdf from statements st join accounts a on a.account_number = st.account_number
        where a.bank_id = ${bankId} order by st.id`,
  );
  for (const row of rows) writeFileSync(path.join(dir, row.file_name), row.pdf);
}
