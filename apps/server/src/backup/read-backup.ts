import { createReadStream, existsSync, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { BACKUP_FORMAT, BACKUP_VERSION, type BackupHeader, type SequenceValue } from './format.js';

export class BackupFileError extends Error {}

/** The file's lines, unzipped; a damaged or cut-off file is an error, never a short read. */
export async function* backupFileLines(file: string): AsyncGenerator<string> {
  if (!existsSync(file) || !statSync(file).isFile()) throw new BackupFileError(`There is no file ${file}.`);
  const unzip = createGunzip();
  const source = createReadStream(file);
  source.on('error', (error) => unzip.destroy(error));
  source.pipe(unzip);
  try {
    for await (const line of createInterface({ input: unzip, crlfDelay: Infinity })) yield line;
  } catch (error) {
    if (error instanceof BackupFileError) throw error;
    throw new BackupFileError(
      `${file} is not a complete backup of the bank (${(error as Error).message}). Use another backup.`,
    );
  } finally {
    source.destroy();
    unzip.destroy();
  }
}

/** Parses one of the file's own lines (not a row), or says plainly that the file is damaged. */
export function parseEntry(file: string, line: string | undefined): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(line ?? '');
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new BackupFileError(
    `${file} is damaged: a line of it is not what a backup holds. Use another backup.`,
  );
}

/** The file's first line, checked: it is a backup of this bank, in a format this version reads. */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  const lines = backupFileLines(file);
  let first: string | undefined;
  try {
    first = (await lines.next()).value ?? undefined;
  } catch (error) {
    if (error instanceof BackupFileError && error.message.startsWith('There is no file')) throw error;
    throw new BackupFileError(`${file} is not a backup of the bank.`);
  } finally {
    await lines.return(undefined);
  }
  let header: Record<string, unknown>;
  try {
    header = parseEntry(file, first);
  } catch {
    throw new BackupFileError(`${file} is not a backup of the bank.`);
  }
  if (header.format !== BACKUP_FORMAT || !Array.isArray(header.migrations) || !header.tables)
    throw new BackupFileError(`${file} is not a backup of the bank.`);
  if (header.version !== BACKUP_VERSION)
    throw new BackupFileError(
      `${file} is a backup in format ${String(header.version)}; this version of the bank reads format ${BACKUP_VERSION}.`,
    );
  return header as unknown as BackupHeader;
}

/** Rows handed over at a time (or fewer, when they are long: statements carry PDFs). */
const ROWS_PER_BATCH = 1000;
const CHARACTERS_PER_BATCH = 4_000_000;

export interface BackupContents {
  header: BackupHeader;
  sequences: Record<string, SequenceValue>;
}

/**
 * Reads the whole file: its header, every table's rows (handed to `onRows` in batches, as the
 * JSON text PostgreSQL wrote), the sequences and the end mark. A file cut off or damaged anywhere
 * is an error; with no `onRows` this only checks that the file is whole.
 */
export async function readBackup(
  file: string,
  onRows: (table: string, rows: string[]) => Promise<void> = async () => {},
): Promise<BackupContents> {
  const header = await readBackupHeader(file);
  const lines = backupFileLines(file);
  const cutOff = () => new BackupFileError(`${file} is cut off before its end. Use another backup.`);
  try {
    await lines.next();
    for (;;) {
      const { value: line, done } = await lines.next();
      if (done) throw cutOff();
      const entry = parseEntry(file, line);
      if (typeof entry.table === 'string' && typeof entry.rows === 'number') {
        await readTable(lines, entry.rows, (rows) => onRows(entry.table as string, rows), cutOff);
      } else if (entry.sequences && typeof entry.sequences === 'object') {
        if (!parseEntry(file, (await lines.next()).value ?? undefined).end) throw cutOff();
        return { header, sequences: entry.sequences as Record<string, SequenceValue> };
      } else throw new BackupFileError(`${file} is damaged. Use another backup.`);
    }
  } finally {
    await lines.return(undefined);
  }
}

async function readTable(
  lines: AsyncGenerator<string>,
  count: number,
  onRows: (rows: string[]) => Promise<void>,
  cutOff: () => Error,
): Promise<void> {
  let batch: string[] = [];
  let characters = 0;
  for (let read = 0; read < count; read++) {
    const { value: line, done } = await lines.next();
    if (done) throw cutOff();
    batch.push(line);
    characters += line.length;
    if (batch.length >= ROWS_PER_BATCH || characters >= CHARACTERS_PER_BATCH) {
      await onRows(batch);
      batch = [];
      characters = 0;
    }
  }
  if (batch.length > 0) await onRows(batch);
}
