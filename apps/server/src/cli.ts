/**
 * The operator tool: `npm run bank -- <command>`. Uses the same configuration as the server
 * (DATABASE_URL, or the embedded database in DATA_DIR, which must not be in use by a running server).
 */
import { Command, InvalidArgumentError } from 'commander';
import { systemClock } from './clock.js';
import { loadConfig } from './config.js';
import { describeError } from './db/describe-error.js';
import { inTransaction } from './db/transaction.js';
import { createBank } from './domain/bank/create-bank.js';
import { postTransactions } from './domain/ledger/posting/index.js';
import { runMonthEnd } from './domain/month-end/index.js';
import { runDueSchedules } from './domain/schedules/index.js';
import { backupCommand, restoreCommand } from './operator/backup-commands.js';
import { exportCommand } from './operator/export-command.js';
import { withDatabase } from './operator/with-database.js';

function parseDate(value: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
    throw new InvalidArgumentError('expected a date YYYY-MM-DD');
  }
  return new Date(`${value}T00:00:00Z`);
}

function parseInstant(value: string): Date {
  const instant = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/.test(value) || Number.isNaN(instant.getTime())) {
    throw new InvalidArgumentError('expected an ISO instant such as 2026-12-04T12:00:00Z');
  }
  return instant;
}

function parseBankId(value: string): number {
  if (!/^[1-9]\d{0,8}$/.test(value)) throw new InvalidArgumentError('expected a bank number such as 1');
  return Number(value);
}

/** The tool's one clock: what "now" means for every command. */
const clock = systemClock;

const program = new Command()
  .name('bank')
  .description(
    'Operate the school bank: create banks, run the posting, month-end and schedule jobs, back up, restore and export.',
  )
  .showHelpAfterError();

program
  .command('create-bank')
  .description('Create a bank with its first admin; prints {"bankId", "username", "temporaryPassword"}')
  .requiredOption('--name <name>', 'the bank name')
  .requiredOption('--admin <username>', "the first admin's user id (3-32 of A-Z a-z 0-9 . _ -)")
  .action(async (options: { name: string; admin: string }) => {
    const created = await withDatabase((db) =>
      inTransaction(db, (tx) => createBank(tx, { name: options.name, adminUsername: options.admin })),
    );
    console.log(JSON.stringify(created));
  });

program
  .command('post')
  .description('Post every pending transaction that is due (what the server does every minute)')
  .option('--as-of <date>', 'post as of this date, YYYY-MM-DD (default: now)', parseDate)
  .option('--all', 'post every pending transaction, due or not (an end-of-day run)')
  .action(async (options: { asOf?: Date; all?: boolean }) => {
    const result = await withDatabase((db) =>
      postTransactions(db, {
        now: options.asOf ?? clock.now(),
        all: options.all ?? false,
        wait: true,
        ...(options.asOf ? {} : { live: clock }),
      }),
    );
    console.log(JSON.stringify({ posted: result.posted }));
  });

program
  .command('month-end')
  .description('Credit savings interest and issue statements for every month ended by the date')
  .option(
    '--as-of <date>',
    'close the months that ended by this date, YYYY-MM-DD (default: today)',
    parseDate,
  )
  .action(async (options: { asOf?: Date }) => {
    const result = await withDatabase((db) =>
      runMonthEnd(db, { now: clock.now(), ...(options.asOf ? { asOf: options.asOf } : {}) }),
    );
    console.log(JSON.stringify(result));
  });

program
  .command('run-schedules')
  .description(
    'Run every schedule occurrence due by the instant (what the server does every minute); one JSON line per run',
  )
  .option(
    '--as-of <instant>',
    'run what was due by this ISO instant, not in the future, e.g. 2026-12-04T12:00:00Z (default: now)',
    parseInstant,
  )
  .action(async (options: { asOf?: Date }) => {
    const config = loadConfig();
    const now = clock.now();
    // What is due later is paid on its day, by the server: a run "as of" the future would pay it early.
    if (options.asOf && options.asOf.getTime() > now.getTime())
      throw new Error(
        `--as-of must not be in the future (it is now ${now.toISOString()}): occurrences run on their day, not before.`,
      );
    const asOf = options.asOf ?? now;
    const runs = await withDatabase((db) =>
      runDueSchedules(db, { asOf, postingDelaySeconds: config.postingDelaySeconds }),
    );
    for (const run of runs) console.log(JSON.stringify(run));
  });

program
  .command('backup')
  .description(
    'Write a backup of the whole database to a file (with the embedded database, the running server writes it)',
  )
  .requiredOption('--to <file>', 'the new backup file, e.g. bank-2026-11-30.json.gz')
  .action(backupCommand);

program
  .command('restore')
  .description('Restore a backup into an empty database (stop the server first)')
  .requiredOption('--from <file>', 'a file written by backup, or a nightly backup')
  .option('--force', 'replace what the database holds (it is backed up first)')
  .action(restoreCommand);

program
  .command('export')
  .description(
    "Write one bank's users, accounts, transactions, paydays, schedules, statements, audit log and support tickets as CSV and JSON",
  )
  .requiredOption('--bank <number>', 'the bank number (1 is the first bank)', parseBankId)
  .requiredOption('--to <folder>', 'a new or empty folder')
  .action(exportCommand);

program.parseAsync().catch((error: unknown) => {
  console.error(`bank: ${describeError(error)}`);
  process.exit(1);
});
