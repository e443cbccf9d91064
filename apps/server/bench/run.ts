/**
 * `npm run bench`: the bank's speed beside references measured in the same run on the same
 * machine, so that the figures mean something on a busy or a different machine (ratios), and
 * a check of the books after the load (a run that loses or creates money fails, however fast).
 *
 * 1. PostgreSQL (started if it is not running): pgbench's TPC-B-like script, 16 clients, in its
 *    own database, configured as its documentation advises (scale ≥ clients, so the clients do
 *    not all queue on one branch row; prepared statements; no per-transaction log while it is
 *    timed, latencies from a 5 % sample), and the bank's transfers over HTTP with 16 clients
 *    over 1,000 accounts and over the demo bank's 6 busiest accounts, each on a fresh scratch
 *    database; each load is cut in slices, each after a slice of pgbench as long, so both see the
 *    same busy machine. The bank's server process reports the CPU it spent per transfer.
 * 2. The embedded database (PGlite in a data directory): the same 1,000-account load.
 * 3. Paging an account with 100,000 transactions (paging.ts) on PostgreSQL.
 *    A class payday of 1,000 deposits (payday.ts) on PostgreSQL, p50 of a few runs.
 * 4. Start-up: `npm run build`, and the server's start to healthy on an empty data directory,
 *    compiled and through tsx (startup.ts).
 *
 * Environment: BENCH_DATABASE_URL (default postgres://postgres:postgres@127.0.0.1:5432/postgres),
 * BENCH_SECONDS (each load, default 30), BENCH_ROUNDS (slices per load, default 3), BENCH_SKIP=startup,paging,payday,pglite,demo to leave parts out,
 * BENCH_PAYDAY_RUNS (runs of the payday, default 7),
 * BENCH_REPORT (default bench/results/latest.json). Prints a table; exits 1 when the books break.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { percentile, signIn, summarize, transferLoad, type LoadFigures, type LoadSlice } from './load.js';
import { pagingBench, type PagingFigures } from './paging.js';
import { paydayBench, type PaydayFigures } from './payday.js';
import { startupBench } from './startup.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '..');
const repoDir = path.resolve(serverDir, '../..');
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
/** Each load is cut in this many slices, each after a slice of pgbench of the same length. */
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
const CLIENTS = 16;
/** pgbench's scale: at least the clients (its documentation), so no two clients share a branch row. */
const PGBENCH_SCALE = CLIENTS;
/** Whole seconds: pgbench's -T takes an integer. */
const sliceSeconds = Math.max(1, Math.round(seconds / rounds));
/** The fraction of pgbench's transactions logged for its latency percentiles. */
const PGBENCH_SAMPLING = 0.05;

function log(line: string) {
  console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}`);
}

// ---------------------------------------------------------------- PostgreSQL

function ensurePostgres() {
  const url = new URL(adminUrl);
  const ready = () =>
    spawnSync('pg_isready', ['-q', '-h', url.hostname, '-p', url.port || '5432']).status === 0;
  if (ready()) return;
  log('PostgreSQL is not running: starting it');
  spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', '15', 'main', 'start'], { stdio: 'inherit' });
  for (let i = 0; i < 30 && !ready(); i++) spawnSync('sleep', ['1']);
  if (!ready()) throw new Error('PostgreSQL did not start');
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function scratchDatabase(prefix: string) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}

interface PgbenchFigures {
  clients: number;
  seconds: number;
  tps: number;
  latencyAvgMs: number;
  /** Each transaction's latency (ms), from pgbench's per-transaction log: its p50 and p99. */
  latenciesMs: number[];
}

/** The latencies (ms) in pgbench's (sampled) per-transaction logs (`-l`): the third field, in µs. */
function readPgbenchLogs(dir: string): number[] {
  return readdirSync(dir).flatMap((file) =>
    readFileSync(path.join(dir, file), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => Number(line.split(' ')[2]) / 1000),
  );
}

/** The pgbench run of one slice, as the report prints it (the database named as `DB`). */
export const pgbenchCommand = (slice: number) =>
  `pgbench -M prepared -c ${CLIENTS} -j 2 -T ${slice} -l --sampling-rate=${PGBENCH_SAMPLING} DB` +
  ` (after pgbench -i -s ${PGBENCH_SCALE} DB)`;

/**
 * pgbench's TPC-B-like script on its own database at scale 16 (one branch row per client), run
 * in slices of 16 clients and 2 threads between the slices of the bank's load: on a machine whose
 * other work comes and goes, both then see the same machine.
 */
async function startPgbench() {
  const db = await scratchDatabase('bench_pgbench');
  const init = spawnSync('pgbench', ['-i', '-q', '-s', String(PGBENCH_SCALE), db.url], { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);
  const run = (slice: number): PgbenchFigures => {
    const logDir = mkdtempSync(path.join(os.tmpdir(), 'bench-pgbench-log-'));
    const result = spawnSync(
      'pgbench',
      [
        '-M',
        'prepared',
        '-c',
        String(CLIENTS),
        '-j',
        '2',
        '-T',
        String(slice),
        '-l',
        `--sampling-rate=${PGBENCH_SAMPLING}`,
        `--log-prefix=${logDir}/tx`,
        db.url,
      ],
      { encoding: 'utf8' },
    );
    const latenciesMs = readPgbenchLogs(logDir);
    rmSync(logDir, { recursive: true, force: true });
    if (result.status !== 0) throw new Error(`pgbench failed: ${result.stderr}`);
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(result.stdout);
    const latency = /latency average = ([\d.]+) ms/.exec(result.stdout);
    if (!tps) throw new Error(`pgbench printed no tps:\n${result.stdout}`);
    return {
      clients: CLIENTS,
      seconds: slice,
      tps: Number(tps[1]),
      latencyAvgMs: Number(latency?.[1] ?? NaN),
      latenciesMs,
    };
  };
  return { run, drop: db.drop };
}
type Pgbench = Awaited<ReturnType<typeof startPgbench>>;

/** Slices of pgbench as one: transactions over time, latency weighted the same way. */
function combinePgbench(slices: PgbenchFigures[]): PgbenchFigures {
  const seconds = slices.reduce((sum, s) => sum + s.seconds, 0);
  const transactions = slices.reduce((sum, s) => sum + s.tps * s.seconds, 0);
  return {
    clients: CLIENTS,
    seconds,
    tps: transactions / seconds,
    latencyAvgMs: slices.reduce((sum, s) => sum + s.latencyAvgMs * s.tps * s.seconds, 0) / transactions,
    latenciesMs: slices.flatMap((s) => s.latenciesMs),
  };
}

// ---------------------------------------------------------------- the bank under load

interface Books {
  problems: string[];
  totalCents: number;
  transactions: number;
}

interface BankRun extends LoadFigures {
  database: 'postgres' | 'pglite';
  /** pgbench, measured in slices between this load's slices (null for the embedded database). */
  reference: PgbenchFigures | null;
  /** transfers/s ÷ pgbench tps. */
  ratio: number | null;
  scenario: string;
  accounts: number;
  booksBefore: Books;
  booksAfter: Books;
  /** Every balance is Σ credits − Σ debits, running balances hold, transfers pair up, total unchanged. */
  booksBalance: boolean;
  /** CPU of the bank's server process per answered transfer, µs (user + system). */
  cpuPerTransferUs: number;
  /** CPU of the load generator per answered transfer, µs: it shares the machine with the bank. */
  generatorCpuPerTransferUs: number;
  /** Transfers per group commit on average (the server's transfer groups during the loads). */
  meanGroup: number;
}

function startServer(env: Record<string, string>): {
  child: ChildProcessWithoutNullStreams;
  next: (prefix: string) => Promise<string>;
} {
  // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server under load.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(here, 'serve.ts')], {
    cwd: serverDir,
    env: { ...process.env, ...env },
  });
  child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  const lines = createInterface({ input: child.stdout });
  const waiting: Array<{ prefix: string; resolve: (rest: string) => void }> = [];
  lines.on('line', (line) => {
    const waiter = waiting.find((w) => line.startsWith(`${w.prefix} `));
    if (!waiter) return;
    waiting.splice(waiting.indexOf(waiter), 1);
    waiter.resolve(line.slice(waiter.prefix.length + 1));
  });
  const next = (prefix: string) =>
    new Promise<string>((resolve, reject) => {
      waiting.push({ prefix, resolve });
      child.once('exit', (code) => reject(new Error(`bench server exited (${code}) before ${prefix}`)));
    });
  return { child, next };
}

async function bankLoad(
  database: 'postgres' | 'pglite',
  scenario: 'accounts' | 'demo',
  accounts: number,
  pgbench: Pgbench | null,
): Promise<BankRun> {
  const scratch = database === 'postgres' ? await scratchDatabase('bench_bank') : null;
  const dataDir = database === 'pglite' ? mkdtempSync(path.join(os.tmpdir(), 'bench-pglite-')) : null;
  try {
    log(`${database}: seeding ${scenario === 'demo' ? 'the demo bank' : `${accounts} accounts`}…`);
    const server = startServer({
      BENCH_SCENARIO: scenario,
      BENCH_ACCOUNTS: String(accounts),
      ...(scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: dataDir! }),
    });
    const ready = JSON.parse(await server.next('READY')) as {
      port: number;
      username: string;
      password: string;
      accounts: string[];
      before: Books;
    };
    const token = await signIn(ready.port, ready.username, ready.password);
    log(
      `${database}: ${CLIENTS} clients transferring over ${ready.accounts.length} accounts for ${seconds} s…`,
    );
    const slices: LoadSlice[] = [];
    const references: PgbenchFigures[] = [];
    let cpuUs = 0;
    const grouped = { groups: 0, items: 0 };
    const cpu = async () => {
      server.child.stdin.write('cpu\n');
      const used = JSON.parse(await server.next('CPU')) as { user: number; system: number } & typeof grouped;
      Object.assign(grouped, { groups: used.groups, items: used.items });
      return used.user + used.system;
    };
    for (let round = 0; round < rounds; round++) {
      if (pgbench) references.push(pgbench.run(sliceSeconds));
      const cpuBefore = await cpu();
      server.child.stdin.write('profile\n');
      const slice = await transferLoad({
        port: ready.port,
        token,
        accounts: ready.accounts,
        clients: CLIENTS,
        seconds: sliceSeconds,
        warmupSeconds: round === 0 ? 3 : 1,
        // Busy accounts are small: cents keep them from running dry.
        amount: scenario === 'demo' ? 0.01 : 1,
      });
      // The warm-up is in the CPU too; so are its transfers (answered, not timed).
      cpuUs += (await cpu()) - cpuBefore;
      slices.push(slice);
    }
    const figures = summarize(slices);
    const answered = slices.reduce((sum, s) => sum + s.answered, 0);
    const reference = pgbench ? combinePgbench(references) : null;
    server.child.stdin.write('check\n');
    const after = JSON.parse(await server.next('BOOKS')) as Books;
    server.child.stdin.write('exit\n');
    await new Promise((resolve) => server.child.once('exit', resolve));
    const booksBalance = after.problems.length === 0 && after.totalCents === ready.before.totalCents;
    return {
      database,
      scenario,
      accounts: ready.accounts.length,
      ...figures,
      reference,
      ratio: reference ? figures.perSecond / reference.tps : null,
      booksBefore: ready.before,
      booksAfter: after,
      booksBalance,
      cpuPerTransferUs: cpuUs / Math.max(1, answered),
      generatorCpuPerTransferUs: slices.reduce((sum, s) => sum + s.generatorCpuUs, 0) / Math.max(1, answered),
      meanGroup: grouped.items / Math.max(1, grouped.groups),
    };
  } finally {
    await scratch?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- report

interface Row {
  what: string;
  value: string;
  target: string;
  reference: string;
  met: boolean | null;
}

/** The report keeps pgbench's percentiles (in `rows`), not its tens of thousands of latencies. */
const withoutLatencyLists = (key: string, value: unknown) => (key === 'latenciesMs' ? undefined : value);

async function main() {
  mkdirSync(path.join(here, 'results'), { recursive: true });
  const reportFile = process.env.BENCH_REPORT ?? path.join(here, 'results/latest.json');
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.loadavg()[0]!.toFixed(1)} load at start`;
  ensurePostgres();

  log(`pgbench -i -s ${PGBENCH_SCALE} (TPC-B-like)…`);
  const pgbench = await startPgbench();
  let pg1000: BankRun;
  let pgDemo: BankRun | null;
  try {
    pg1000 = await bankLoad('postgres', 'accounts', 1000, pgbench);
    pgDemo = skip.has('demo') ? null : await bankLoad('postgres', 'demo', 6, pgbench);
  } finally {
    await pgbench.drop();
  }
  const lite = skip.has('pglite') ? null : await bankLoad('pglite', 'accounts', 1000, null);
  log('paging an account of 100,000 transactions on PostgreSQL…');
  const paging: PagingFigures | null = skip.has('paging') ? null : await pagingBench(adminUrl);
  log('a class payday of 1,000 deposits on PostgreSQL…');
  const payday: PaydayFigures | null = skip.has('payday') ? null : await paydayBench(adminUrl);
  log('start-up: npm run build, then the server compiled and through tsx…');
  const start = skip.has('startup') ? null : await startupBench(repoDir, serverDir);

  const rows: Row[] = [];
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  const ref = (run: BankRun) =>
    `pgbench ${run.reference!.tps.toFixed(0)} tps, avg ${ms(run.reference!.latencyAvgMs)}`;
  const pgbenchLatency = (run: BankRun) => {
    const sorted = [...run.reference!.latenciesMs].sort((a, b) => a - b);
    return `pgbench p50 / p99 ${ms(percentile(sorted, 50))} / ${ms(percentile(sorted, 99))}`;
  };
  rows.push({
    what: `transfers/s, PostgreSQL, ${CLIENTS} clients, 1,000 accounts`,
    value: `${pg1000.perSecond.toFixed(0)}/s = ${pg1000.ratio!.toFixed(2)} × pgbench`,
    target: '≥ 0.5 × pgbench',
    reference: ref(pg1000),
    met: pg1000.ratio! >= 0.5,
  });
  rows.push({
    what: '  p50 / p99 latency',
    value: `${ms(pg1000.p50Ms)} / ${ms(pg1000.p99Ms)}`,
    target: 'p99 ≤ 50 ms',
    reference: pgbenchLatency(pg1000),
    met: pg1000.p99Ms <= 50,
  });
  rows.push({
    what: '  moonshot: as cheap as pgbench',
    value: `${pg1000.ratio!.toFixed(2)} × pgbench`,
    target: '≥ 1.0 × pgbench',
    reference: 'a transfer over HTTP against the bare five-statement transaction',
    met: pg1000.ratio! >= 1,
  });
  rows.push({
    what: '  server CPU per transfer',
    value: `${pg1000.cpuPerTransferUs.toFixed(0)} µs (load generator ${pg1000.generatorCpuPerTransferUs.toFixed(0)} µs; groups of ${pg1000.meanGroup.toFixed(1)})`,
    target: 'reported',
    reference: 'the bank process only (user + system)',
    met: null,
  });
  if (pgDemo)
    rows.push({
      what: `transfers/s, PostgreSQL, demo bank's ${pgDemo.accounts} busiest accounts`,
      value: `${pgDemo.perSecond.toFixed(0)}/s = ${pgDemo.ratio!.toFixed(2)} × pgbench (p99 ${ms(pgDemo.p99Ms)})`,
      target: '≥ 0.3 × pgbench',
      reference: ref(pgDemo),
      met: pgDemo.ratio! >= 0.3,
    });
  if (lite)
    rows.push({
      what: `transfers/s, embedded PGlite, ${CLIENTS} clients, 1,000 accounts`,
      value: `${lite.perSecond.toFixed(0)}/s (p50 ${ms(lite.p50Ms)}, p99 ${ms(lite.p99Ms)}, ${lite.cpuPerTransferUs.toFixed(0)} µs CPU)`,
      target: '≥ 300/s',
      reference: 'absolute',
      met: lite.perSecond >= 300,
    });
  if (payday)
    rows.push({
      what: `class payday of ${payday.items.toLocaleString('en-US')} deposits (PostgreSQL, p50 of ${payday.runs})`,
      value: `${ms(payday.p50Ms)} (min ${ms(payday.minMs)}, max ${ms(payday.maxMs)})${payday.booksBalance ? '' : ', BOOKS BROKEN'}`,
      target: 'p50 ≤ 500 ms',
      reference: 'absolute, through the whole app',
      met: payday.p50Ms <= 500 && payday.booksBalance,
    });
  if (paging) {
    const pk = `pk lookup ${paging.pkLookupMs.toFixed(3)} ms`;
    rows.push({
      what: 'first page of 500 of 100,000 (PostgreSQL, p50)',
      value: `${ms(paging.firstPageMs)} = ${(paging.firstPageMs / paging.pkLookupMs).toFixed(0)} × pk`,
      target: '≤ 10 ms',
      reference: pk,
      met: paging.firstPageMs <= 10,
    });
    rows.push({
      what: 'deep page of 500 of 100,000 (PostgreSQL, p50)',
      value: `${ms(paging.deepPageMs)} = ${(paging.deepPageMs / paging.pkLookupMs).toFixed(0)} × pk`,
      target: '≤ 10 ms',
      reference: pk,
      met: paging.deepPageMs <= 10,
    });
  }
  if (start) {
    rows.push({
      what: '`npm run build`',
      value: `${start.buildSeconds.toFixed(1)} s`,
      target: 'reported',
      reference: '-',
      met: null,
    });
    rows.push({
      what: 'server start to healthy, empty data dir (`node dist/server.js`)',
      value: `${start.compiledSeconds.toFixed(2)} s = ${(start.compiledSeconds / start.tsxSeconds).toFixed(2)} × tsx`,
      target: 'reported',
      reference: `tsx src/server.ts (before issue 23) ${start.tsxSeconds.toFixed(2)} s; medians of ${start.runs}`,
      met: null,
    });
  }
  const runs = [pg1000, pgDemo, lite].filter((r): r is BankRun => r !== null);
  for (const run of runs)
    rows.push({
      what: `books after the ${run.database} ${run.scenario} load`,
      value: run.booksBalance
        ? `balance (${run.booksAfter.transactions - run.booksBefore.transactions} rows written; ${run.refused} refused, ${run.errors} errors)`
        : `BROKEN: ${run.booksAfter.problems.slice(0, 3).join('; ')} total ${run.booksBefore.totalCents} → ${run.booksAfter.totalCents}`,
      target: 'every balance = credits − debits; total unchanged',
      reference: '-',
      met: run.booksBalance,
    });

  const width = Math.max(...rows.map((r) => r.what.length));
  const valueWidth = Math.max(...rows.map((r) => r.value.length));
  console.log(`\n${new Date().toISOString()}  ${machine}`);
  console.log('(a machine shared with other work gives noisy times; the ratios were measured side by side)');
  console.log(`reference, each slice: ${pgbenchCommand(sliceSeconds)}\n`);
  for (const r of rows) {
    const mark = r.met === null ? ' ' : r.met ? '✓' : '✗';
    console.log(
      `${mark} ${r.what.padEnd(width)}  ${r.value.padEnd(valueWidth)}  target ${r.target}  (${r.reference})`,
    );
  }
  writeFileSync(
    reportFile,
    `${JSON.stringify({ date: new Date().toISOString(), machine, seconds, rounds, pgbench: pgbenchCommand(sliceSeconds), runs, paging, payday, startup: start, rows }, withoutLatencyLists, 2)}\n`,
  );
  console.log(`\nreport: ${path.relative(process.cwd(), reportFile)}`);
  if (runs.some((r) => !r.booksBalance) || payday?.booksBalance === false) {
    console.error('the books do not balance after the load: this run FAILS');
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
