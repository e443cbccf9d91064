/**
 * A class payday of 1,000 deposits (POST /teller/batches, API.md "Classroom tools") through the
 * whole app (routing, auth, validation, the database transaction, the answer) on a scratch
 * PostgreSQL database: the median of a few runs over the same 1,000 accounts. Part of
 * `npm run bench` (run.ts); BENCH_PAYDAY_RUNS sets the number of runs (default 7).
 */
import { performance } from 'node:perf_hooks';
import type { Database } from '../src/db/client.js';
import { createSession } from '../src/domain/auth/sessions.js';
import { verifyLedger } from '../src/domain/ledger/index.js';
import { seedClass } from './class-seed.js';
import { withScratchApp } from './scratch-app.js';

const ITEMS = 1000;
const RUNS = Number(process.env.BENCH_PAYDAY_RUNS ?? 7);

/** A bank with a teller and one class: 1,000 students' checking accounts. */
async function seed(db: Database) {
  const { staffId, students } = await seedClass(db, {
    bank: 'Payday Bank',
    size: ITEMS,
    prefix: 'pupil',
    firstAccount: 2_000_000_000,
    staff: { username: 'payday-teller', role: 'TELLER', ofClass: false },
  });
  return { tellerId: staffId, numbers: students.map((s) => s.checking) };
}

export interface PaydayFigures {
  items: number;
  runs: number;
  p50Ms: number;
  minMs: number;
  maxMs: number;
  booksBalance: boolean;
}

export function paydayBench(adminUrl: string): Promise<PaydayFigures> {
  return withScratchApp(adminUrl, 'bank_payday', async (app, db) => {
    const { tellerId, numbers } = await seed(db);
    const token = await createSession(db, tellerId, 3600);
    const body = JSON.stringify({
      kind: 'deposit',
      memo: 'Class payday',
      items: numbers.map((accountId, i) => ({ accountId, amount: 5 + (i % 10) })),
    });
    const pay = async () => {
      const start = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/teller/batches',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: body,
      });
      if (res.statusCode !== 201)
        throw new Error(`payday answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      return performance.now() - start;
    };
    await pay(); // warm-up: the first request compiles schemas and fills caches
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push(await pay());
    times.sort((a, b) => a - b);
    const problems = await verifyLedger(db);
    return {
      items: ITEMS,
      runs: RUNS,
      p50Ms: times[Math.floor(times.length / 2)]!,
      minMs: times[0]!,
      maxMs: times[times.length - 1]!,
      booksBalance: problems.length === 0,
    };
  });
}
