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
 *    same busy machine. The bank's server process reports the CPU it spent per transfer. The
 *    1,000-account load runs its slices three ways, each beside its own pgbench slices: alone,
 *    with the posting job started half-way (every row written before the slice due), and with
 *    month-end started half-way (closing one month of 1,000 statements and the savings' interest);
 *    the transfers sent while the work ran are reported on their own.
 * 2. The embedded database (PGlite in a data directory): the same 1,000-account load.
 * 3. Paging an account with 100,000 transactions (paging.ts) on PostgreSQL.
 *    A class payday of 1,000 deposits (payday.ts) on PostgreSQL, p50 of a few runs.
 *    A class of 30 ordering from the store at once, burst after burst, beside the same 30 sending
 *    transfers at once (class-burst.ts) on PostgreSQL: p99 of each and their ratio.
 *    30 bids at once in an auction's last minute (auction.ts) on PostgreSQL, p99 of every answer.
 *    Posting 10,000, 100,000 and 1,000,000 due rows beside a light load (posting-growth.ts).
 * 4. Start-up: `npm run build`, and the server's start to healthy on an empty data directory,
 *    compiled and through tsx (startup.ts).
 *
 * Environment: BENCH_DATABASE_URL (default postgres://postgres:postgres@127.0.0.1:5432/postgres),
 * BENCH_SECONDS (each load, default 30), BENCH_ROUNDS (slices per load, default 3), BENCH_SKIP=startup,paging,payday,burst,auction,pglite,demo,posting-load,month-end-load,growth
 * to leave parts out, BENCH_POSTING_SIZES (the growth's sizes, default 10000,100000,1000000),
 * BENCH_PAYDAY_RUNS (runs of the payday, default 7), BENCH_BURSTS (bursts of the class of 30, default 20),
 * BENCH_AUCTION_ROUNDS (rounds of 30 bids, default 10),
 * BENCH_REPORT (default bench/results/latest.json). Prints a table; exits 1 when the books break.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  startServer,
  stopServer,
  whenReady,
  type BankBooks as Books,
  type BenchServer,
  type WorkDone,
} from './bank-server.js';
import {
  latenciesDuring,
  percentile,
  signIn,
  summarize,
  transferLoad,
  type LoadFigures,
  type LoadSlice,
} from './load.js';
import { pagingBench, type PagingFigures } from './paging.js';
import { classBurstBench, type BurstFigures } from './class-burst.js';
import { paydayBench, type PaydayFigures } from './payday.js';
import { auctionBench, type AuctionFigures } from './auction.js';
import { defaultGrowthSizes, LIGHT_LOAD, postingGrowthBench, type GrowthFigures } from './posting-growth.js';
import { scratchPostgres } from './scratch.js';
import { startupBench } from './startup.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '..');
const repoDir = path.resolve(serverDir, '../..');
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
/** Each load is cut in this many slices, each after a slice of pgbench of the same length. */
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
/** The sizes of the posting-growth runs (BENCH_POSTING_SIZES=10000,100000 leaves the largest out). */
const growthSizes = process.env.BENCH_POSTING_SIZES
  ? process.env.BENCH_POSTING_SIZES.split(',').map(Number)
  : defaultGrowthSizes;
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
  const db = await scratchPostgres(adminUrl, 'bench_pgbench');
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
  /** The same load with the posting job, or month-end, started half-way through its slices. */
  withWork: KindFigures[];
  /** How often the books were checked: after each slice's work, and at the end. */
  booksChecks: number;
}

/** A load's slices: the load alone, or with the posting job or month-end started half-way through. */
export type SliceKind = 'alone' | 'posting' | 'month-end';

/** One kind of slice of a load, as one: its figures beside its own pgbench slices. */
interface KindFigures extends LoadFigures {
  kind: SliceKind;
  reference: PgbenchFigures | null;
  ratio: number | null;
  /** The transfers sent while the work ran: how many a second, p50 and p99 (ms). */
  during: { transfers: number; perSecond: number; p50Ms: number; p99Ms: number } | null;
  /** Each run of the work: seconds it took and what it did. */
  work: Array<{ seconds: number; result: unknown }>;
}

/** What the server answers when its background work of a kind has finished. */
const ANSWER: Record<Exclude<SliceKind, 'alone'>, string> = { posting: 'POSTED', 'month-end': 'MONTH-END' };

/** Months of history month-end closes, one a round: the accounts open `rounds` + 1 months back. */
const monthEndAsOf = (round: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (rounds + 1) + round + 1, 1, 1));
};

/**
 * The command that starts a slice's work: the posting job's run as if a day (the posting delay)
 * had passed since the slice began, so every row written before the slice is due; month-end
 * closing the round's month.
 */
function workCommand(kind: Exclude<SliceKind, 'alone'>, round: number, sliceStart: number): string {
  return kind === 'posting'
    ? `post ${sliceStart + 86_400_000}`
    : `month-end ${monthEndAsOf(round).toISOString()}`;
}

interface Loaded {
  server: BenchServer;
  port: number;
  token: string;
  accounts: string[];
  scenario: 'accounts' | 'demo';
}

/** One slice of the load; with work, the work started half-way, and waited for after the slice. */
async function loadSlice(bank: Loaded, kind: SliceKind, round: number) {
  const warmupSeconds = round === 0 ? 3 : 1;
  const sliceStart = Date.now();
  const work: { done: Promise<WorkDone | undefined> | null } = { done: null };
  const timer =
    kind === 'alone'
      ? null
      : setTimeout(
          () => {
            work.done = bank.server.send<WorkDone>(workCommand(kind, round, sliceStart), ANSWER[kind]);
          },
          (warmupSeconds + sliceSeconds / 2) * 1000,
        );
  const slice = await transferLoad({
    port: bank.port,
    token: bank.token,
    accounts: bank.accounts,
    clients: CLIENTS,
    seconds: sliceSeconds,
    warmupSeconds,
    // Busy accounts are small: cents keep them from running dry.
    amount: bank.scenario === 'demo' ? 0.01 : 1,
  });
  if (timer) clearTimeout(timer);
  const done = (await work.done) ?? null;
  if (done?.error) throw new Error(`${kind} failed during the load: ${done.error}`);
  return { slice, done };
}

/** The figures of one kind's slices beside its pgbench slices, with those sent while its work ran. */
function kindFigures(
  kind: SliceKind,
  slices: LoadSlice[],
  references: PgbenchFigures[],
  done: WorkDone[],
): KindFigures {
  const figures = summarize(slices);
  const reference = references.length ? combinePgbench(references) : null;
  const windows = done.map((d) => ({ from: d.startedAt, to: d.endedAt }));
  const during = done.length ? latenciesDuring(slices, windows) : null;
  const overlapMs = slices.reduce(
    (sum, s) =>
      sum +
      windows.reduce(
        (inner, w) => inner + Math.max(0, Math.min(w.to, s.countedTo) - Math.max(w.from, s.countedFrom)),
        0,
      ),
    0,
  );
  return {
    kind,
    ...figures,
    reference,
    ratio: reference ? figures.perSecond / reference.tps : null,
    during: during && { ...during, perSecond: during.transfers / Math.max(0.001, overlapMs / 1000) },
    work: done.map((d) => ({ seconds: (d.endedAt - d.startedAt) / 1000, result: d.result })),
  };
}

async function bankLoad(
  database: 'postgres' | 'pglite',
  scenario: 'accounts' | 'demo',
  accounts: number,
  pgbench: Pgbench | null,
  kinds: SliceKind[] = ['alone'],
): Promise<BankRun> {
  const scratch = database === 'postgres' ? await scratchPostgres(adminUrl, 'bench_bank') : null;
  const dataDir = database === 'pglite' ? mkdtempSync(path.join(os.tmpdir(), 'bench-pglite-')) : null;
  try {
    log(`${database}: seeding ${scenario === 'demo' ? 'the demo bank' : `${accounts} accounts`}…`);
    const server = startServer({
      BENCH_SCENARIO: scenario,
      BENCH_ACCOUNTS: String(accounts),
      BENCH_MONTHS: String(kinds.includes('month-end') ? rounds : 0),
      ...(scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: dataDir! }),
    });
    const ready = await whenReady(server);
    const bank: Loaded = {
      server,
      port: ready.port,
      token: await signIn(ready.port, ready.username, ready.password),
      accounts: ready.accounts,
      scenario,
    };
    log(
      `${database}: ${CLIENTS} clients transferring over ${ready.accounts.length} accounts for ${seconds} s` +
        (kinds.length > 1
          ? `, then as long with each of ${kinds.slice(1).join(', ')} started half-way`
          : '') +
        '…',
    );
    const byKind = new Map(
      kinds.map((k) => [
        k,
        { slices: [] as LoadSlice[], refs: [] as PgbenchFigures[], done: [] as WorkDone[] },
      ]),
    );
    let cpuUs = 0;
    let answeredAlone = 0;
    const grouped = { groups: 0, items: 0 };
    const cpu = async () => {
      const used = (await server.send<{ user: number; system: number } & typeof grouped>('cpu', 'CPU'))!;
      Object.assign(grouped, { groups: used.groups, items: used.items });
      return used.user + used.system;
    };
    const booksAfter: Books[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const kind of kinds) {
        const own = byKind.get(kind)!;
        if (pgbench) own.refs.push(pgbench.run(sliceSeconds));
        const cpuBefore = await cpu();
        server.child.stdin.write('profile\n');
        const { slice, done } = await loadSlice(bank, kind, round);
        // The warm-up is in the CPU too; so are its transfers (answered, not timed).
        const used = (await cpu()) - cpuBefore;
        if (kind === 'alone') {
          cpuUs += used;
          answeredAlone += slice.answered;
        }
        own.slices.push(slice);
        if (done) {
          own.done.push(done);
          booksAfter.push((await server.send<Books>('check', 'BOOKS'))!);
        }
      }
    }
    booksAfter.push((await server.send<Books>('check', 'BOOKS'))!);
    await stopServer(server);
    const figures = [...byKind].map(([kind, own]) => kindFigures(kind, own.slices, own.refs, own.done));
    const alone = figures[0]!;
    const after = booksAfter.at(-1)!;
    const booksBalance = booksAfter.every(
      (b) => b.problems.length === 0 && b.totalCents === ready.before.totalCents,
    );
    return {
      database,
      scenario,
      accounts: ready.accounts.length,
      ...alone,
      withWork: figures.slice(1),
      booksBefore: ready.before,
      booksAfter: after,
      booksChecks: booksAfter.length,
      booksBalance,
      cpuPerTransferUs: cpuUs / Math.max(1, answeredAlone),
      generatorCpuPerTransferUs:
        byKind.get('alone')!.slices.reduce((sum, s) => sum + s.generatorCpuUs, 0) /
        Math.max(1, answeredAlone),
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

const ms = (v: number) => `${v.toFixed(1)} ms`;

/** The posting job's and month-end's slices: beside pgbench, and the transfers sent while the work ran. */
function workRows(run: BankRun): Row[] {
  return run.withWork.flatMap((k): Row[] => {
    const name = k.kind === 'posting' ? 'the posting job' : 'month-end';
    const ran = k.work.map((w) => `${w.seconds.toFixed(1)} s`).join(', ');
    const did = k.work
      .map((w) =>
        k.kind === 'posting'
          ? `${(w.result as { posted?: number } | null)?.posted ?? 0} rows`
          : JSON.stringify(w.result),
      )
      .join('; ');
    const target = k.kind === 'posting' ? '≥ 0.6 × pgbench, p99 ≤ 50 ms' : 'reported';
    return [
      {
        what: `  with ${name} started half-way (${k.work.length} runs)`,
        value: `${k.perSecond.toFixed(0)}/s = ${k.ratio!.toFixed(2)} × pgbench, p50 / p99 ${ms(k.p50Ms)} / ${ms(k.p99Ms)}`,
        target,
        reference: `pgbench ${k.reference!.tps.toFixed(0)} tps in its own slices`,
        met: k.kind === 'posting' ? k.ratio! >= 0.6 && k.p99Ms <= 50 : null,
      },
      {
        what: `    while it ran (${ran})`,
        value: `${k.during!.perSecond.toFixed(0)}/s, p50 / p99 ${ms(k.during!.p50Ms)} / ${ms(k.during!.p99Ms)}`,
        target: k.kind === 'posting' ? 'p99 ≤ 50 ms' : 'reported',
        reference: did,
        met: k.kind === 'posting' ? k.during!.p99Ms <= 50 : null,
      },
    ];
  });
}

/** Posting 10,000 to 1,000,000 rows: time, cost per row, and the light load beside it. */
function growthRows(growth: GrowthFigures): Row[] {
  const first = growth.runs[0];
  const rows = growth.runs.map((r): Row => ({
    what: `posting ${r.rows.toLocaleString('en-US')} due rows (PostgreSQL, ${growth.accounts} accounts)`,
    value: `${r.seconds.toFixed(1)} s = ${r.usPerRow.toFixed(0)} µs a row; light load p50 / p99 ${ms(r.light.p50Ms)} / ${ms(r.light.p99Ms)}`,
    target: 'µs a row steady as rows grow',
    reference: `${r.historyRows.toLocaleString('en-US')} rows before it; ${r.light.transfers} transfers of ${LIGHT_LOAD}; written in ${r.setupSeconds.toFixed(1)} s`,
    met: first ? r.usPerRow <= first.usPerRow * 2 : null,
  }));
  rows.push({
    what: 'books after posting them',
    value: growth.booksBalance ? 'balance' : `BROKEN: ${growth.problems.join('; ')}`,
    target: 'every balance = credits − debits; total unchanged',
    reference: '-',
    met: growth.booksBalance,
  });
  return rows;
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
    const kinds: SliceKind[] = ['alone'];
    if (!skip.has('posting-load')) kinds.push('posting');
    if (!skip.has('month-end-load')) kinds.push('month-end');
    pg1000 = await bankLoad('postgres', 'accounts', 1000, pgbench, kinds);
    pgDemo = skip.has('demo') ? null : await bankLoad('postgres', 'demo', 6, pgbench);
  } finally {
    await pgbench.drop();
  }
  const lite = skip.has('pglite') ? null : await bankLoad('pglite', 'accounts', 1000, null);
  // A growth run that fails (a size too big for the machine) still leaves the loads' figures.
  let growthError: unknown = null;
  const growth: GrowthFigures | null = skip.has('growth')
    ? null
    : await postingGrowthBench(adminUrl, growthSizes, log).catch((error: unknown) => {
        growthError = error;
        return null;
      });
  log('paging an account of 100,000 transactions on PostgreSQL…');
  const paging: PagingFigures | null = skip.has('paging') ? null : await pagingBench(adminUrl);
  log('a class payday of 1,000 deposits on PostgreSQL…');
  const payday: PaydayFigures | null = skip.has('payday') ? null : await paydayBench(adminUrl);
  log('a class of 30 ordering at once, beside 30 transfers at once, on PostgreSQL…');
  const burst: BurstFigures | null = skip.has('burst') ? null : await classBurstBench(adminUrl);
  log("30 bids at once in an auction's last minute on PostgreSQL…");
  const auction: AuctionFigures | null = skip.has('auction') ? null : await auctionBench(adminUrl);
  log('start-up: npm run build, then the server compiled and through tsx…');
  const start = skip.has('startup') ? null : await startupBench(repoDir, serverDir);

  const rows: Row[] = [];
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
  rows.push(...workRows(pg1000));
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
  if (burst)
    rows.push({
      what: `a class of ${burst.classSize} orders at once (PostgreSQL, ${burst.bursts} bursts)`,
      value: `p50 / p99 ${ms(burst.order.p50Ms)} / ${ms(burst.order.p99Ms)} = ${burst.p99Ratio.toFixed(2)} × transfers' p99${burst.booksBalance ? '' : ', BOOKS BROKEN'}`,
      target: 'p99 < 100 ms',
      reference: `the same ${burst.classSize} transferring at once, p50 / p99 ${ms(burst.transfer.p50Ms)} / ${ms(burst.transfer.p99Ms)}`,
      met: burst.order.p99Ms < 100 && burst.booksBalance,
    });
  if (auction)
    rows.push({
      what: `30 bids at once in an auction's last minute (PostgreSQL, ${auction.bids} bids)`,
      value: `p50 / p99 ${ms(auction.p50Ms)} / ${ms(auction.p99Ms)} = ${auction.p99Ratio.toFixed(2)} × transfers' p99 (max ${ms(auction.maxMs)}; ${auction.accepted} held)${auction.booksBalance ? '' : ', BOOKS BROKEN'}`,
      target: 'p99 ≤ 100 ms',
      reference: `the same 30 transferring at once, p50 / p99 ${ms(auction.transfer.p50Ms)} / ${ms(auction.transfer.p99Ms)}`,
      met: auction.p99Ms <= 100 && auction.booksBalance,
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
  if (growth) rows.push(...growthRows(growth));
  const runs = [pg1000, pgDemo, lite].filter((r): r is BankRun => r !== null);
  for (const run of runs)
    rows.push({
      what: `books after the ${run.database} ${run.scenario} load`,
      value: run.booksBalance
        ? `balance (${run.booksChecks} checks; ${run.booksAfter.transactions - run.booksBefore.transactions} rows written; ${run.refused} refused, ${run.errors} errors)`
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
    `${JSON.stringify({ date: new Date().toISOString(), machine, loadAtEnd: os.loadavg(), seconds, rounds, pgbench: pgbenchCommand(sliceSeconds), runs, growth, paging, payday, burst, auction, startup: start, rows }, withoutLatencyLists, 2)}\n`,
  );
  console.log(`\nreport: ${path.relative(process.cwd(), reportFile)}`);
  if (growthError) {
    console.error('the posting growth failed: this run FAILS', growthError);
    process.exit(1);
  }
  if (
    runs.some((r) => !r.booksBalance) ||
    payday?.booksBalance === false ||
    burst?.booksBalance === false ||
    auction?.booksBalance === false ||
    growth?.booksBalance === false
  ) {
    console.error('the books do not balance after the load: this run FAILS');
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
