import { beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { messages } from '@bank/shared';
import { queryRows } from '../src/db/client.js';
import { accounts } from '../src/db/schema.js';
import { LOCK_KEYS } from '../src/db/locks.js';
import { verifyLedger } from '../src/domain/ledger/index.js';
import { postTransactions } from '../src/domain/ledger/posting/index.js';
import { call, databaseKind, otherConnection, useTestApp } from './harness.js';
import { insertAccount, seedTwoBanks } from './fixtures.js';
import { seededRandom } from './seeded-random.js';

/**
 * Many requests at once through the real app. On PostgreSQL they really interleave (a pool of
 * connections, row locks, deadlock detection); on PGlite the one connection serialises them.
 * After each run the ledger's rules are checked against the database.
 */

const t = useTestApp();
let banks: Awaited<ReturnType<typeof seedTwoBanks>>;
beforeEach(async () => {
  banks = await seedTwoBanks(t.db);
});

async function balanceOf(accountNumber: string): Promise<number> {
  const [row] = await t.db
    .select({ b: accounts.balanceCents })
    .from(accounts)
    .where(eq(accounts.accountNumber, accountNumber));
  return row!.b;
}

async function fund(accountNumber: string, amount: number) {
  const res = await call(t.app, 'POST', '/teller/deposits', {
    token: banks.one.tokens.admin,
    body: { accountId: accountNumber, amount },
  });
  expect(res.status).toBe(201);
}

/** Σ balances of a bank, and Σ of its live single legs (deposits, withdrawals, created ones): transfers only move money. */
async function bankTotals(bankId: number) {
  const [row] = await queryRows<{ balances: number; outside: number }>(
    t.db,
    sql`select
          (select coalesce(sum(balance_cents), 0)::bigint from accounts where bank_id = ${bankId}) as balances,
          (select coalesce(sum(case when t.type = 'credit' then t.amount_cents else -t.amount_cents end), 0)::bigint
             from transactions t join accounts a on a.account_number = t.account_number
            where a.bank_id = ${bankId} and t.deleted_at is null and t.transfer_id is null) as outside`,
  );
  return row!;
}

describe('concurrent money movements', () => {
  it('50 concurrent transfers out of one account: exactly the affordable ones succeed, the rest are 409', async () => {
    const { one } = banks;
    const savings = await insertAccount(t.db, {
      userId: one.student.id,
      bankId: one.bankId,
      branchId: one.main.id,
      type: 'SAVINGS',
    });
    const third = await insertAccount(t.db, {
      userId: one.student.id,
      bankId: one.bankId,
      branchId: one.main.id,
    });
    await fund(one.checking.accountNumber, 100);
    const targets = [savings.accountNumber, third.accountNumber];
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(t.app, 'POST', '/user/transfers', {
          token: one.tokens.student,
          body: { fromAccountId: one.checking.accountNumber, toAccountId: targets[i % 2], amount: 7 },
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(14);
    expect(statuses.filter((s) => s === 409)).toHaveLength(36);
    for (const r of results.filter((x) => x.status === 409))
      expect(r.body.message).toBe(messages.insufficientFunds);
    expect(await balanceOf(one.checking.accountNumber)).toBe(200);
    expect((await balanceOf(savings.accountNumber)) + (await balanceOf(third.accountNumber))).toBe(9800);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('concurrent requests with one Idempotency-Key move the money once and all get the first answer', async () => {
    const { one } = banks;
    await fund(one.checking.accountNumber, 100);
    const body = {
      fromAccountId: one.checking.accountNumber,
      toAccountId: one.otherChecking.accountNumber,
      amount: 60,
    };
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        call(t.app, 'POST', '/user/transfers', {
          token: one.tokens.admin,
          headers: { 'idempotency-key': 'once' },
          body,
        }),
      ),
    );
    for (const r of results) {
      expect(r.status).toBe(201);
      expect(r.body).toEqual(results[0]!.body);
    }
    expect(await balanceOf(one.checking.accountNumber)).toBe(4000);
    expect(await balanceOf(one.otherChecking.accountNumber)).toBe(6000);
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(distinct transfer_id)::int as n from transactions where transfer_id is not null`,
    );
    expect(row!.n).toBe(1);
  });

  it('Jepsen-style: random clients moving money among many accounts never lose or create any', async () => {
    const { one } = banks;
    const owners = [one.student, one.otherStudent];
    const accountNumbers = [one.checking.accountNumber, one.otherChecking.accountNumber];
    for (let i = 0; i < 6; i++) {
      const owner = owners[i % 2]!;
      const acct = await insertAccount(t.db, {
        userId: owner.id,
        bankId: one.bankId,
        branchId: owner.branchId!,
        type: i % 3 ? 'CHECKING' : 'SAVINGS',
      });
      accountNumbers.push(acct.accountNumber);
    }
    const rand = seededRandom(20261121);
    const pick = () => accountNumbers[Math.floor(rand() * accountNumbers.length)]!;
    const amount = () => (Math.floor(rand() * 5000) + 1) / 100;
    let depositedCents = 0;
    let withdrawnCents = 0;
    let transfers = 0;
    for (const acct of accountNumbers) {
      await fund(acct, 50);
      depositedCents += 5000;
    }
    const tokens = [one.tokens.admin, one.tokens.teller];
    const CLIENTS = 8;
    const OPS = 25;
    const counts = { 201: 0, 409: 0 } as Record<number, number>;
    const client = async (c: number) => {
      for (let op = 0; op < OPS; op++) {
        const token = tokens[(c + op) % 2]!;
        const roll = rand();
        const key = `c${c}-op${op}`;
        const headers = { 'idempotency-key': key };
        let path: string;
        let body: Record<string, unknown>;
        if (roll < 0.55) {
          const from = pick();
          let to = pick();
          while (to === from) to = pick();
          path = '/user/transfers';
          body = { fromAccountId: from, toAccountId: to, amount: amount() };
        } else if (roll < 0.75) {
          path = '/teller/deposits';
          body = { accountId: pick(), amount: amount() };
        } else if (roll < 0.95) {
          path = '/teller/withdrawals';
          body = { accountId: pick(), amount: amount() };
        } else {
          const res = await call(t.app, 'POST', '/admin/transactions/post', { token: one.tokens.admin });
          expect(res.status).toBe(200);
          continue;
        }
        // Sometimes the client "times out" and sends the same request again at once.
        const copies = rand() < 0.2 ? 2 : 1;
        const answers = await Promise.all(
          Array.from({ length: copies }, () => call(t.app, 'POST', path, { token, headers, body })),
        );
        const first = answers[0]!;
        for (const a of answers) {
          expect([201, 409]).toContain(a.status);
          if (a.status === 201 && first.status === 201) expect(a.body).toEqual(first.body);
        }
        const succeeded = answers.find((a) => a.status === 201);
        counts[succeeded ? 201 : 409]!++;
        if (!succeeded) continue;
        const cents = Math.round((body.amount as number) * 100);
        if (path === '/teller/deposits') depositedCents += cents;
        else if (path === '/teller/withdrawals') withdrawnCents += cents;
        else transfers++;
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
    expect(counts[201]! + counts[409]!).toBeGreaterThan(CLIENTS * OPS * 0.9);
    expect(counts[201]).toBeGreaterThan(0);
    expect(await verifyLedger(t.db)).toEqual([]);
    const totals = await bankTotals(one.bankId);
    expect(totals.balances).toBe(depositedCents - withdrawnCents);
    expect(totals.outside).toBe(depositedCents - withdrawnCents);
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(distinct transfer_id)::int as n from transactions where transfer_id is not null`,
    );
    expect(row!.n).toBe(transfers);
    // Everything posted at the end still adds up.
    await postTransactions(t.db, { now: new Date(Date.now() + 2 * 86_400_000) });
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('admin edits and deletes racing transfers and posting keep every balance and running balance true', async () => {
    const { one } = banks;
    const accountNumbers = [one.checking.accountNumber, one.otherChecking.accountNumber];
    for (let i = 0; i < 3; i++) {
      accountNumbers.push(
        (await insertAccount(t.db, { userId: one.student.id, bankId: one.bankId, branchId: one.main.id }))
          .accountNumber,
      );
    }
    for (const acct of accountNumbers) await fund(acct, 100);
    const rand = seededRandom(7);
    const pick = () => accountNumbers[Math.floor(rand() * accountNumbers.length)]!;
    const transferIds: number[] = [];
    const corrections: Record<number, number> = {};
    const mover = async () => {
      for (let i = 0; i < 20; i++) {
        const from = pick();
        let to = pick();
        while (to === from) to = pick();
        const res = await call(t.app, 'POST', '/user/transfers', {
          token: one.tokens.admin,
          body: { fromAccountId: from, toAccountId: to, amount: (Math.floor(rand() * 3000) + 100) / 100 },
        });
        expect([201, 409]).toContain(res.status);
        if (res.status === 201) transferIds.push(rand() < 0.5 ? res.body.debit.id : res.body.credit.id);
      }
    };
    const corrector = async () => {
      for (let i = 0; i < 20; i++) {
        const id = transferIds[Math.floor(rand() * transferIds.length)];
        if (id === undefined) {
          await new Promise((resolve) => setTimeout(resolve, 5));
          continue;
        }
        const res =
          rand() < 0.3
            ? await call(t.app, 'DELETE', `/admin/transactions/${id}/delete`, { token: one.tokens.admin })
            : await call(t.app, 'PUT', '/admin/transactions/update', {
                token: one.tokens.admin,
                body: {
                  id,
                  description: `Edit ${i}`,
                  transactionDate: new Date(Date.now() - 60_000).toISOString(),
                  amount: (Math.floor(rand() * 5000) + 100) / 100,
                },
              });
        expect([200, 204, 404, 409]).toContain(res.status);
        corrections[res.status] = (corrections[res.status] ?? 0) + 1;
      }
    };
    const poster = async () => {
      for (let i = 0; i < 6; i++) {
        await postTransactions(t.db, { now: new Date() });
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    await Promise.all([mover(), mover(), corrector(), corrector(), poster()]);
    expect((corrections[200] ?? 0) + (corrections[204] ?? 0)).toBeGreaterThan(5);
    expect(await verifyLedger(t.db)).toEqual([]);
    const totals = await bankTotals(one.bankId);
    expect(totals.balances).toBe(totals.outside);
    expect(totals.balances).toBe(accountNumbers.length * 10_000);
    for (const acct of accountNumbers) expect(await balanceOf(acct)).toBeGreaterThanOrEqual(0);
  });
});

describe.skipIf(databaseKind === 'pglite')('posting lock across processes (PostgreSQL)', () => {
  it('a run leaves the work to the process that holds the lock; the admin call waits for it', async () => {
    const { one } = banks;
    await fund(one.checking.accountNumber, 5);
    const other = await otherConnection(t.db);
    try {
      await other.query('begin');
      await other.query('select pg_advisory_xact_lock($1)', [LOCK_KEYS.posting]);
      expect(await postTransactions(t.db, { now: new Date(Date.now() + 2 * 86_400_000) })).toEqual({
        posted: 0,
        skipped: true,
      });
      const waiting = call(t.app, 'POST', '/admin/transactions/post', { token: one.tokens.admin });
      await new Promise((resolve) => setTimeout(resolve, 200));
      await other.query('commit');
      expect((await waiting).body).toEqual({ posted: 1 });
    } finally {
      await other.end();
    }
  });
});
