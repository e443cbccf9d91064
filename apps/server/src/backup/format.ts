/**
 * A backup file: gzip of UTF-8 lines, each one JSON value.
 *
 *   {"format":"school-bank-backup","version":1,"createdAt":…,"migrations":[…],"tables":{"banks":2,…}}
 *   {"table":"accounts","rows":40}        then that many lines, one row each (PostgreSQL's row_to_json)
 *   … every table …
 *   {"sequences":{"banks_id_seq":{"value":"2","called":true},…}}
 *   {"end":true}
 *
 * Rows are written and restored by PostgreSQL itself (row_to_json, json_populate_recordset), so
 * every type (bytea statements, jsonb, arrays, bigint cents, timestamps) comes back exactly, and
 * the server never parses a row. The same file restores into the embedded database or PostgreSQL.
 */
export const BACKUP_FORMAT = 'school-bank-backup';
export const BACKUP_VERSION = 1;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** The PostgreSQL release that wrote it (PGlite reports its own), for the operator's information. */
  serverVersion: string;
  migrations: string[];
  /** Rows per table. */
  tables: Record<string, number>;
}

export interface SequenceValue {
  /** As text: a sequence is a bigint. */
  value: string;
  called: boolean;
}

export interface BackupSummary {
  file: string;
  bytes: number;
  createdAt: string;
  tables: Record<string, number>;
}

/** "1 bank, 12 users, 20 accounts, 312 transactions, 40 statements" for the operator. */
export function describeCounts(tables: Record<string, number>): string {
  const named: [string, string, string][] = [
    ['banks', 'bank', 'banks'],
    ['users', 'user', 'users'],
    ['accounts', 'account', 'accounts'],
    ['transactions', 'transaction', 'transactions'],
    ['statements', 'statement', 'statements'],
  ];
  return named
    .map(([table, one, many]) => {
      const n = tables[table] ?? 0;
      return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
    })
    .join(', ');
}

export function describeSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
