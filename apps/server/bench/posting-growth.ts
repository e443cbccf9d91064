/**
 * How posting's cost grows: the bank's posting run over 10,000, 100,000 and 1,000,000 due pending
 * rows, one size after the other on one bank of 1,000 accounts (so each run also starts on the
 * posted history of the ones before), each timed while a light load of transfers runs beside it,
 * whose p50 and p99 are reported. The rows are written straight into the tables by one statement
 * (serve.ts, `pending`), on the bench's own scratch database. Linear posting shows as a steady
 * cost per row; anything that reads an account's history at every step shows as a cost per row
 * growing with the size. Part of `npm run bench` (run.ts); BENCH_POSTING_SIZES (e.g. 10000,100000
 * for a quick run) chooses the sizes.
 */
import { percentile, signIn, transferLoad } from './load.js';
import {
  startServer,
  stopServer,
  whenReady,
  type BankBooks as Books,
  type BenchServer,
  type WorkDone,
} from './bank-server.js';
import { scratchPostgres } from './scratch.js';

/** The light load beside each run: a few clients, each pausing between its transfers. */
const LIGHT = { clients: 4, pauseMs: 20 };
export const LIGHT_LOAD = `${LIGHT.clients} clients pausing ${LIGHT.pauseMs} ms`;
/** The longest a run is given (s): a run that takes longer is reported as not finished. */
const LONGEST_SECONDS = 1800;

export interface GrowthRun {
  rows: number;
  posted: number;
  seconds: number;
  usPerRow: number;
  /** Rows already posted when the run began (the earlier sizes). */
  historyRows: number;
  setupSeconds: number;
  light: { transfers: number; perSecond: number; p50Ms: number; p99Ms: number; errors: number };
}

export interface GrowthFigures {
  accounts: number;
  runs: GrowthRun[];
  booksBalance: boolean;
  problems: string[];
}

export const defaultGrowthSizes = [10_000, 100_000, 1_000_000];

export async function postingGrowthBench(
  adminUrl: string,
  sizes: number[],
  log: (line: string) => void,
): Promise<GrowthFigures> {
  const scratch = await scratchPostgres(adminUrl, 'bench_growth');
  let server: BenchServer | null = null;
  try {
    server = startServer({
      BENCH_SCENARIO: 'accounts',
      BENCH_ACCOUNTS: '1000',
      DATABASE_URL: scratch.url,
    });
    const ready = await whenReady(server);
    const token = await signIn(ready.port, ready.username, ready.password);
    const runs: GrowthRun[] = [];
    let historyRows = ready.before.transactions;
    for (const rows of sizes) {
      log(`posting growth: writing ${rows.toLocaleString('en-US')} due pending rows…`);
      const written = (await server.send<WorkDone<{ rows: number }>>(`pending ${rows}`, 'PENDING'))!;
      if (written.error) throw new Error(`writing ${rows} rows failed: ${written.error}`);
      log(`posting growth: posting them beside a light load…`);
      const posting = server.send<WorkDone<{ posted: number } | null>>(`post ${Date.now()}`, 'POSTED');
      const load = await transferLoad({
        port: ready.port,
        token,
        accounts: ready.accounts,
        clients: LIGHT.clients,
        pauseMs: LIGHT.pauseMs,
        seconds: LONGEST_SECONDS,
        warmupSeconds: 0,
        amount: 0.01,
        until: posting,
      });
      const done = (await posting)!;
      if (done.error) throw new Error(`posting ${rows} rows failed: ${done.error}`);
      const seconds = (done.endedAt - done.startedAt) / 1000;
      const sorted = [...load.latencies].sort((a, b) => a - b);
      const total = Object.values(load.statuses).reduce((a, b) => a + b, 0);
      runs.push({
        rows: written.result!.rows,
        posted: done.result?.posted ?? 0,
        seconds,
        usPerRow: (seconds * 1e6) / Math.max(1, done.result?.posted ?? 0),
        historyRows,
        setupSeconds: (written.endedAt - written.startedAt) / 1000,
        light: {
          transfers: sorted.length,
          perSecond: sorted.length / Math.max(0.001, (load.countedTo - load.countedFrom) / 1000),
          p50Ms: percentile(sorted, 50),
          p99Ms: percentile(sorted, 99),
          errors: total - sorted.length,
        },
      });
      const run = runs.at(-1)!;
      log(
        `posting growth: ${run.posted} rows in ${run.seconds.toFixed(1)} s (${run.usPerRow.toFixed(0)} µs a row), ` +
          `light load p50 / p99 ${run.light.p50Ms.toFixed(1)} / ${run.light.p99Ms.toFixed(1)} ms`,
      );
      historyRows += written.result!.rows;
    }
    const books = (await server.send<Books>('check', 'BOOKS'))!;
    await stopServer(server);
    return {
      accounts: ready.accounts.length,
      runs,
      booksBalance: books.problems.length === 0 && books.totalCents === ready.before.totalCents,
      problems: books.problems.slice(0, 5),
    };
  } finally {
    if (server?.child.exitCode === null) server.child.kill();
    await scratch.drop();
  }
}
