import { assertEmptyFolder, exportBank } from '../export/export-bank.js';
import { loadConfig } from '../config.js';
import {
  assertDataDirFree,
  assertEmbeddedDatabaseExists,
  operatorPath,
  withDatabase,
} from './with-database.js';

/** `export --bank N --to DIR`: one bank's records as CSV and JSON, with its statement PDFs. */
export async function exportCommand(options: { bank: number; to: string }): Promise<void> {
  const config = loadConfig();
  const dir = operatorPath(options.to);
  assertEmptyFolder(dir);
  if (!config.databaseUrl) {
    assertEmbeddedDatabaseExists(config.dataDir);
    assertDataDirFree(config.dataDir, 'export');
  }
  const result = await withDatabase((db) => exportBank(db, options.bank, dir));
  const c = result.counts;
  console.log(
    `Exported bank ${result.bank.id} (${result.bank.name}) to ${dir}: ${c.users} users, ${c.accounts} accounts, ` +
      `${c.transactions} transactions, ${c.paydays} paydays, ${c.schedules} schedules (${c['schedule-runs']} runs), ` +
      `${c.statements} statements, ${c['banker-requests']} class banker requests, ${c.goals} savings goals, ` +
      `${c['audit-log']} audit log entries, ${c['support-tickets']} support tickets.`,
  );
}
