/**
 * How long requests wait while the nightly backup runs on the embedded database (PGlite), which
 * has one connection: the backup reads one snapshot in one transaction, and holds that connection
 * until its file is written. Measured on the demo bank, then on the demo bank with a class of
 * 1,000 Students (each with a checking account and a few rows): a Student asks for their accounts
 * in a loop, one request after another, while the backup is written, and the slowest answer and
 * the backup's duration are reported (beside the same requests with no backup running); then
 * again with a school year of rows on the class's accounts.
 *
 *   npx tsx bench/backup-wait.ts          (from apps/server; BENCH_BACKUP_CLASS sets the class size)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/app.js';
import { writeBackup } from '../src/backup/write-backup.js';
import { openDatabase } from '../src/db/client.js';
import { users } from '../src/db/schema.js';
import { createSession } from '../src/domain/auth/sessions.js';
import { seedDemoBankOnce } from '../src/domain/demo/seed-demo-bank.js';
import { seedClass } from './class-seed.js';
import { testConfigFor } from './config.js';

const CLASS = Number(process.env.BENCH_BACKUP_CLASS ?? 1000);
/** Rows of a school year per Student for the third measurement. */
const ROWS_PER_STUDENT = Number(process.env.BENCH_BACKUP_ROWS ?? 100);

interface Figures {
  label: string;
  backupMs: number;
  requestsDuring: number;
  maxWaitMs: number;
  p50Ms: number;
  quietP50Ms: number;
  quietMaxMs: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function measure(
  label: string,
  work: { app: Awaited<ReturnType<typeof buildApp>>; token: string; backup: () => Promise<unknown> },
): Promise<Figures> {
  const ask = async () => {
    const start = performance.now();
    const res = await work.app.inject({
      method: 'GET',
      url: '/api/user/accounts/user/student',
      headers: { authorization: `Bearer ${work.token}` },
    });
    if (res.statusCode !== 200) throw new Error(`accounts answered ${res.statusCode}`);
    return performance.now() - start;
  };
  const quiet: number[] = [];
  for (let i = 0; i < 50; i++) quiet.push(await ask());
  const during: number[] = [];
  let done = false;
  const start = performance.now();
  const backup = work.backup().then(() => (done = true));
  while (!done) during.push(await ask());
  await backup;
  return {
    label,
    backupMs: Math.round(performance.now() - start),
    requestsDuring: during.length,
    maxWaitMs: Math.round(Math.max(...during)),
    p50Ms: Math.round(median(during)),
    quietP50Ms: Math.round(median(quiet) * 10) / 10,
    quietMaxMs: Math.round(Math.max(...quiet)),
  };
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bank-backup-wait-'));
  const database = await openDatabase({ dataDir: path.join(dir, 'data'), owner: 'the backup bench' });
  try {
    await seedDemoBankOnce(database, new Date());
    const app = await buildApp({
      config: { ...testConfigFor(process.env), logLevel: 'silent' },
      db: database.db,
    });
    const [student] = await database.db.select().from(users).where(eq(users.username, 'student'));
    const token = await createSession(database.db, student!.id, 3600);
    let n = 0;
    const backup = () => writeBackup(database.db, path.join(dir, `backup-${++n}.json.gz`));
    const results = [await measure('demo bank', { app, token, backup })];
    await seedClass(database.db, {
      bank: 'Backup Bench Bank',
      size: CLASS,
      prefix: 'pupil',
      firstAccount: 3_000_000_000,
      staff: { username: 'backup-teller', role: 'TELLER', ofClass: true },
      savings: true,
      openingCents: 5000,
    });
    results.push(await measure(`demo bank + a class of ${CLASS}`, { app, token, backup }));
    // A school year of the class: ROWS_PER_STUDENT more rows on each Student's checking account.
    await database.db.execute(
      sql`insert into transactions (account_number, type, description, amount_cents, status, transaction_date)
          select a.account_number, 'credit', 'Class pay', 100, 'pending', now()
          from accounts a join banks b on b.id = a.bank_id, generate_series(1, ${ROWS_PER_STUDENT})
          where b.name = 'Backup Bench Bank' and a.type = 'CHECKING'`,
    );
    results.push(
      await measure(`+ ${ROWS_PER_STUDENT} rows per Student (${CLASS * ROWS_PER_STUDENT} rows)`, {
        app,
        token,
        backup,
      }),
    );
    console.table(results);
    await app.close();
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
