import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { accounts } from '../src/db/schema.js';
import { verifyLedger } from '../src/domain/ledger/index.js';
import { call, useTestApp } from './harness.js';
import { nextAccountNumber, seedTwoBanks, type SeededBank } from './fixtures.js';

/**
 * Paydays, transfers and single movements at once on the same accounts. On PostgreSQL they really
 * interleave (row locks in ascending account order, retries after a deadlock); on PGlite the one
 * connection serialises them. Either way the books must hold: every balance is Σ credits − Σ debits,
 * and the bank's total moved by exactly the accepted deposits and withdrawals.
 */

const t = useTestApp();
let one: SeededBank;
let numbers: string[];
beforeEach(async () => {
  ({ one } = await seedTwoBanks(t.db));
  const rows = await t.db
    .insert(accounts)
    .values(
      Array.from({ length: 12 }, (_, i) => ({
        accountNumber: nextAccountNumber(),
        userId: i % 2 === 0 ? one.student.id : one.otherStudent.id,
        bankId: one.bankId,
        branchId: i % 2 === 0 ? one.main.id : one.north.id,
        type: 'CHECKING' as const,
      })),
    )
    .returning({ n: accounts.accountNumber });
  numbers = rows.map((row) => row.n);
});

const bankTotal = async () =>
  Number(
    (
      await queryRows<{ total: string }>(
        t.db,
        sql`select coalesce(sum(balance_cents), 0)::text as total from accounts where bank_id = ${one.bankId}`,
      )
    )[0]!.total,
  );

describe('concurrent paydays and transfers', () => {
  it('keep the books: every balance adds up and the total moved only by accepted paydays', async () => {
    const funded = await call(t.app, 'POST', '/teller/batches', {
      token: one.tokens.admin,
      body: { kind: 'deposit', items: numbers.map((accountId) => ({ accountId, amount: 20 })) },
    });
    expect(funded.status).toBe(201);
    const start = await bankTotal();

    // Paydays over overlapping accounts in different item orders, withdrawals big enough that some
    // are refused as the balances move; transfers between the same accounts in both directions.
    const paydays = Array.from({ length: 8 }, (_, p) => {
      const kind = p % 2 === 0 ? 'deposit' : 'withdrawal';
      const chosen = numbers.filter((_, i) => (i + p) % 3 !== 0);
      const ordered = p % 4 < 2 ? chosen : [...chosen].reverse();
      return {
        kind,
        memo: `Round ${p}`,
        items: ordered.map((accountId, i) => ({ accountId, amount: kind === 'deposit' ? 3 : 6 + (i % 4) })),
      };
    });
    const transfers = Array.from({ length: 24 }, (_, i) => ({
      fromAccountId: numbers[i % numbers.length]!,
      toAccountId: numbers[(i * 5 + 1) % numbers.length]!,
      amount: 4 + (i % 3),
    })).filter((tr) => tr.fromAccountId !== tr.toAccountId);
    const answers = await Promise.all([
      ...paydays.map((body) => call(t.app, 'POST', '/teller/batches', { token: one.tokens.teller, body })),
      ...transfers.map((body) => call(t.app, 'POST', '/user/transfers', { token: one.tokens.admin, body })),
    ]);

    for (const answer of answers) expect([201, 409], JSON.stringify(answer.body)).toContain(answer.status);
    const accepted = answers.slice(0, paydays.length).filter((a) => a.status === 201);
    expect(accepted.length).toBeGreaterThan(0);
    const moved = accepted.reduce(
      (sum, a) => sum + Math.round(a.body.total * 100) * (a.body.kind === 'deposit' ? 1 : -1),
      0,
    );
    expect(await bankTotal()).toBe(start + moved);
    expect(await verifyLedger(t.db)).toEqual([]);
    // A refused payday wrote nothing: only accepted batches exist, each with its rows.
    const [batches] = await queryRows<{ n: number; rows: number }>(
      t.db,
      sql`select (select count(*)::int from batches) as n,
                 (select count(*)::int from transactions where batch_id is not null) as rows`,
    );
    const acceptedRows = accepted.reduce((sum, a) => sum + a.body.count, 0) + numbers.length;
    expect(batches).toEqual({ n: accepted.length + 1, rows: acceptedRows });
  });
});
