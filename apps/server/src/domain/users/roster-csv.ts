import { CsvError, parse } from 'csv-parse/sync';
import { IMPORT_CSV_HEADER, limits, messages } from '@bank/shared';
import { badRequest } from '../errors.js';

/** One line of a roster CSV after the header: its cells as written, and its line number. */
export interface RosterRecord {
  line: number;
  cells: string[];
}

const malformed = (line: number) =>
  badRequest(
    messages.importCsvMalformed(line),
    { [`rows.${line}`]: messages.importCsvMalformed(line) },
    'CSV_MALFORMED',
  );

function parseRecords(csv: string): RosterRecord[] {
  try {
    const parsed = parse(csv, {
      bom: true,
      info: true,
      // A line with too few or too many fields is that row's error, not the whole file's.
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return parsed.map(({ record, info }) => ({ line: info.lines, cells: record }));
  } catch (error) {
    if (error instanceof CsvError) throw malformed((error as CsvError & { lines?: number }).lines ?? 1);
    throw error;
  }
}

const isHeader = (cells: string[]) =>
  cells.length === IMPORT_CSV_HEADER.length &&
  IMPORT_CSV_HEADER.every((name, i) => cells[i]?.trim().toLowerCase() === name);

/**
 * The students of a roster CSV (API.md "Classroom tools": the header `username,name,branch,accounts`,
 * then up to 1000 rows). A file that cannot be read as CSV, lacks the header, has no rows or too
 * many is a 400 for the whole file; anything wrong within a row is that row's (import-roster.ts).
 */
export function readRoster(csv: string): RosterRecord[] {
  const [header, ...rows] = parseRecords(csv);
  if (!header || !isHeader(header.cells)) {
    throw badRequest(
      messages.importHeaderInvalid,
      { 'rows.1': messages.importHeaderInvalid },
      'CSV_MALFORMED',
    );
  }
  if (rows.length === 0) throw badRequest(messages.importEmpty, undefined, 'CSV_MALFORMED');
  if (rows.length > limits.importMaxRows)
    throw badRequest(messages.importTooManyRows, undefined, 'CSV_MALFORMED');
  return rows;
}
