/**
 * A class of 30 acting at the same instant (issue 34): every Student orders from the store at
 * once, a burst after a burst, and beside each burst the same 30 send a transfer between their own
 * accounts at once: the bank's everyday money-moving call, the reference measured in the same run
 * on the same busy machine. Both go through HTTP to the whole app (routing, auth, validation, the
 * database transaction, the answer) on a scratch PostgreSQL database; the client shares the
 * server's process, so it handicaps both alike. Part of `npm run bench` (run.ts).
 * BENCH_BURSTS sets the number of bursts of each (default 20: 600 answers each).
 */
import { buildApp } from '../src/app.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { createSession } from '../src/domain/auth/sessions.js';
import { verifyLedger } from '../src/domain/ledger/index.js';
import { testConfigFor } from './config.js';
import { seedClass } from './class-seed.js';
import { figures, httpPoster, type Timed, type TimedFigures } from './burst-http.js';
import { scratchPostgres } from './scratch.js';

const CLASS_SIZE = 30;
const BURSTS = Number(process.env.BENCH_BURSTS ?? 20);
/** Enough for every burst of both kinds at 1.00 each. */
const FUNDS = 2 * BURSTS + 10;

interface Student {
  token: string;
  checking: string;
  savings: string;
}

/** A bank with an admin and one class of 30, each with a checking account (funded) and a savings one. */
async function seed(db: Database) {
  const { staffId, students } = await seedClass(db, {
    bank: 'Class Bank',
    size: CLASS_SIZE,
    prefix: 'pupil',
    firstAccount: 3_000_000_000,
    staff: { username: 'burst-admin', role: 'ADMIN', ofClass: false },
    savings: true,
    openingCents: FUNDS * 100,
  });
  return {
    adminToken: await createSession(db, staffId, 3600),
    students: await Promise.all(
      students.map(async (s): Promise<Student> => ({
        token: await createSession(db, s.id, 3600),
        checking: s.checking,
        savings: s.savings!,
      })),
    ),
  };
}

export interface BurstFigures {
  classSize: number;
  bursts: number;
  order: TimedFigures;
  transfer: TimedFigures;
  /** The orders' p99 over the transfers' p99, both measured in this run. */
  p99Ratio: number;
  booksBalance: boolean;
}

export async function classBurstBench(adminUrl: string): Promise<BurstFigures> {
  const scratch = await scratchPostgres(adminUrl, 'bank_burst');
  const handle = await openDatabase({ databaseUrl: scratch.url });
  const app = await buildApp({
    config: { ...testConfigFor(process.env), logLevel: 'silent' },
    db: handle.db,
  });
  try {
    const { adminToken, students } = await seed(handle.db);
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const post = httpPoster(base);
    const item = await fetch(`${base}/api/teller/items`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      // Stock and a per-student limit, so every order takes the whole path: the Student's row, the
      // account, then one from the stock (domain/store/place-order.ts); neither runs out here.
      body: JSON.stringify({
        name: 'Homework pass',
        price: 1,
        stock: CLASS_SIZE * (BURSTS + 1),
        perStudentLimit: BURSTS + 1,
        branchId: null,
      }),
    });
    if (item.status !== 201) throw new Error(`the item answered ${item.status}`);
    const { itemId } = (await item.json()) as { itemId: number };
    const orderBurst = () =>
      Promise.all(students.map((s) => post(s.token, '/user/orders', { itemId, accountId: s.checking })));
    const transferBurst = () =>
      Promise.all(
        students.map((s) =>
          post(s.token, '/user/transfers', { fromAccountId: s.checking, toAccountId: s.savings, amount: 1 }),
        ),
      );
    // Warm-up of both (schemas compiled, pool filled), not counted.
    await orderBurst();
    await transferBurst();
    const orders: Timed[] = [];
    const transfers: Timed[] = [];
    for (let b = 0; b < BURSTS; b++) {
      // Which goes first alternates, so neither always meets the other's leftovers.
      if (b % 2 === 0) orders.push(...(await orderBurst()));
      transfers.push(...(await transferBurst()));
      if (b % 2 === 1) orders.push(...(await orderBurst()));
    }
    const order = figures(orders);
    const transfer = figures(transfers);
    const problems = await verifyLedger(handle.db);
    return {
      classSize: CLASS_SIZE,
      bursts: BURSTS,
      order,
      transfer,
      p99Ratio: order.p99Ms / transfer.p99Ms,
      booksBalance: problems.length === 0,
    };
  } finally {
    await app.close();
    await handle.close();
    await scratch.drop();
  }
}
